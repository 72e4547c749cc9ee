package import Stepflow

/// Reads and writes a `SavedNavigation` as JSON, without Foundation: the
/// same shape `JSONEncoder` gives its synthesized `Codable` conformance, so
/// an app may write it either way and read it with either.
///
/// ```json
/// {
///   "format": 2,
///   "fingerprint": "covid-antigen-home 5d0e6c2a91f3b7e4",
///   "screens": ["onboarding/welcome", "onboarding/howItWorks"],
///   "entries": [
///     {"coordinate": {"flow": "covid-antigen-home"}},
///     {"work": {"count": 1}},
///     {"select": {"flow": 2, "screen": 1, "id": "onboarding/welcome", "action": 0, "step": "start",
///                 "label": "Get started"}},
///     {"started": {"stepper": 4, "milliseconds": 1795426000000}}
///   ]
/// }
/// ```
///
/// Reading is strict: a wrong or missing member, an unknown entry or an
/// out-of-range number is refused with the file, line, column, JSON path
/// and the fix. It never crashes, on any input.
package enum SavedNavigationJSON {
    /// The largest file read (64 MiB): about a million inputs.
    package static let maximumFileSize = 64 << 20

    /// The JSON text of `saved`: one entry per line, so that two saves
    /// diff line by line.
    package static func encode(_ saved: SavedNavigation) -> String {
        var text = "{\n  \"format\": \(saved.format),\n  \"fingerprint\": \(JSONText.string(saved.fingerprint)),\n"
        if !saved.versions.isEmpty { text += "  \"versions\": \(object(saved.versions)),\n" }
        if !saved.kept.isEmpty { text += "  \"kept\": \(VariantRecordJSON.encode(saved.kept)),\n" }
        text += "  \"screens\": \(JSONText.array(saved.screens)),\n  \"entries\": ["
        for (index, entry) in saved.entries.enumerated() {
            text += (index == 0 ? "\n    " : ",\n    ") + encode(entry)
        }
        return text + (saved.entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
    }

    /// `{"a": "b", …}`, keys in order.
    private static func object(_ strings: [String: String]) -> String {
        let members = strings.sorted { $0.key < $1.key }.map {
            "\(JSONText.string($0.key)): \(JSONText.string($0.value))"
        }
        return "{" + members.joined(separator: ", ") + "}"
    }

    private static func encode(_ entry: SavedNavigation.Entry) -> String {
        func object(_ kind: String, _ members: [(String, String)]) -> String {
            "{\"\(kind)\": {" + members.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}}"
        }
        let string = JSONText.string
        switch entry {
        case .coordinate(let flow):
            return object("coordinate", [("flow", string(flow))])
        case .select(let flow, let screen, let id, let action, let step, let label):
            return object(
                "select",
                [
                    ("flow", "\(flow)"), ("screen", "\(screen)"), ("id", string(id)), ("action", "\(action)"),
                    ("step", string(step)), ("label", string(label)),
                ])
        case .submit(let flow, let screen, let id, let action, let step, let label, let values, let classes):
            return object(
                "submit",
                [
                    ("flow", "\(flow)"), ("screen", "\(screen)"), ("id", string(id)), ("action", "\(action)"),
                    ("step", string(step)), ("label", string(label)), ("values", Self.object(values)),
                    ("classes", Self.object(classes)),
                ])
        case .removedByUI(let screen, let id):
            return object("removedByUI", [("screen", "\(screen)"), ("id", string(id))])
        case .selectSection(let flow, let name, let section):
            return object("selectSection", [("flow", "\(flow)"), ("name", string(name)), ("section", string(section))])
        case .emit(let stepper, let name, let step):
            return object("emit", [("stepper", "\(stepper)"), ("name", string(name)), ("step", string(step))])
        case .deepLink(let step):
            return object("deepLink", [("step", string(step))])
        case .link(let address):
            return object("link", [("address", string(address))])
        case .answer(let adaptation, let step):
            // As `Codable` writes an optional: left out when `nil`.
            return object("answer", [("adaptation", "\(adaptation)")] + (step.map { [("step", string($0))] } ?? []))
        case .work(let count):
            return object("work", [("count", "\(count)")])
        case .started(let stepper, let milliseconds):
            return object("started", [("stepper", "\(stepper)"), ("milliseconds", "\(milliseconds)")])
        }
    }

    /// Reads the saved navigation at `path` (`-`: standard input).
    package static func load(path: String) throws(SavedNavigationError) -> SavedNavigation {
        let bytes: [UInt8]
        do throws(FileReadFailure) {
            bytes = try FileBytes.read(
                path: path, stoppingAfter: maximumFileSize, kind: "saved navigation (.json file)")
        } catch {
            switch error {
            case .notFound:
                throw SavedNavigationError(
                    file: path, kind: .fileNotFound,
                    "cannot open the file: No such file or directory. To fix, check the path.")
            case .unreadable(let reason):
                throw SavedNavigationError(file: path, kind: .unreadable, "cannot read the file: \(reason).")
            }
        }
        return try decode(bytes, file: path)
    }

    /// Reads `bytes` as the saved navigation `file`.
    package static func decode(_ bytes: [UInt8], file: String) throws(SavedNavigationError) -> SavedNavigation {
        guard bytes.count <= maximumFileSize else {
            throw SavedNavigationError(
                file: file, kind: .invalid,
                """
                the file is over \(maximumFileSize >> 20) MiB; a saved navigation is far smaller. To fix, check \
                that this file is one.
                """
            )
        }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw SavedNavigationError(
                file: file, kind: .invalid, "the file is empty (was the app killed while saving?). Start afresh.")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw SavedNavigationError(
                file: file, kind: .invalid, location: error.location,
                error.isEncodingError
                    ? error.message
                    : """
                    invalid JSON: \(error.message)\(error.message.hasSuffix(".") ? "" : ".") Was it cut short? \
                    Start afresh.
                    """
            )
        }
        var reader = Reader(file: file)
        return try reader.navigation(root)
    }

    /// Reads JSON nodes into a saved navigation, failing at the first
    /// wrong one with its place.
    private struct Reader {
        let file: String

        func fail(_ node: JSONNode, _ path: JSONPath, _ message: String) -> SavedNavigationError {
            SavedNavigationError(file: file, kind: .invalid, location: node.location, path: path.description, message)
        }

        /// The members of an object node, by key: checked as a manifest's
        /// objects are (``DiagnosticLog/object(_:_:what:required:optional:)``:
        /// not an object, an unknown, repeated or missing key), the first
        /// problem thrown.
        func members(
            _ node: JSONNode, _ path: JSONPath, what: String, required: [String], optional: [String] = []
        ) throws(SavedNavigationError) -> [String: JSONNode] {
            var log = DiagnosticLog(file: file)
            let found = log.object(node, path, what: what, required: required, optional: optional)
            if let problem = log.items.first {
                throw SavedNavigationError(
                    file: file, kind: .invalid, location: problem.location, path: problem.path, problem.message)
            }
            return found?.mapValues(\.value) ?? [:]
        }

        func string(_ node: JSONNode, _ path: JSONPath) throws(SavedNavigationError) -> String {
            guard case .string(let text) = node.value else {
                throw fail(node, path, "expected a string, found \(DiagnosticLog.describe(node)).")
            }
            return text
        }

        func integer<Number: FixedWidthInteger>(
            _ node: JSONNode, _ path: JSONPath, _ type: Number.Type, atLeast minimum: Number = 0
        ) throws(SavedNavigationError) -> Number {
            guard case .number(let number) = node.value,
                !number.literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }),
                let value = Number(number.literal), value >= minimum
            else {
                throw fail(
                    node, path,
                    "expected a whole number from \(minimum) to \(Number.max), found \(DiagnosticLog.describe(node)).")
            }
            return value
        }

        mutating func navigation(_ root: JSONNode) throws(SavedNavigationError) -> SavedNavigation {
            let path = JSONPath.root
            let top = try members(
                root, path, what: "a saved navigation", required: ["format", "fingerprint", "screens", "entries"],
                optional: ["versions", "kept"])
            let format = try integer(top["format"]!, path.key("format"), Int.self)  // required above
            let readable = SavedNavigation.readableFormats
            guard readable.contains(format) else {
                throw fail(
                    top["format"]!, path.key("format"),  // required above
                    """
                    format \(format) is not one this version reads (\(readable.lowerBound) to \(readable.upperBound)). \
                    Start afresh.
                    """
                )
            }
            // required above
            var saved = SavedNavigation(fingerprint: try string(top["fingerprint"]!, path.key("fingerprint")))
            saved.format = format
            if let versions = top["versions"] { saved.versions = try strings(versions, path.key("versions")) }
            if let kept = top["kept"] {
                do throws(VariantRecordJSON.Problem) {
                    saved.kept = try VariantRecordJSON.decode(kept, at: path.key("kept"))
                } catch {
                    throw SavedNavigationError(
                        file: file, kind: .invalid, location: error.location, path: error.path, error.message)
                }
            }
            let screensNode = top["screens"]!  // required above
            guard case .array(let screens) = screensNode.value else {
                throw fail(
                    screensNode, path.key("screens"),
                    "expected a list of screen ids, found \(screensNode.value.kindDescription).")
            }
            for (index, screen) in screens.enumerated() {
                saved.screens.append(try string(screen, path.key("screens").index(index)))
            }
            let entriesNode = top["entries"]!  // required above
            guard case .array(let entries) = entriesNode.value else {
                throw fail(
                    entriesNode, path.key("entries"),
                    "expected a list of entries, found \(entriesNode.value.kindDescription).")
            }
            saved.entries.reserveCapacity(entries.count)
            for (index, node) in entries.enumerated() {
                saved.entries.append(try entry(node, path.key("entries").index(index)))
            }
            return saved
        }

        /// An object of field names (or part names) to texts.
        func strings(_ node: JSONNode, _ path: JSONPath) throws(SavedNavigationError) -> [String: String] {
            guard case .object(let members) = node.value else {
                throw fail(
                    node, path, "expected an object of names to texts, found \(node.value.kindDescription).")
            }
            var strings: [String: String] = [:]
            for member in members {
                guard strings[member.key] == nil else {
                    throw fail(member.value, path.key(member.key), "'\(member.key)' is given twice.")
                }
                strings[member.key] = try string(member.value, path.key(member.key))
            }
            return strings
        }

        static let kinds = [
            "coordinate", "select", "submit", "removedByUI", "selectSection", "emit", "deepLink", "link", "answer",
            "work", "started",
        ]

        func entry(_ node: JSONNode, _ path: JSONPath) throws(SavedNavigationError) -> SavedNavigation.Entry {
            guard case .object(let outer) = node.value, outer.count == 1 else {
                throw fail(
                    node, path,
                    """
                    expected an entry: an object with one member, its kind \
                    (\(Self.kinds.joined(separator: ", "))), found \(node.value.kindDescription).
                    """
                )
            }
            let kind = outer[0].key
            let body = outer[0].value
            let at = path.key(kind)
            func fields(_ names: [String], optional: [String] = []) throws(SavedNavigationError) -> [String: JSONNode] {
                try members(body, at, what: "a '\(kind)' entry", required: names, optional: optional)
            }
            switch kind {
            case "coordinate":
                let f = try fields(["flow"])
                return .coordinate(flow: try string(f["flow"]!, at.key("flow")))  // required above
            case "select":
                let f = try fields(["flow", "screen", "id", "action", "step", "label"])
                return .select(  // every member required above
                    flow: try integer(f["flow"]!, at.key("flow"), UInt32.self),
                    screen: try integer(f["screen"]!, at.key("screen"), UInt64.self),
                    id: try string(f["id"]!, at.key("id")),
                    action: try integer(f["action"]!, at.key("action"), Int.self),
                    step: try string(f["step"]!, at.key("step")),
                    label: try string(f["label"]!, at.key("label"))
                )
            case "submit":
                let f = try fields(
                    ["flow", "screen", "id", "action", "step", "label", "values"], optional: ["classes"])
                let values = try strings(f["values"]!, at.key("values"))  // required above
                let classes = try f["classes"].map { node throws(SavedNavigationError) in
                    try strings(node, at.key("classes"))
                }
                return .submit(  // every member required above
                    flow: try integer(f["flow"]!, at.key("flow"), UInt32.self),
                    screen: try integer(f["screen"]!, at.key("screen"), UInt64.self),
                    id: try string(f["id"]!, at.key("id")),
                    action: try integer(f["action"]!, at.key("action"), Int.self),
                    step: try string(f["step"]!, at.key("step")),
                    label: try string(f["label"]!, at.key("label")),
                    values: values, classes: classes ?? [:]
                )
            case "removedByUI":
                let f = try fields(["screen", "id"])
                return .removedByUI(
                    screen: try integer(f["screen"]!, at.key("screen"), UInt64.self),
                    id: try string(f["id"]!, at.key("id")))  // required above
            case "selectSection":
                let f = try fields(["flow", "name", "section"])
                return .selectSection(  // every member required above
                    flow: try integer(f["flow"]!, at.key("flow"), UInt32.self),
                    name: try string(f["name"]!, at.key("name")),
                    section: try string(f["section"]!, at.key("section")))
            case "emit":
                let f = try fields(["stepper", "name", "step"])
                return .emit(  // every member required above
                    stepper: try integer(f["stepper"]!, at.key("stepper"), UInt64.self),
                    name: try string(f["name"]!, at.key("name")),
                    step: try string(f["step"]!, at.key("step"))
                )
            case "deepLink":
                let f = try fields(["step"])
                return .deepLink(step: try string(f["step"]!, at.key("step")))  // required above
            case "link":
                let f = try fields(["address"])
                return .link(address: try string(f["address"]!, at.key("address")))  // required above
            case "answer":
                let f = try fields(["adaptation"], optional: ["step"])
                var step: String?
                if let node = f["step"], node.value != .null { step = try string(node, at.key("step")) }
                // required above
                return .answer(adaptation: try integer(f["adaptation"]!, at.key("adaptation"), Int.self), step: step)
            case "work":
                let f = try fields(["count"])
                return .work(count: try integer(f["count"]!, at.key("count"), Int.self, atLeast: 1))  // required above
            case "started":
                let f = try fields(["stepper", "milliseconds"])
                return .started(  // every member required above
                    stepper: try integer(f["stepper"]!, at.key("stepper"), UInt64.self),
                    milliseconds: try integer(f["milliseconds"]!, at.key("milliseconds"), Int64.self, atLeast: .min)
                )
            default:
                let hint = Suggestion.nearest(to: kind, in: Self.kinds).map { " Did you mean '\($0)'?" } ?? ""
                throw SavedNavigationError(
                    file: file, kind: .invalid, location: outer[0].keyLocation, path: at.description,
                    "unknown entry '\(kind)'.\(hint) Entries are: \(Self.kinds.joined(separator: ", ")).")
            }
        }
    }
}

/// Why a saved navigation file could not be read: it names the file, the
/// place (line, column and JSON path) where there is one, and the fix.
public struct SavedNavigationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    package enum Kind: Hashable, Sendable {
        /// No file at the path.
        case fileNotFound
        /// The file cannot be read (a folder, no permission).
        case unreadable
        /// It is not a saved navigation: not JSON, or not this shape.
        case invalid
    }

    /// The file.
    package let file: String
    /// The kind of problem.
    package let kind: Kind
    /// Where in the file, when the problem is in its text.
    package let location: TextLocation?
    /// The JSON path (`entries[3].select.action`); empty for the whole file.
    package let path: String
    /// What is wrong and the fix.
    package let message: String

    init(file: String, kind: Kind, location: TextLocation? = nil, path: String = "", _ message: String) {
        self.file = file
        self.kind = kind
        self.location = location
        self.path = path
        self.message = message
    }

    /// `file:line:column: error: path: message`.
    public var description: String {
        "\(file)\(location.map { ":\($0)" } ?? ""): error: \(path.isEmpty ? "" : "\(path): ")\(message)"
    }
}
