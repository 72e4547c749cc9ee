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
    private let order: [any FeatureModule.Type]

    /// Two modules registered with one id: the registry keeps the first,
    /// and loading a manifest with it is refused, naming both.
    public struct Conflict: Sendable, CustomStringConvertible {
        /// The id both have.
        package let id: String
        /// The module registered first, which the registry keeps.
        package let kept: any FeatureModule.Type
        /// The module registered again with the same id.
        package let duplicate: any FeatureModule.Type

        /// What is wrong and the fix.
        public var description: String {
            """
            two modules have the id '\(id)': \(String(reflecting: kept)) and \(String(reflecting: duplicate)). To \
            fix, register one of them, or give each module its own id.
            """
        }
    }

    /// Modules registered with an id already taken; empty in a registry
    /// that can be used.
    public let conflicts: [Conflict]

    /// A registry of `modules`. Two modules with one id are a mistake in
    /// the app: they are listed in ``conflicts``, and a loader over this
    /// registry refuses every manifest until it is fixed.
    public init(_ modules: [any FeatureModule.Type]) {
        var byID: [String: any FeatureModule.Type] = [:]
        var conflicts: [Conflict] = []
        var order: [any FeatureModule.Type] = []
        for module in modules {
            if let existing = byID[module.id] {
                // The same type twice (a family list plus one of its own) is harmless.
                if existing != module { conflicts.append(Conflict(id: module.id, kept: existing, duplicate: module)) }
                continue
            }
            byID[module.id] = module
            order.append(module)
        }
        self.modules = byID
        self.order = order
        self.conflicts = conflicts
    }

    /// A registry of these modules and then `other`'s.
    public static func + (registry: ModuleRegistry, other: ModuleRegistry) -> ModuleRegistry {
        ModuleRegistry(registry.registered + other.registered)
    }

    /// The modules in the order they were registered, conflicting ones
    /// included.
    package var registered: [any FeatureModule.Type] {
        order + conflicts.map(\.duplicate)
    }

    /// The module with `id`.
    public func module(_ id: String) -> (any FeatureModule.Type)? { modules[id] }

    /// Every module id, sorted.
    public var ids: [String] { modules.keys.sorted() }

    /// Every module, sorted by id.
    public var all: [any FeatureModule.Type] { ids.map { modules[$0]! } }  // ids come from `modules`
}
