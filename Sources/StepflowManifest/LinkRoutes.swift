public import Stepflow

/// One route of a manifest's `links`: an outside address pattern, and the
/// declared link of an instance it opens.
///
/// ```json
/// "links": {
///   "result/{result}": "result.show",
///   "kept/{patient}": {"to": "result.openKept", "whenNotRunning": "wait"},
///   "help": {"to": "help.topics", "whenNotRunning": "decline", "reason": "Help opens from the app."}
/// }
/// ```
///
/// A segment in braces is a parameter of the link, typed by its
/// `FieldSpec`; the others must match the address literally. When the
/// instance is not running, ``policy`` says what happens (by default the
/// module starts at the link).
public struct LinkRoute: Hashable, Sendable, CustomStringConvertible {
    /// One segment of the pattern.
    public enum Segment: Hashable, Sendable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any non-empty segment: the value of this parameter.
        case parameter(String)
    }

    /// The pattern as written (`result/{result}`).
    public let pattern: String
    /// The pattern's segments, split at `/`.
    public let segments: [Segment]
    /// The instance whose link it opens.
    public let instance: String
    /// The link, as the instance's module declares it.
    public let link: LinkSpec
    /// What happens when the instance is not running.
    public let policy: LinkPolicy

    /// A route from `pattern` to `instance`'s `link`, under `policy`.
    ///
    /// - Parameters:
    ///   - pattern: The address pattern (`result/{result}`).
    ///   - instance: The instance whose link it opens.
    ///   - link: The link as its module declares it.
    ///   - policy: What happens when the instance is not running.
    public init(pattern: String, instance: String, link: LinkSpec, policy: LinkPolicy) {
        self.pattern = pattern
        self.segments = Self.segments(of: pattern)
        self.instance = instance
        self.link = link
        self.policy = policy
    }

    /// `instance.link`, as the manifest names the target.
    public var target: String { "\(instance).\(link.name)" }

    /// `result/{result} → result.show (start)`.
    public var description: String { "\(pattern) → \(target) (\(policy))" }

    /// The segments of `pattern`: `{name}` a parameter, anything else literal.
    static func segments(of pattern: String) -> [Segment] {
        pattern.split(separator: "/", omittingEmptySubsequences: false).map { part in
            if part.count > 2, part.hasPrefix("{"), part.hasSuffix("}") {
                return .parameter(String(part.dropFirst().dropLast()))
            }
            return .literal(String(part))
        }
    }

    /// The parameter names of the pattern, in order.
    public var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The raw parameter values if `address` matches, else `nil`.
    package func match(_ address: String) -> [String: String]? {
        let parts = address.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            switch segment {
            case .literal(let text): guard part == text else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = String(part)
            }
        }
        return values
    }

    /// How many literal segments: a more literal route wins an address
    /// two routes match.
    package var literalCount: Int { segments.count { if case .literal = $0 { true } else { false } } }

    /// The address with these values in place of the parameters.
    func address(with values: [String: String]) -> String {
        segments.map { segment in
            switch segment {
            case .literal(let text): text
            case .parameter(let name): values[name] ?? "{\(name)}"
            }
        }.joined(separator: "/")
    }
}

/// What a link does when its instance is not running: the manifest's
/// `whenNotRunning`.
public enum LinkPolicy: Hashable, Sendable, CustomStringConvertible {
    /// Start the instance at the link (`"start"`, the default): what runs
    /// now ends without taking an exit.
    case start
    /// Hold it until the instance starts (`"wait"`).
    case wait
    /// Decline it with a reason a person reads (`"decline"` and `"reason"`).
    case decline(reason: String)

    /// `start`, `wait`, `decline`.
    public var name: String {
        switch self {
        case .start: "start"
        case .wait: "wait"
        case .decline: "decline"
        }
    }

    /// `start`, `wait`, `decline: <reason>`.
    public var description: String {
        if case .decline(let reason) = self { return "decline: \(reason)" }
        return name
    }
}

