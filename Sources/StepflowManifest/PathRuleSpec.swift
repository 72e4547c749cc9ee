/// A rule about paths that a manifest states and the navigation graph
/// proves, or refutes with a counter-example path.
///
/// ```json
/// "rules": [
///   { "name": "consent before advice", "to": "result/positive", "passesThrough": "onboarding/privacy" },
///   { "name": "no intake at home", "neverReaches": "intake/identify" },
///   { "reaches": "end" },
///   { "name": "no patient's data reaches the next", "entering": "intake", "carriesNone": ["patient", "result"] },
///   { "name": "a result not sent is kept", "never": "result.retest", "after": "result/submit-failed",
///     "until": "result/submitted" },
///   { "name": "a reminder opens the check only", "link": "symptoms/recheck", "landsOn": ["symptoms/temperature"] },
///   { "name": "help from every test screen", "canAlwaysReach": "help/topics", "from": ["test/*"] }
/// ]
/// ```
package struct PathRuleSpec: Hashable, Sendable, CustomStringConvertible {
    /// What the rule says.
    package enum Kind: Hashable, Sendable {
        /// Every path from the start to `node` passes through `via`.
        case passesThrough(node: String, via: String)
        /// No path from the start reaches `node`.
        case neverReaches(String)
        /// Some path from the start reaches `node`.
        case reaches(String)
        /// Whenever `entering` is entered, neither the data carried into
        /// it nor the variant's record holds any of `fields` (handoff
        /// fields or record entries): one run's data (a patient's) never
        /// reaches the next run of that instance.
        case carriesNone(fields: [String], entering: String)
        /// The value typed into record entry `key` (on screen `typedOn`, or
        /// on any screen) reaches each of `screens` unchanged: wherever one
        /// of them shows the entry, it shows the value last typed, and a
        /// value was written by typing, not made by a module. (`{"value":
        /// "reading", "typedOn": "test/manual", "reachesUnchanged":
        /// ["result/record"]}`.)
        case valueReaches(key: String, typedOn: String?, screens: [String])
        /// An item kept in list `key` (a result kept for the lab) leaves it
        /// only through one of `leavesBy` (steps: sent, discarded after a
        /// confirmation), never otherwise; and from every state that keeps
        /// one, some walk takes it off so: it is eventually sent or
        /// discarded, never lost.
        case kept(key: String, leavesBy: [String])
        /// A property of every walk, in a specification pattern with a
        /// scope (`{"never": …, "after": …, "until": …}`).
        case pattern(PropertyPattern)
        /// The link routed by the pattern `link` (as the manifest's
        /// `"links"` writes it), opened in any state the app runs in,
        /// lands only on one of `nodes` or leaves the screen on top as it
        /// was (declined, held): `{"link": "kept/{id}", "landsOn":
        /// ["result/saved"]}`. `end` among them allows a link that ends
        /// the app.
        case linkLandsOn(link: String, nodes: [String])
        /// From every state whose screen on top is one of `from` (every
        /// state the app runs in when `from` is empty), some walk reaches
        /// one of `target`: the person is never stuck away from it
        /// (`{"canAlwaysReach": "eligibility/saved", "from":
        /// ["eligibility/*"]}`). A state on `target` itself reaches it.
        case canAlwaysReach(target: [String], from: [String])
    }

    /// The rule's name, or a description of it.
    package let name: String
    /// What it says.
    package let kind: Kind
    /// Where it is written.
    package let location: TextLocation
    /// Its JSON path (`rules[0]`).
    package let path: String
    /// The requirement the rule proves, if it names one.
    package let requirement: String?

    /// Creates a rule.
    package init(name: String?, kind: Kind, location: TextLocation, path: String, requirement: String? = nil) {
        self.kind = kind
        self.location = location
        self.path = path
        self.requirement = requirement
        self.name = name ?? Self.statement(of: kind)
    }

    /// What the rule checks, in the rule's own terms whatever its name:
    /// `every path to test/ready passes through test/timer`, `whenever
    /// result.show, then result/positive when test.result = "positive"`.
    package var statement: String { Self.statement(of: kind) }

    private static func statement(of kind: Kind) -> String {
        switch kind {
        case .passesThrough(let node, let via): "every path to \(node) passes through \(via)"
        case .neverReaches(let node): "never reaches \(node)"
        case .reaches(let node): "reaches \(node)"
        case .carriesNone(let fields, let instance):
            "\(instance) is never entered with \(fields.joined(separator: ", "))"
        case .valueReaches(let key, let typedOn, let screens):
            "the \(key) typed\(typedOn.map { " on \($0)" } ?? "") is the \(key) "
                + "\(screens.joined(separator: " and ")) show"
        case .kept(let key, let leavesBy):
            "an item kept in \(key) leaves it only by \(leavesBy.joined(separator: " or ")), and always can"
        case .pattern(let pattern): pattern.description
        case .linkLandsOn(let link, let nodes):
            "link \(link) lands only on \(nodes.joined(separator: " or ")), or leaves the screen as it was"
        case .canAlwaysReach(let target, let from):
            "from every state\(from.isEmpty ? "" : " on \(from.joined(separator: " or "))") some walk reaches "
                + target.joined(separator: " or ")
        }
    }

    /// The rule's name.
    package var description: String { name }

    /// The claims a requirement may make that this rule, proved, proves:
    /// an existence (`reaches`) proves only that something can be
    /// reached, never that it always follows.
    package var proves: Set<Requirement.Claim> {
        switch kind {
        case .reaches: [.reached]
        case .neverReaches: [.never]
        case .passesThrough: [.precedence]
        case .carriesNone: [.separated]
        case .valueReaches: [.valueReaches]
        case .kept: [.kept, .response]
        case .linkLandsOn: [.landsOn]
        case .canAlwaysReach: [.alwaysReachable]
        case .pattern(let pattern):
            switch pattern.kind {
            case .absence: [.never]
            case .existence, .response: [.response]
            case .universality: [.always]
            case .precedence: [.precedence]
            }
        }
    }

    /// The kind of rule, as a reviewer reads it: `an existence rule`.
    package var kindName: String {
        switch kind {
        case .reaches: "an existence rule (reaches)"
        case .neverReaches: "an absence rule (neverReaches)"
        case .passesThrough: "a precedence rule (passesThrough)"
        case .carriesNone: "a data rule (carriesNone)"
        case .valueReaches: "a data rule (reachesUnchanged)"
        case .kept: "a data rule (kept)"
        case .linkLandsOn: "a link rule (landsOn)"
        case .canAlwaysReach: "a reachability rule (canAlwaysReach)"
        case .pattern(let pattern):
            switch pattern.kind {
            case .absence: "an absence rule (never)"
            case .existence: "an existence rule (eventually)"
            case .response: "a response rule (whenever … then)"
            case .universality: "a universality rule (always)"
            case .precedence: "a precedence rule (onlyAfter)"
            }
        }
    }
}
