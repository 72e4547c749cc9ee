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
///   { "name": "a reminder opens the check only", "link": "symptoms/recheck", "landsOn": ["symptoms/temperature"] }
/// ]
/// ```
public struct PathRuleSpec: Hashable, Sendable, CustomStringConvertible {
    /// What the rule says.
    public enum Kind: Hashable, Sendable {
        /// Every path from the start to `node` passes through `via`.
        case passesThrough(node: String, via: String)
        /// No path from the start reaches `node`.
        case neverReaches(String)
        /// Some path from the start reaches `node`.
        case reaches(String)
        /// Whenever `entering` is entered, the data carried into it holds
        /// none of `fields`: one run's data (a patient's) never reaches the
        /// next run of that instance.
        case carriesNone(fields: [String], entering: String)
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
    }

    /// The rule's name, or a description of it.
    public let name: String
    /// What it says.
    public let kind: Kind
    /// Where it is written.
    public let location: TextLocation
    /// Its JSON path (`rules[0]`).
    public let path: String
    /// The requirement the rule proves, if it names one.
    public let requirement: String?

    /// Creates a rule.
    public init(name: String?, kind: Kind, location: TextLocation, path: String, requirement: String? = nil) {
        self.kind = kind
        self.location = location
        self.path = path
        self.requirement = requirement
        self.name = name ?? Self.statement(of: kind)
    }

    /// What the rule checks, in the rule's own terms whatever its name:
    /// `every path to test/ready passes through test/timer`, `whenever
    /// result.show, then result/positive when test.result = "positive"`.
    public var statement: String { Self.statement(of: kind) }

    private static func statement(of kind: Kind) -> String {
        switch kind {
        case .passesThrough(let node, let via): "every path to \(node) passes through \(via)"
        case .neverReaches(let node): "never reaches \(node)"
        case .reaches(let node): "reaches \(node)"
        case .carriesNone(let fields, let instance):
            "\(instance) is never entered with \(fields.joined(separator: ", "))"
        case .pattern(let pattern): pattern.description
        case .linkLandsOn(let link, let nodes):
            "link \(link) lands only on \(nodes.joined(separator: " or ")), or leaves the screen as it was"
        }
    }

    /// The rule's name.
    public var description: String { name }
}
