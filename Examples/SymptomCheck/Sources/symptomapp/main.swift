import RootAppCLI
import SymptomApp

RootApp(name: "symptomapp", registry: SymptomApp.registry, services: SymptomApp.services).main()
