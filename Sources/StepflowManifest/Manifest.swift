public import Stepflow

/// A validated manifest: one app variant, composed of module instances and
/// the routes between their exits. Made by ``ManifestLoader``; every name in
/// it is known to the registry it was checked against.
public struct Manifest: Hashable, Sendable {
    /// The file it was read from, as the user named it.
    public let file: String
    /// The schema version (1).
    public let schema: Int
    /// The app's metadata.
    public let app: AppInfo
    /// The module instances, in file order.
    public let instances: [ModuleInstance]
    /// The instance the app starts with.
    public let start: String
    /// Where each `instance.exit` leads.
    public let routes: [RouteKey: RouteTarget]
    /// Problems that do not stop the manifest from working.
    public let warnings: [ManifestDiagnostic]

    /// The instance with `id`.
    public func instance(_ id: String) -> ModuleInstance? {
        instances.first { $0.id == id }
    }
}

/// An app variant's metadata.
public struct AppInfo: Hashable, Sendable {
    /// A stable id (`covid-antigen-home`).
    public let id: String
    /// The name people see.
    public let name: String
    /// Who uses it.
    public let audience: Audience
}

/// Who an app variant is for.
public enum Audience: String, Hashable, Sendable, CaseIterable {
    /// People testing themselves at home.
    case lay
    /// Health professionals testing patients.
    case professional
}

/// One use of a module in a manifest.
public struct ModuleInstance: Hashable, Sendable {
    /// The instance id, unique in the manifest (`test`); qualifies its steps.
    public let id: String
    /// The module's id (`procedure`).
    public let module: String
    /// The options, with defaults filled in.
    public let options: ModuleOptions
    /// The exits the module can take with these options.
    public let exits: [ExitSpec]
}

/// A route's source: an exit of an instance, written `instance.exit`.
public struct RouteKey: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The instance id.
    public let instance: String
    /// The exit name.
    public let exit: String
    /// A route source.
    public init(instance: String, exit: String) {
        self.instance = instance
        self.exit = exit
    }
    /// `instance.exit`.
    public var description: String { "\(instance).\(exit)" }
    /// Orders by text.
    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.description < rhs.description }
}

/// Where a route leads.
public enum RouteTarget: Hashable, Sendable, CustomStringConvertible {
    /// Start this instance, with the exit's handoff.
    case instance(String)
    /// The app's end.
    case end

    /// The instance id, or `end`.
    public var description: String {
        switch self {
        case .instance(let id): id
        case .end: "end"
        }
    }
}