/// Reads a parameter's value from an address segment, as its kind and
/// classes say.
enum LinkArgument {
    /// The value `text` means for `spec`, or why it means none: not of its
    /// kind, in none of its classes, or in a class the link refuses.
    static func value(_ text: String, for spec: FieldSpec) -> Result<ModuleValue, LinkRefusal> {
        let shown = String(text.prefix(60))
        guard let value = spec.kind.value(reading: text) else {
            let reason: EntryRefusal.Reason =
                switch spec.kind {
                case .choice(let choices):
                    .inNoClass(
                        value: shown,
                        accepted: choices.map { ValueClass($0, label: $0, .values([$0]), representative: $0) })
                case .integer(let range) where Int(text) != nil:
                    .inNoClass(
                        value: shown,
                        accepted: [
                            ValueClass(
                                "inRange", label: "\(range.lowerBound) to \(range.upperBound)",
                                .range(from: Double(range.lowerBound), upTo: Double(range.upperBound)),
                                representative: String(range.lowerBound))
                        ])
                default: .notOfKind(value: shown, kind: spec.entryKind)
                }
            return .failure(
                LinkRefusal(
                    "'\(shown)' is no value of \(spec.name): it takes \(spec.kind).",
                    entry: EntryRefusal(field: spec.name, label: spec.name, reason: reason)))
        }
        guard let field = spec.entryField else { return .success(value) }
        switch field.classify(text) {
        case .accepted: return .success(value)
        case .refused(let reason):
            let why =
                switch reason {
                case .refusedClass(_, let valueClass): valueClass.refusal ?? valueClass.label
                case .inNoClass(_, let accepted): "it takes " + accepted.map(\.summary).joined(separator: "; ")
                default: reason.description
                }
            return .failure(
                LinkRefusal(
                    "'\(shown)' is no value of \(spec.name): \(why).",
                    entry: EntryRefusal(field: spec.name, label: spec.name, reason: reason)))
        }
    }
}

extension RootFlow: LinkRouting {
    /// The delivery `address` means in this variant: the most literal
    /// route that matches it, its parameters read as their kinds, and the
    /// step its module maps the link to; or why it means none, listing
    /// the addresses the variant routes.
    public func route(link address: String) -> Result<LinkDelivery, LinkRefusal> {
        let matching = manifest.links.compactMap { route in route.match(address).map { (route, $0) } }
        guard let (route, raw) = matching.max(by: { $0.0.literalCount < $1.0.literalCount }) else {
            let patterns = manifest.links.map(\.pattern)
            return .failure(
                LinkRefusal(
                    patterns.isEmpty
                        ? "'\(address.prefix(60))' is no link: \(manifest.app.id) routes none."
                        : "'\(address.prefix(60))' is no link of \(manifest.app.id). "
                            + "\(Suggestion.didYouMean(address, patterns))It routes \(Suggestion.list(patterns))."))
        }
        var arguments = Handoff()
        for spec in route.link.parameters {
            guard let text = raw[spec.name] else { continue }
            switch LinkArgument.value(text, for: spec) {
            case .failure(let refusal): return .failure(refusal)
            case .success(let value): arguments.fields[spec.name] = value
            }
        }
        let link = ModuleLink(route.link.name, arguments: arguments)
        guard let step = linkedLaunch(route.instance, link)?.step(for: link) else {
            return .failure(
                LinkRefusal(
                    "\(route.target) does not take \(link) with this variant's options. To fix, route another link."))
        }
        let otherwise: LinkFallback =
            switch route.policy {
            case .start: .restart(RootStep.linked(instance: route.instance, link: link, data: carriedData(of: link)))
            case .wait: .wait
            case .decline(let reason): .decline(reason: reason)
            }
        return .success(LinkDelivery(address: address, target: route.instance, step: step, otherwise: otherwise))
    }

    /// The addresses that prove each refusing class of each route's
    /// parameters refused: the class's representative, the other
    /// parameters at their first representative value, each with what
    /// ``route(link:)`` answered. Refused before any flow sees the link,
    /// the same from every state.
    public var refusingLinks: [(address: String, answer: Result<LinkDelivery, LinkRefusal>)] {
        manifest.links.flatMap { entry -> [(address: String, answer: Result<LinkDelivery, LinkRefusal>)] in
            let specs = entry.parameterNames.compactMap { name in entry.link.parameters.first { $0.name == name } }
            var firsts: [String: String] = [:]
            for spec in specs { firsts[spec.name] = spec.representativeTexts.first }
            return specs.flatMap { spec in
                spec.classes.filter { $0.refusal != nil }.map { valueClass in
                    let address = entry.address(with: firsts.merging([spec.name: valueClass.representative]) { $1 })
                    return (address, route(link: address))
                }
            }
        }
    }

    /// Every address analysis opens from every state: each route with each
    /// combination of its parameters' representative values (each taken
    /// class's representative; without classes every choice, both
    /// booleans, an integer's bounds, one text), at most 16 a route.
    public var representativeLinks: [LinkDelivery] {
        manifest.links.flatMap { entry -> [LinkDelivery] in
            var combinations: [[String: String]] = [[:]]
            for name in entry.parameterNames {
                guard let spec = entry.link.parameters.first(where: { $0.name == name }) else { continue }
                combinations = combinations.flatMap { partial in
                    spec.representativeTexts.map { partial.merging([name: $0]) { $1 } }
                }
            }
            return combinations.prefix(16).compactMap { values in
                try? route(link: entry.address(with: values)).get()
            }
        }
    }
}
