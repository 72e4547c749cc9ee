/// This release of Stepflow.
public enum StepflowVersion {
    /// The version of this copy of Stepflow (`0.4.0`): what a review
    /// report and a JUnit file record as the engine that explored the variant.
    public static let current = "0.4.0"
}

/// The package a feature module ships in, and its version: what a review
/// report records beside each module, so a sign-off is tied to the code it
/// reviewed.
///
/// ```swift
/// public enum SymptomCheckModule: FeatureModule {
///     public static let package = ModulePackage(name: "SymptomCheck", version: "1.4.2")
///     …
/// }
/// ```
public struct ModulePackage: Hashable, Sendable, CustomStringConvertible {
    /// The package's name (`SymptomCheck`).
    public let name: String
    /// Its version, as its authors tag it; `nil` when the module does not say.
    public let version: String?

    /// A package `name` at `version`.
    public init(name: String, version: String?) {
        self.name = name
        self.version = version
    }

    /// Stepflow's own package: the bundled modules.
    public static let stepflow = ModulePackage(name: "Stepflow", version: StepflowVersion.current)

    /// A module that does not say which package it ships in: a report says so.
    package static let undeclared = ModulePackage(name: "(package not declared)", version: nil)

    /// `SymptomCheck 1.4.2`, or `SymptomCheck (version not declared)`.
    public var description: String { "\(name) \(version ?? "(version not declared)")" }
}
