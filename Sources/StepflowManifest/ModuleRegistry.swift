public import Stepflow

/// The feature modules an app bundles, by id. The app decides which; adding
/// one is one line.
///
/// ```swift
/// let registry = ModuleRegistry([
///     OnboardingModule.self,
///     ProcedureModule.self,
///     ResultsModule.self,
/// ])
/// ```
public struct ModuleRegistry: Sendable {
    private let modules: [String: any FeatureModule.Type]

    /// A registry of `modules`. Two modules with one id is a programming
    /// error in the app and stops it with both names.
    public init(_ modules: [any FeatureModule.Type]) {
        var byID: [String: any FeatureModule.Type] = [:]
        for module in modules {
            if let existing = byID[module.id] {
                preconditionFailure("Two modules have the id '\(module.id)': \(existing) and \(module). To fix, give each module its own id.")
            }
            byID[module.id] = module
        }
        self.modules = byID
    }

    /// The module with `id`.
    public func module(_ id: String) -> (any FeatureModule.Type)? { modules[id] }

    /// Every module id, sorted.
    public var ids: [String] { modules.keys.sorted() }

    /// Every module, sorted by id.
    public var all: [any FeatureModule.Type] { ids.map { modules[$0]! } }  // ids come from `modules`
}
