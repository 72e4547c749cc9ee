import BenefitApp
import RootAppCLI

RootApp(name: "benefitapp", registry: BenefitApp.registry, services: BenefitApp.services).main()
