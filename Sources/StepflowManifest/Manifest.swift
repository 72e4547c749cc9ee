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
    /// Path rules the variant's navigation graph must satisfy.
    public let rules: [PathRuleSpec]
    /// Problems that do not stop the manifest from working.
    public let warnings: [ManifestDiagnostic]
    /// The variant's own texts: locales, overrides and translations.
    public let texts: VariantTexts
    /// What the variant must do, for the people who sign it off: each
    /// proved by rules and exercised by scripts that name it.
    public let requirements: [Requirement]
    /// The folder of the variant's acceptance scripts (`"scripts"`,
    /// beside the manifest), if it names one.
    public let scriptsFolder: String?
    /// The least coverage the acceptance scripts must reach before the
    /// variant is ready for sign-off (`"coverage"`), if the manifest sets one.
    public let coverageMinimum: CoverageMinimum?
    /// How the variant runs on a device (`"device"`): its app id there, and
    /// how a device gives the outside answers scripts give by hand; `nil`
    /// when the manifest has no `device` section.
    public let device: DeviceSettings?

    /// A digest of what the manifest says (64-bit FNV-1a, in hex, of its
    /// JSON with keys sorted and no whitespace): any edit to a value, a key
    /// or an order that matters changes it; whitespace and the order of
    /// an object's keys do not. A saved navigation carries it, so a walk
    /// saved under one variant is not resumed under an edited one; a
    /// review report and a JUnit file carry it, so a sign-off is tied to
    /// the variant it signed.
    public internal(set) var digest = ""

    /// The locales the variant ships, the default first.
    public var locales: [String] { texts.locales }

    /// The digest of the JSON `root`: FNV-1a over its canonical text.
    static func digest(of root: JSONNode) -> String {
        var hash = FNV1a()
        canonical(root, into: &hash)
        return hash.hex
    }

    /// Feeds `node` to `hash` as JSON with each object's keys sorted and no
    /// whitespace, byte by byte, without making the text.
    static func canonical(_ node: JSONNode, into hash: inout FNV1a) {
        switch node.value {
        case .object(let members):
            hash.add("{")
            for (index, member) in members.sorted(by: { $0.key < $1.key }).enumerated() {
                if index > 0 { hash.add(",") }
                hash.addQuoted(member.key)
                hash.add(":")
                canonical(member.value, into: &hash)
            }
            hash.add("}")
        case .array(let elements):
            hash.add("[")
            for (index, element) in elements.enumerated() {
                if index > 0 { hash.add(",") }
                canonical(element, into: &hash)
            }
            hash.add("]")
        case .string(let string): hash.addQuoted(string)
        case .number(let number): hash.add(number.literal)
        case .bool(let flag): hash.add(flag ? "true" : "false")
        case .null: hash.add("null")
        }
    }

    /// The 64-bit FNV-1a digest of `bytes`, as 16 hex digits.
    package static func digest(of bytes: [UInt8]) -> String {
        var hash = FNV1a()
        for byte in bytes { hash.add(byte) }
        return hash.hex
    }

    /// The instance with `id`.
    public func instance(_ id: String) -> ModuleInstance? {
        instances.first { $0.id == id }
    }
}

/// A requirement a variant must meet (a user-interface requirement of
/// IEC 62366-1, say), traced to the rules that prove it and the scripts
/// that exercise it.
///
/// ```json
/// "requirements": [
///   { "id": "UR-PRIV-01", "text": "Consent comes before any result.", "critical": true }
/// ]
/// ```
public struct Requirement: Hashable, Sendable {
    /// A stable id (`UR-PRIV-01`).
    public let id: String
    /// What must be true, as a reviewer reads it.
    public let text: String
    /// Whether it is hazard-related: left uncovered, it is an error, not
    /// a warning.
    public let critical: Bool
    /// Where it is written.
    public let location: TextLocation
    /// Its JSON path (`requirements[0]`).
    public let path: String
}

/// An app variant's metadata.
public struct AppInfo: Hashable, Sendable {
    /// A stable id (`covid-antigen-home`).
    public let id: String
    /// The name people see.
    public let name: String
    /// Who uses it, in the app family's own words (`lay`, `professional`,
    /// `school nurses`); `nil` when the manifest does not say. Stepflow
    /// gives it no meaning: modules that behave differently per audience
    /// take an option (the onboarding's `audience`).
    public let audience: String?

