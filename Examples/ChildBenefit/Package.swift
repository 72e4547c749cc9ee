// swift-tools-version: 6.0
//
// A public-service application on Stepflow, written from the docs: a child
// benefit claim, one question a page, with check your answers, save and
// come back later, a repeated "add another child", and a submission to
// the benefit office. Two variants: a citizen applying, and a caseworker
// taking a claim at the counter.

import PackageDescription

let stepflow = Target.Dependency.product(name: "Stepflow", package: "Stepflow")
// Stepflow's kits: "save and come back later", written once for every module.
let kits = Target.Dependency.product(name: "StepflowKits", package: "Stepflow")

let package = Package(
    name: "ChildBenefit",
    products: [
        .library(name: "BenefitApp", targets: ["BenefitApp"]),
        .executable(name: "benefitapp", targets: ["benefitapp"]),
    ],
    dependencies: [
        // In your own package: .package(url: "https://…/stepflow.git", from: "0.5.0")
        .package(name: "Stepflow", path: "../..")
    ],
    targets: [
        // The family's own kit: who answers the questions (an option every
        // question module reads). Stepflow only.
        .target(name: "FormKit", dependencies: [stepflow]),
        // The modules: Stepflow and kits; steps and screens internal.
        .target(name: "Welcome", dependencies: [stepflow]),
        .target(name: "Eligibility", dependencies: [stepflow, kits, "FormKit"]),
        .target(name: "Applicant", dependencies: [stepflow, kits, "FormKit"]),
        .target(name: "Children", dependencies: [stepflow, kits]),
        .target(name: "CheckAnswers", dependencies: [stepflow]),
        .target(name: "Submission", dependencies: [stepflow]),
        // The app: its modules, and the benefit office it sends claims to.
        .target(
            name: "BenefitApp",
            dependencies: [
                "Welcome", "Eligibility", "Applicant", "Children", "CheckAnswers", "Submission", stepflow,
                .product(name: "StepflowManifest", package: "Stepflow"),
            ]
        ),
        // Its own rootapp: every command over its modules.
        .executableTarget(
            name: "benefitapp", dependencies: ["BenefitApp", .product(name: "RootAppCLI", package: "Stepflow")]),
        .testTarget(
            name: "ChildBenefitTests",
            dependencies: [
                "BenefitApp", "FormKit", "Eligibility", "Applicant", "Children", "CheckAnswers", "Submission",
                "Welcome", stepflow, kits,
                .product(name: "StepflowManifest", package: "Stepflow"),
                .product(name: "StepflowGraph", package: "Stepflow"),
                .product(name: "StepflowScripts", package: "Stepflow"),
                .product(name: "StepflowTesting", package: "Stepflow"),
                .product(name: "RootAppCLI", package: "Stepflow"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)

for target in package.targets {
    target.swiftSettings =
        (target.swiftSettings ?? []) + [
            .enableUpcomingFeature("ExistentialAny"),
            .enableUpcomingFeature("MemberImportVisibility"),
            .enableUpcomingFeature("InternalImportsByDefault"),
        ]
}
