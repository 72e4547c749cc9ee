import BundledModules
import RootAppCLI

RootApp(
    registry: BundledModules.registry, services: BundledModules.services,
    manifestsHint: "Manifests bundled with the app are in RootApp/Manifests/."
).main()
