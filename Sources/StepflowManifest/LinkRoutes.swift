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
package struct LinkRoute: Hashable, Sendable, CustomStringConvertible {
    /// One segment of the pattern.
    package enum Segment: Hashable, Sendable {
        /// Matches exactly this text.
        case literal(String)
        /// Matches any non-empty segment: the value of this parameter.
        case parameter(String)
    }

    /// The pattern as written (`result/{result}`).
    package let pattern: String
    /// The pattern's segments, split at `/`.
    package let segments: [Segment]
    /// The instance whose link it opens.
    package let instance: String
    /// The link, as the instance's module declares it.
    package let link: LinkSpec
    /// What happens when the instance is not running.
    package let policy: LinkPolicy
    /// A declining route's reason in each locale the manifest gives it
    /// (`"reason": {"de": …, "en": …}`); empty when it gives one string,
    /// which is in the variant's first locale (``policy`` holds it).
    /// The manifest says what a locale shows (its words there, else the catalog's).
    package let reasons: [String: String]

    /// A route from `pattern` to `instance`'s `link`, under `policy`.
    ///
    /// - Parameters:
    ///   - pattern: The address pattern (`result/{result}`).
    ///   - instance: The instance whose link it opens.
    ///   - link: The link as its module declares it.
    ///   - policy: What happens when the instance is not running.
    ///   - reasons: A declining route's reason per locale, when given so.
    package init(
        pattern: String, instance: String, link: LinkSpec, policy: LinkPolicy, reasons: [String: String] = [:]
    ) {
        self.pattern = pattern
        self.segments = Self.segments(of: pattern)
        self.instance = instance
        self.link = link
        self.policy = policy
        self.reasons = reasons
    }

    /// `instance.link`, as the manifest names the target.
    package var target: String { "\(instance).\(link.name)" }

    /// `result/{result} → result.show (start)`.
    package var description: String { "\(pattern) → \(target) (\(policy))" }

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
    package var parameterNames: [String] {
        segments.compactMap { if case .parameter(let name) = $0 { name } else { nil } }
    }

    /// The parameter values if decoded path `parts` match, else `nil`.
    package func match(segments parts: [String]) -> [String: String]? {
        guard parts.count == segments.count else { return nil }
        var values: [String: String] = [:]
        for (part, segment) in zip(parts, segments) {
            switch segment {
            case .literal(let text): guard part == text else { return nil }
            case .parameter(let name):
                guard !part.isEmpty else { return nil }
                values[name] = part
            }
        }
        return values
    }

    /// How many literal segments: a more literal route wins an address
    /// two routes match.
    package var literalCount: Int { segments.count { if case .literal = $0 { true } else { false } } }
}

extension [LinkRoute] {
    /// The route decoded path `segments` take, with its parameters'
    /// values: of the routes that match, the most literal (the first of
    /// equals); `nil` when none matches.
    package func route(segments: [String]) -> (route: LinkRoute, values: [String: String])? {
        compactMap { route in route.match(segments: segments).map { (route, $0) } }
            .max { $0.route.literalCount < $1.route.literalCount }
    }

    /// The route `address` (as `LinkDelivery.address` prints it:
    /// relative, decoded by segment) takes: see ``route(segments:)``.
    package func route(for address: String) -> LinkRoute? {
        guard case .success(let read) = LinkAddress.read(address, scheme: nil, hosts: []) else { return nil }
        return route(segments: read.segments)?.route
    }
}

extension LinkRoute {
    /// The address with these values in place of the parameters, each
    /// percent-encoded where it must be; the link's other parameters
    /// with a value follow as a query, in the order the link declares
    /// them (`kept/normal/P-1024?site=north`).
    func address(with values: [String: String]) -> String {
        let path = segments.map { segment in
            switch segment {
            case .literal(let text): LinkAddress.encoded(text)
            case .parameter(let name): values[name].map(LinkAddress.encoded) ?? "{\(name)}"
            }
        }.joined(separator: "/")
        let inPath = Set(parameterNames)
        let query = link.parameters.compactMap { spec -> String? in
            guard !inPath.contains(spec.name), let value = values[spec.name] else { return nil }
            return LinkAddress.encoded(spec.name) + "=" + LinkAddress.encoded(value)
        }
        return query.isEmpty ? path : path + "?" + query.joined(separator: "&")
    }
}

/// What a link does when its instance is not running: the manifest's
/// `whenNotRunning`.
package enum LinkPolicy: Hashable, Sendable, CustomStringConvertible {
    /// Start the instance at the link (`"start"`, the default): what runs
    /// now ends without taking an exit.
    case start
    /// Hold it until the instance starts (`"wait"`).
    case wait
    /// Decline it with a reason a person reads (`"decline"` and `"reason"`).
    case decline(reason: String)

    /// `start`, `wait`, `decline`.
    package var name: String {
        switch self {
        case .start: "start"
        case .wait: "wait"
        case .decline: "decline"
        }
    }

    /// `start`, `wait`, `decline: <reason>`.
    package var description: String {
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
                case .refusedClass(_, let valueClass): (valueClass.refusal ?? valueClass.label).withoutFullStop
                case .inNoClass(_, let accepted): "it takes " + accepted.map(\.shown).joined(separator: "; ")
                default: reason.description
                }
            return .failure(
                LinkRefusal(
                    "'\(shown)' is no value of \(spec.name): \(why).",
                    entry: EntryRefusal(field: spec.name, label: spec.name, reason: reason)))
        }
    }
}

