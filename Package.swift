// swift-tools-version: 6.0
//
// Stepflow: a Dispatch-based navigation engine in the style of RxFlow.
// No package dependencies: the toolchain only (Swift, Dispatch, the C library).

import PackageDescription

let package = Package(
    name: "Stepflow",
    products: [
        // The engine and its tools, for any app.
        .library(name: "Stepflow", targets: ["Stepflow"]),
        .library(name: "StepflowManifest", targets: ["StepflowManifest"]),
        .library(name: "StepflowGraph", targets: ["StepflowGraph"]),
        .library(name: "StepflowTesting", targets: ["StepflowTesting"]),
        // What modules share, written once: kits a module may depend on
        // beside Stepflow ("save and come back later").
        .library(name: "StepflowKits", targets: ["StepflowKits"]),
        .library(name: "StepflowScripts", targets: ["StepflowScripts"]),
        // What a UI toolkit presents, as a function of the engine's state,
        // and the batched update per render: toolkit-free.
        .library(name: "StepflowPresentation", targets: ["StepflowPresentation"]),
        // Adapters: nearly all of their code compiles and is tested here; the
        // few lines naming UIKit or SwiftUI build on Apple platforms only.
        .library(name: "StepflowUIKit", targets: ["StepflowUIKit"]),
        .library(name: "StepflowSwiftUI", targets: ["StepflowSwiftUI"]),
        // The command-line tool as a library: `RootApp(modules: …).main()`
        // is a whole executable over a team's own modules.
        .library(name: "RootAppCLI", targets: ["RootAppCLI"]),
        // The rapid-test family's feature modules: each on its own, or all
        // of them with one registry.
        .library(name: "Onboarding", targets: ["Onboarding"]),
        .library(name: "PatientIntake", targets: ["PatientIntake"]),
        .library(name: "Procedure", targets: ["Procedure"]),
        .library(name: "Results", targets: ["Results"]),
        .library(name: "Support", targets: ["Support"]),
        .library(name: "ClinicHome", targets: ["ClinicHome"]),
        .library(name: "BundledModules", targets: ["BundledModules"]),
        .executable(name: "rootapp", targets: ["rootapp"]),
        .executable(name: "stepflow-bench", targets: ["StepflowBench"]),
    ],
    targets: [
        // The one file that names the C library (Glibc, Musl or Darwin).
        .target(name: "StepflowPlatform"),
        // Two atomic operations on a pointer word, in C: a stepper's relay
        // publishes its connection once and emits without a lock after.
        .target(name: "StepflowAtomics"),
        // The engine: steps, steppers, flows, screens, the coordinator.
        // Dispatch, the C library and the atomics above; no Foundation.
        .target(name: "Stepflow", dependencies: ["StepflowAtomics"]),
        // Manifests: JSON with locations, the schema and its validation,
        // the module registry, and the RootFlow that composes a variant.
        .target(name: "StepflowManifest", dependencies: ["Stepflow", "StepflowPlatform"]),
        .target(name: "StepflowPresentation", dependencies: ["Stepflow"]),
        .target(name: "StepflowUIKit", dependencies: ["StepflowPresentation"]),
        .target(name: "StepflowSwiftUI", dependencies: ["Stepflow", "StepflowPresentation"]),
        // Exploration of a variant into a navigation graph; analyses;
        // DOT, Mermaid, JSON and trace exporters.
        .target(name: "StepflowGraph", dependencies: ["Stepflow", "StepflowManifest"]),
        // Acceptance scripts and live sessions of a variant, for the CLI
        // and for a team's own tests.
        .target(
            name: "StepflowScripts",
            dependencies: ["Stepflow", "StepflowManifest", "StepflowGraph", "StepflowPresentation", "StepflowPlatform"]
        ),
        // What a reviewer signs off: the requirements' coverage, the
        // sign-off verdict, the HTML review package and JUnit results.
        .target(
            name: "StepflowReview",
            dependencies: [
                "Stepflow", "StepflowManifest", "StepflowGraph", "StepflowScripts", "StepflowPresentation",
                "StepflowPlatform",
            ]
        ),
        // Kits: screens, texts, options and exits modules share. Stepflow only.
        .target(name: "StepflowKits", dependencies: ["Stepflow"]),
        // Helpers for testing flows: a recording navigator, an event log.
        .target(name: "StepflowTesting", dependencies: ["Stepflow"]),
        // Feature modules: each imports Stepflow only.
        .target(name: "Onboarding", dependencies: ["Stepflow"], path: "Modules/Onboarding"),
        .target(name: "PatientIntake", dependencies: ["Stepflow"], path: "Modules/PatientIntake"),
        .target(name: "Procedure", dependencies: ["Stepflow"], path: "Modules/Procedure"),
        .target(name: "Results", dependencies: ["Stepflow"], path: "Modules/Results"),
        .target(name: "Support", dependencies: ["Stepflow"], path: "Modules/Support"),
        .target(name: "ClinicHome", dependencies: ["Stepflow"], path: "Modules/ClinicHome"),
        // The modules this app family bundles.
        .target(
            name: "BundledModules",
            dependencies: [
                "Stepflow", "StepflowManifest", "Onboarding", "PatientIntake", "Procedure", "Results", "Support",
                "ClinicHome",
            ],
            path: "RootApp/BundledModules"
        ),
        // The CLI's commands, over whatever registry the executable gives.
        .target(
            name: "RootAppCLI",
            dependencies: [
                "Stepflow", "StepflowManifest", "StepflowGraph", "StepflowScripts", "StepflowReview",
                "StepflowPresentation", "StepflowPlatform",
            ],
            path: "RootApp/RootAppCLI"
        ),
        // rootapp: the CLI over the bundled modules.
        .executableTarget(name: "rootapp", dependencies: ["RootAppCLI", "BundledModules"], path: "RootApp/rootapp"),
        // Release-mode benchmarks, each against a baseline run beside it.
        .target(name: "SyntheticVariant", dependencies: ["Stepflow"], path: "Benchmarks/SyntheticVariant"),
        .executableTarget(
            name: "StepflowBench",
            dependencies: [
                "Stepflow", "StepflowGraph", "StepflowManifest", "StepflowScripts", "StepflowTesting", "BundledModules",
                "SyntheticVariant", "StepflowPresentation", "StepflowReview",
            ],
            path: "Benchmarks/StepflowBench"
        ),
        // For the test targets: the bundled manifests and scripts.
        .target(
            name: "BundledFixtures", dependencies: ["StepflowManifest", "BundledModules"], path: "Tests/BundledFixtures"
        ),
        .testTarget(name: "StepflowTests", dependencies: ["Stepflow", "StepflowTesting"]),
        .testTarget(
            name: "StepflowReviewTests",
            dependencies: ["StepflowGraph", "StepflowManifest", "StepflowReview", "BundledModules", "BundledFixtures"]
        ),
        .testTarget(
            name: "StepflowScriptsTests",
            dependencies: [
                "Stepflow", "StepflowGraph", "StepflowManifest", "StepflowScripts", "StepflowPresentation",
                "StepflowReview", "StepflowTesting", "BundledModules", "BundledFixtures", "SyntheticVariant",
            ]
        ),
        .testTarget(
            name: "ModulesTests",
            dependencies: [
                "Stepflow", "StepflowTesting", "StepflowManifest", "StepflowKits", "BundledModules", "Onboarding",
                "PatientIntake", "Procedure", "Results", "Support", "ClinicHome",
            ]
        ),
        .testTarget(
            name: "StepflowGraphTests",
            dependencies: [
                "Stepflow", "StepflowTesting", "StepflowManifest", "StepflowGraph", "StepflowPresentation",
                "StepflowUIKit", "StepflowSwiftUI", "BundledModules", "BundledFixtures", "SyntheticVariant", "Results",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "RootAppTests",
            dependencies: [
                "RootAppCLI", "rootapp", "Stepflow", "StepflowTesting", "StepflowManifest", "StepflowGraph",
                "StepflowScripts",
                "StepflowReview",
                "BundledModules", "BundledFixtures",
            ],
            exclude: ["Goldens"]
        ),
        .testTarget(
            name: "StepflowManifestTests",
            dependencies: [
                "Stepflow", "StepflowTesting", "StepflowManifest", "BundledModules", "BundledFixtures", "Procedure",
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// Fuzz targets for every reader of outside input, built only for fuzzing
// (libFuzzer supplies their main): `.ci/fuzz` sets STEPFLOW_FUZZ=1 and
// builds with -sanitize=fuzzer.
if Context.environment["STEPFLOW_FUZZ"] == "1" {
    package.targets += [
        .target(name: "FuzzDriver", path: "Fuzz/FuzzDriver"),
        .executableTarget(
            name: "FuzzManifest", dependencies: ["FuzzDriver", "StepflowManifest", "BundledModules"],
            path: "Fuzz/FuzzManifest"),
        .executableTarget(
            name: "FuzzCatalog",
            dependencies: ["FuzzDriver", "Stepflow", "StepflowManifest"],
            path: "Fuzz/FuzzCatalog"),
        .executableTarget(
            name: "FuzzScript", dependencies: ["FuzzDriver", "StepflowScripts"], path: "Fuzz/FuzzScript"),
        .executableTarget(
            name: "FuzzSaved",
            dependencies: ["FuzzDriver", "Stepflow", "StepflowManifest", "StepflowTesting", "BundledModules"],
            path: "Fuzz/FuzzSaved"),
    ]
}

// The same upcoming-feature flags on every target (swift-log does this too).
for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