    /// An app's metadata.
    public init(id: String, name: String, audience: String? = nil) {
        self.id = id
        self.name = name
        self.audience = audience
    }
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
    /// The texts of translatable options given per locale, by option
    /// name and locale (`hours` → `de` → "montags …"). An option given as
    /// one string for every locale is not here.
    public let optionTexts: [String: [String: String]]
    /// Where each option the manifest gives is written.
    public let optionLocations: [String: TextLocation]
    /// Options that do not apply with the others' values (a lab for lay
    /// advice): required only elsewhere, and not given. They hold the
    /// module's example so the module can be made, but nothing shows or
    /// compares them.
    public let inapplicableOptions: Set<String>
    /// The options whose values are words a person reads
    /// (`OptionSpec.isTranslatable`) and that apply here, in the
    /// module's order: what is shown per locale, and what the String
    /// Catalog may translate (`option:<instance>.<option>`).
    public let translatableOptions: [String]

    /// The options that apply, with their values: given, or defaulted.
    public var applicableOptions: [String: ModuleValue] {
        options.values.filter { !inapplicableOptions.contains($0.key) }
    }

    /// An instance of `module` with `options`, taking `exits`.
    public init(
        id: String, module: String, options: ModuleOptions, exits: [ExitSpec],
        optionTexts: [String: [String: String]] = [:],
        optionLocations: [String: TextLocation] = [:], inapplicableOptions: Set<String> = [],
        translatableOptions: [String] = []
    ) {
        self.inapplicableOptions = inapplicableOptions
        self.translatableOptions = translatableOptions
        self.id = id
        self.module = module
        self.options = options
        self.exits = exits
        self.optionTexts = optionTexts
        self.optionLocations = optionLocations
    }
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
///     "until": "result/submitted" }
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
        }
    }

    /// The rule's name.
    public var description: String { name }
}

extension Manifest {
    /// The app's name as people see it in `locale`: the String Catalog's
    /// `app:name` in that locale, or else `app.name`.
    public func appName(in locale: String) -> String {
        texts.appName(locale: locale) ?? app.name
    }

    /// `instance`'s options as shown in `locale`: each translatable option
    /// in that locale's words, from the manifest (given per locale) or the
    /// String Catalog (`option:<instance>.<option>`); otherwise as given.
    public func options(of instance: ModuleInstance, in locale: String) -> ModuleOptions {
        var changes: [String: ModuleValue] = [:]
        for name in instance.translatableOptions {
            if let text = instance.optionTexts[name]?[locale]
                ?? texts.optionText(instance: instance.id, option: name, locale: locale)
            {
                changes[name] = .text(text)
            }
        }
        return changes.isEmpty ? instance.options : instance.options.replacing(changes)
    }
}

/// The least share of a variant its acceptance scripts must take before it
/// is ready for sign-off, per kind, in whole percent (the manifest's
/// `"coverage"`).
public struct CoverageMinimum: Hashable, Sendable {
    /// What is counted.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Screens a person can see.
        case screens
        /// Edges of the screen/step graph.
        case edges
        /// State transitions: every input in every state.
        case transitions
    }

    /// The minimum percent of each kind that has one.
    public var percents: [Kind: Int] = [:]
    /// Where the manifest sets it.
    public let location: TextLocation

    /// No minimum yet, set at `location`.
    init(location: TextLocation) { self.location = location }
}

/// A 64-bit FNV-1a hash, fed byte by byte.
struct FNV1a {
    private var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ byte: UInt8) {
        value ^= UInt64(byte)
        value &*= 0x0000_0100_0000_01b3
    }

    mutating func add(_ text: String) {
        for byte in text.utf8 { add(byte) }
    }

    /// Feeds `text` as ``JSONText/string(_:)`` writes it: quoted, with `"`,
    /// `\\` and control characters escaped. Every byte it escapes is ASCII,
    /// and no byte of a longer UTF-8 sequence is, so it goes byte by byte.
    mutating func addQuoted(_ text: String) {
        add(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): add("\\\"")
            case UInt8(ascii: "\\"): add("\\\\")
            case UInt8(ascii: "\n"): add("\\n")
            case UInt8(ascii: "\r"): add("\\r")
            case UInt8(ascii: "\t"): add("\\t")
            case 0..<0x20:
                add("\\u00")
                let digits = Array("0123456789abcdef".utf8)
                add(digits[Int(byte >> 4)])
                add(digits[Int(byte & 0xF)])
            default: add(byte)
            }
        }
        add(UInt8(ascii: "\""))
    }

    /// The hash as 16 hex digits.
    var hex: String {
        let hex = String(value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
