// swift-tools-version: 6.0
//
// Stepflow: a Dispatch-based navigation engine in the style of RxFlow.
// No package dependencies: the toolchain only (Swift, Dispatch, the C library).

import PackageDescription

let package = Package(
    name: "Stepflow",
    products: [
        .library(name: "Stepflow", targets: ["Stepflow"]),
        .library(name: "StepflowTesting", targets: ["StepflowTesting"]),
        .library(name: "StepflowManifest", targets: ["StepflowManifest"]),
        .library(name: "StepflowGraph", targets: ["StepflowGraph"]),
        .executable(name: "stepflow-bench", targets: ["StepflowBench"]),
        .executable(name: "rootapp", targets: ["rootapp"]),
    ],
    targets: [
        // The engine: steps, steppers, flows, screens, the coordinator.
        // Dispatch and the C library only; no Foundation.
        .target(name: "Stepflow"),
        // Manifests: JSON with locations, the schema and its validation,
        // the module registry, and the RootFlow that composes a variant.
        .target(name: "StepflowManifest", dependencies: ["Stepflow"]),
        // Exploration of a variant into a navigation graph; analyses;
        // DOT, Mermaid, JSON and trace exporters.
        .target(name: "StepflowGraph", dependencies: ["Stepflow", "StepflowManifest"]),
        // Feature modules: each imports Stepflow only.
        .target(name: "Onboarding", dependencies: ["Stepflow"], path: "Modules/Onboarding"),
        .target(name: "PatientIntake", dependencies: ["Stepflow"], path: "Modules/PatientIntake"),
        .target(name: "Procedure", dependencies: ["Stepflow"], path: "Modules/Procedure"),
        .target(name: "Results", dependencies: ["Stepflow"], path: "Modules/Results"),
        .target(name: "Support", dependencies: ["Stepflow"], path: "Modules/Support"),
        // The modules this app bundles.
        .target(
            name: "BundledModules",
            dependencies: ["Stepflow", "StepflowManifest", "Onboarding", "PatientIntake", "Procedure", "Results", "Support"],
            path: "RootApp/BundledModules"
        ),
        // Helpers for testing flows: a recording navigator, an event log.
        .target(name: "StepflowTesting", dependencies: ["Stepflow"]),
        // rootapp: the CLI. Its commands live in a library so tests run
        // them in-process; the executable only connects the terminal.
        .target(
            name: "RootAppCLI",
            dependencies: ["Stepflow", "StepflowManifest", "StepflowGraph", "BundledModules"],
            path: "RootApp/RootAppCLI"
        ),
        .executableTarget(name: "rootapp", dependencies: ["RootAppCLI", "Stepflow"], path: "RootApp/rootapp"),
        // Release-mode benchmarks, each against a baseline run beside it.
        .executableTarget(name: "StepflowBench", dependencies: ["StepflowGraph", "StepflowManifest", "BundledModules"], path: "Benchmarks/StepflowBench"),
        // For the test targets: the bundled manifests and scripts.
        .target(name: "BundledFixtures", dependencies: ["StepflowManifest", "BundledModules"], path: "Tests/BundledFixtures"),
        .testTarget(name: "StepflowTests", dependencies: ["Stepflow", "StepflowTesting"]),
        .testTarget(
            name: "ModulesTests",
            dependencies: ["Stepflow", "StepflowTesting", "StepflowManifest", "BundledModules", "Onboarding", "PatientIntake", "Procedure", "Results", "Support"]
        ),
        .testTarget(
            name: "StepflowGraphTests",
            dependencies: ["Stepflow", "StepflowTesting", "StepflowManifest", "StepflowGraph", "BundledModules", "BundledFixtures"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "RootAppTests",
            dependencies: ["RootAppCLI", "rootapp", "Stepflow", "StepflowTesting", "StepflowManifest", "StepflowGraph", "BundledModules", "BundledFixtures"],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "StepflowManifestTests",
            dependencies: ["Stepflow", "StepflowTesting", "StepflowManifest", "BundledModules", "BundledFixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The same upcoming-feature flags on every target (swift-log does this too).
for target in package.targets {
    target.swiftSettings = (target.swiftSettings ?? []) + [
        .enableUpcomingFeature("ExistentialAny"),
        .enableUpcomingFeature("MemberImportVisibility"),
        .enableUpcomingFeature("InternalImportsByDefault"),
    ]
}
