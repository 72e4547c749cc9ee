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
    package let app: AppInfo
    /// The module instances, in file order.
    package let instances: [ModuleInstance]
    /// The instance the app starts with.
    public let start: String
    /// Where each `instance.exit` leads.
    package let routes: [RouteKey: RouteTarget]
    /// The links the variant routes (`"links"`), in file order.
    package internal(set) var links: [LinkRoute] = []
    /// What the variant records of what a person gives (`"record"` and
    /// its modules' declarations): each entry's owner, readers and
    /// lifetime.
    public internal(set) var record = RecordSchema([])
    /// Path rules the variant's navigation graph must satisfy.
    package let rules: [PathRuleSpec]
    /// Problems that do not stop the manifest from working.
    package let warnings: [ManifestDiagnostic]
    /// The variant's own texts: locales, overrides and translations.
    package let texts: VariantTexts
    /// What the variant must do, for the people who sign it off: each
    /// proved by rules and exercised by scripts that name it.
    package let requirements: [Requirement]
    /// The folder of the variant's acceptance scripts (`"scripts"`,
    /// beside the manifest), if it names one.
    package let scriptsFolder: String?
    /// The least coverage the acceptance scripts must reach before the
    /// variant is ready for sign-off (`"coverage"`), if the manifest sets one.
    package let coverageMinimum: CoverageMinimum?
    /// How the variant runs on a device (`"device"`): its app id there, and
    /// how a device gives the outside answers scripts give by hand; `nil`
    /// when the manifest has no `device` section.
    package let device: DeviceSettings?
    /// What this release does with a walk another release saved that does
    /// not replay here whole (`"restoreOnUpdate"`): by default, refuse it.
    public internal(set) var restoreOnUpdate = RestorePolicies()
    /// The day the tools judge the variant's date classes on (`ValueRule.dates(from:through:)`):
    /// the manifest's `referenceDate`, for an analysis and suites that
    /// read the same on any day; else the day the manifest was loaded.
    /// An app judges them on the device's day (`ModuleEnvironment.today`).
    public internal(set) var referenceDate = CalendarDate.today()
    /// Whether ``referenceDate`` is the manifest's (`true`) or the day it
    /// was loaded.
    package internal(set) var pinsReferenceDate = false
    /// `2026-11-29 (the manifest's referenceDate)`: the day, and where it
    /// comes from, as a verdict names it.
    package var referenceDateSaid: String {
        "\(referenceDate) (\(pinsReferenceDate ? "the manifest's referenceDate" : "the day of the run"))"
    }

    /// A digest of what the manifest says (64-bit FNV-1a, in hex, of its
    /// JSON with keys sorted and no whitespace): any edit to a value, a key
    /// or an order that matters changes it; whitespace and the order of
    /// an object's keys do not. A saved navigation carries it, so a walk
    /// saved under one variant is not resumed under an edited one; a
    /// review report and a JUnit file carry it, so a sign-off is tied to
    /// the variant it signed.
    package internal(set) var digest = ""
    /// The SHA-256 digest of the same canonical JSON (64 hex digits):
    /// what a review package, its sign-off and a JUnit file name the
    /// variant by, where a 64-bit hash could be collided on purpose.
    package internal(set) var signedDigest = ""

    /// The locales the variant ships, the default first.
    public var locales: [String] { texts.locales }

    /// The digest of the JSON `root`: FNV-1a over its canonical text.
    static func digest(of root: JSONNode) -> String {
        var hash = FNV1a()
        canonical(root, into: &hash)
        return hash.hex
    }

    /// The SHA-256 digest of the JSON `root`'s canonical text.
    static func signedDigest(of root: JSONNode) -> String {
        var hash = SHA256()
        canonical(root, into: &hash)
        return hash.hex
    }

    /// The SHA-256 digest of `bytes`, as 64 hex digits.
    package static func signedDigest(of bytes: [UInt8]) -> String {
        var hash = SHA256()
        for byte in bytes { hash.add(byte) }
        return hash.hex
    }

    /// Feeds `node` to `hash` as JSON with each object's keys sorted and no
    /// whitespace, byte by byte, without making the text.
    static func canonical(_ node: JSONNode, into hash: inout some DigestSink) {
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
    package func instance(_ id: String) -> ModuleInstance? {
        instances.first { $0.id == id }
    }
}

extension Manifest {
    /// The app's name as people see it in `locale`: the String Catalog's
    /// `app:name` in that locale, or else `app.name`.
    package func appName(in locale: String) -> String {
        texts.appName(locale: locale) ?? app.name
    }

    /// `instance`'s options as shown in `locale`: each translatable option
    /// in that locale's words, from the manifest (given per locale) or the
    /// String Catalog (`option:<instance>.<option>`); otherwise as given.
    package func options(of instance: ModuleInstance, in locale: String) -> ModuleOptions {
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
