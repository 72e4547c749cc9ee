/// The services an app gives its feature modules: a lab client behind a
/// submit stepper, an advisor behind a triage step. Each is found by the
/// type the module asks for, usually a protocol the module declares, so a
/// module never reaches for a global and tests give it a fake.
///
/// ```swift
/// // In the module: what it needs, and how it reads it.
/// public protocol LabClient: Sendable { func submit(_ result: String, done: @escaping @Sendable (Bool) -> Void) }
/// public static let services = [ServiceRequirement((any LabClient).self, summary: "sends results to the lab")]
/// let lab = environment.services.require((any LabClient).self)
///
/// // In the app: what it gives.
/// let services = ModuleServices().providing((any LabClient).self, HTTPLabClient(url: lab))
/// ```
///
/// A manifest that uses a module whose service the app does not provide is
/// refused when it is loaded, naming the module and the service, so a
/// missing service never surfaces mid-walk. Analysis launches modules with
/// the same services but never calls them: what a service can answer is
/// what its stepper declares.
public struct ModuleServices: Sendable {
    private struct Entry: Sendable {
        let name: String
        let value: any Sendable
    }

    private var entries: [ObjectIdentifier: Entry] = [:]

    /// No services.
    public init() {}

    /// These services and `service`, found by `type` (replacing one
    /// already given for it).
    public func providing<Service: Sendable>(_ type: Service.Type, _ service: Service) -> ModuleServices {
        var copy = self
        copy.entries[ObjectIdentifier(type)] = Entry(name: TypeName.of(type), value: service as any Sendable)
        return copy
    }

    /// The service given for `type`, if any.
    public func resolve<Service>(_ type: Service.Type) -> Service? {
        entries[ObjectIdentifier(type)]?.value as? Service
    }

    /// The service given for `type`. A module calls this in `launch` for
    /// a service it declares in ``FeatureModule/services``: loading a
    /// manifest has checked that the app gives it, so its absence is a
    /// programming error (a module that did not declare what it reads),
    /// and stops the program with both names.
    public func require<Service>(_ type: Service.Type) -> Service {
        guard let service = resolve(type) else {
            preconditionFailure(
                """
                A module asked for the service \(TypeName.of(type)), which the app does not provide (it provides: \
                \(names.isEmpty ? "none" : names.joined(separator: ", "))). To fix, declare it in the module's \
                `services`, so manifests that need it are refused when loaded, and provide it in the app's \
                ModuleServices.
                """
            )
        }
        return service
    }

    /// Whether a service is given for `requirement`'s type.
    public func provides(_ requirement: ServiceRequirement) -> Bool {
        entries[requirement.type] != nil
    }

    /// The names of the services given, sorted.
    public var names: [String] { entries.values.map(\.name).sorted() }
}

/// A service a module needs from the app: its type and what it is for.
public struct ServiceRequirement: Hashable, Sendable, CustomStringConvertible {
    fileprivate let type: ObjectIdentifier
    /// The type's name (`SymptomAdvisor`).
    public let name: String
    /// One line on what the module uses it for.
    public let summary: String

    /// A requirement of the service found by `type`: the type the module
    /// reads with ``ModuleServices/require(_:)`` (for a protocol `P`,
    /// `(any P).self` in both places).
    public init<Service>(_ type: Service.Type, summary: String) {
        self.type = ObjectIdentifier(type)
        self.name = TypeName.of(type)
        self.summary = summary
    }

    /// `SymptomAdvisor (decides whether symptoms need a doctor)`.
    public var description: String { "\(name) (\(summary))" }
}

/// Short type names: `SymptomAdvisor`, not `any Module.SymptomAdvisor`.
enum TypeName {
    static func of(_ type: Any.Type) -> String {
        var name = TypeNames.name(of: type)
        if name.hasPrefix("any ") { name.removeFirst(4) }
        if let dot = name.lastIndex(of: "."), !name.contains("<") { name = String(name[name.index(after: dot)...]) }
        return name
    }
}
