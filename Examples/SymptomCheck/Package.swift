// swift-tools-version: 6.0
//
// A team's own package on Stepflow: one new feature module (a symptom
// check before the test), an app that mixes it with the bundled modules,
// and that app's own `rootapp`-style executable, `symptomapp`.

import PackageDescription

let package = Package(
    name: "SymptomCheck",
    products: [
        .library(name: "SymptomCheck", targets: ["SymptomCheck"]),
        .executable(name: "symptomapp", targets: ["symptomapp"]),
    ],
    dependencies: [
        // In your own package: .package(url: "https://…/stepflow.git", from: "0.2.0")
        .package(name: "Stepflow", path: "../..")
    ],
    targets: [
        // The module: imports Stepflow only; its steps and screens stay internal.
        .target(name: "SymptomCheck", dependencies: [.product(name: "Stepflow", package: "Stepflow")]),
        // The app: which modules, and the services it gives them.
        .target(
            name: "SymptomApp",
            dependencies: [
                "SymptomCheck",
                .product(name: "Stepflow", package: "Stepflow"),
                .product(name: "StepflowManifest", package: "Stepflow"),
                .product(name: "BundledModules", package: "Stepflow"),
            ]
        ),
        // The app's command-line tool: every rootapp command over its modules.
        .executableTarget(
            name: "symptomapp",
            dependencies: ["SymptomApp", .product(name: "RootAppCLI", package: "Stepflow")]
        ),
        .testTarget(
            name: "SymptomCheckTests",
            dependencies: [
                "SymptomCheck", "SymptomApp",
                .product(name: "Stepflow", package: "Stepflow"),
                .product(name: "StepflowManifest", package: "Stepflow"),
                .product(name: "StepflowTesting", package: "Stepflow"),
                .product(name: "StepflowScripts", package: "Stepflow"),
                .product(name: "StepflowGraph", package: "Stepflow"),
                .product(name: "StepflowPresentation", package: "Stepflow"),
                .product(name: "StepflowUIKit", package: "Stepflow"),
                .product(name: "RootAppCLI", package: "Stepflow"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
