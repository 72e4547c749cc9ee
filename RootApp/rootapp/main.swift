import BundledModules
import RootAppCLI

RootApp(registry: BundledModules.registry, manifestsHint: "Manifests bundled with the app are in RootApp/Manifests/.").main()