extension RootFlow: LinkRouting, RepresentativeLinks {
    /// The delivery `address` means in this variant, or why it means
    /// none, saying what the variant opens.
    ///
    /// `address` is read as the platform hands it over (see
    /// the manifest's `app.linkScheme` and `app.linkHosts`): relative
    /// (`kept/normal/P-1024`), in the app's scheme
    /// (`org.example.clinic://kept/normal/P-1024`) or a universal link
    /// (`https://clinic.example.org/kept/normal/P-1024`); one trailing
    /// `/` and a fragment are dropped, segments and query items are
    /// percent-decoded. The most literal route that matches the path wins;
    /// its parameters are read as their kinds, a parameter the pattern
    /// does not carry may come in the query, and other query items are
    /// ignored. The delivery's address is the canonical, relative one
    /// (`LinkDelivery.address`), so every form of one address is the
    /// same input to the engine, its saves and its graph.
    public func route(link address: String) -> Result<LinkDelivery, LinkRefusal> {
        let shown = "'\(address.prefix(80))'"
        let read: LinkAddress
        switch LinkAddress.read(address, scheme: manifest.app.linkScheme, hosts: manifest.app.linkHosts) {
        case .success(let address): read = address
        case .failure(let problem):
            return .failure(LinkRefusal("\(shown) is no link of \(manifest.app.id): \(why(problem))"))
        }
        guard let (route, path) = manifest.links.route(segments: read.segments) else {
            let patterns = manifest.links.map(\.pattern)
            let relative = read.segments.joined(separator: "/")
            return .failure(
                LinkRefusal(
                    patterns.isEmpty
                        ? "\(shown) is no link: \(manifest.app.id) routes none."
                        : "\(shown) is no link of \(manifest.app.id). "
                            + "\(Suggestion.didYouMean(relative, patterns))It routes \(Suggestion.list(patterns))"
                            + "\(formsSentence)."))
        }
        var raw = path
        for item in read.query {
            guard let spec = route.link.parameters.first(where: { $0.name == item.name }) else { continue }
            if path[spec.name] != nil {
                return .failure(
                    LinkRefusal(
                        """
                        \(shown) gives \(spec.name) twice, in its path and its query. To fix, give it in the path \
                        only (\(route.pattern)).
                        """))
            }
            if let earlier = raw[spec.name], earlier != item.value {
                return .failure(
                    LinkRefusal("\(shown) gives \(spec.name) twice in its query. To fix, give it once."))
            }
            raw[spec.name] = item.value
        }
        var arguments = Handoff()
        for spec in route.link.parameters {
            guard let text = raw[spec.name] else { continue }
            switch LinkArgument.value(text, for: localized(spec, of: route.instance)) {
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
            case .decline(let reason): .decline(reason: manifest.declineReason(of: route, in: locale) ?? reason)
            }
        return .success(
            LinkDelivery(
                address: route.address(with: raw), target: route.instance, step: step, otherwise: otherwise))
    }

    /// `spec` with its classes' labels and refusals in this root's locale:
    /// a class made of its module's texts (``ValueClass/labelKey``,
    /// ``ValueClass/refusalKey``) reads as the instance shows its texts, so
    /// a refused link's value is told in the variant's words.
    func localized(_ spec: FieldSpec, of instance: String) -> FieldSpec {
        guard spec.classes.contains(where: { $0.labelKey != nil || $0.refusalKey != nil }),
            let module = manifest.instance(instance).flatMap({ registry.module($0.module) })
        else { return spec }
        let texts = ModuleTexts(module.texts, environment(of: instance))
        let classes = spec.classes.map { valueClass in
            var shown = valueClass
            if let key = valueClass.labelKey { shown.label = texts[key].value }
            if let key = valueClass.refusalKey { shown.refusal = texts[key].value }
            return shown
        }
        return FieldSpec(spec.name, spec.kind, required: spec.isRequired, classes: classes)
    }

    /// Why an address the platform would not hand this variant is none of
    /// its links, and what it opens instead.
    private func why(_ problem: LinkAddress.Problem) -> String {
        let app = manifest.app
        switch problem {
        case .scheme(let scheme) where ["http", "https"].contains(scheme.lowercased()):
            if app.linkHosts.isEmpty {
                return
                    "it declares no universal-link host\(formsSentence). To fix, add the host to the app's linkHosts."
            }
            return "a universal link is https, on \(Suggestion.list(app.linkHosts))."
        case .scheme(let scheme):
            guard let declared = app.linkScheme else {
                return
                    "it declares no URL scheme\(formsSentence). To fix, add \"linkScheme\": \"\(scheme)\" to the app."
            }
            return "its scheme is \(declared), not \(scheme)\(formsSentence)."
        case .host(let host):
            return "\(host) is none of its hosts (\(Suggestion.list(app.linkHosts)))."
        case .encoding(let part):
            return "'\(part.prefix(40))' is no percent-encoding of UTF-8 text. To fix, write each % as two hex digits."
        case .emptySegment:
            return "it has an empty segment. To fix, remove the doubled '/'."
        }
    }

    /// `; it opens addresses such as 'kept/normal/P-1024',
    /// 'org.example.clinic://kept/normal/P-1024', …`: the first route's
    /// example in each form; empty when the variant routes none.
    private var formsSentence: String {
        guard let example = manifest.exampleLinkAddress else { return "" }
        return "; it opens addresses such as " + Suggestion.list(manifest.app.linkForms(of: example))
    }

    /// The addresses that prove each refusing class of each route's
    /// parameters refused: the class's representative, the other
    /// parameters at their first representative value, each with what
    /// ``route(link:)`` answered. Refused before any flow sees the link,
    /// the same from every state.
    package var refusingLinks: [(address: String, answer: Result<LinkDelivery, LinkRefusal>)] {
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
    package var representativeLinks: [LinkDelivery] {
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
