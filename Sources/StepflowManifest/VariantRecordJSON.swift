package import Stepflow

/// Reads and writes a `VariantRecord` (Stepflow) as JSON without
/// Foundation, in the shape its `Codable` conformance gives (so an app
/// with Foundation may write it with `JSONEncoder` and read it here): what
/// a saved walk keeps (`"kept"`) and what `rootapp walk --device` keeps
/// across launches.
///
/// ```json
/// {"entries": {
///   "reading": {"text": "5.4", "class": "normal"},
///   "kept": {"items": [[{"name": "result", "text": "normal", "class": "normal"}]]}
/// }}
/// ```
package enum VariantRecordJSON {
    /// The JSON text of `record`: entries by key, sorted.
    package static func encode(_ record: VariantRecord) -> String {
        let entries = record.keys.map { key in
            "\(JSONText.string(key)): \(encode(record.entries[key]!))"  // a key of the record
        }
        return "{\"entries\": {" + entries.joined(separator: ", ") + "}}"
    }

    private static func encode(_ entry: RecordEntry) -> String {
        switch entry {
        case .value(let value): return encode(value)
        case .items(let items):
            let written = items.map { item in
                "[" + item.values.map { named in encode(named.value, name: named.name) }.joined(separator: ", ") + "]"
            }
            return "{\"items\": [" + written.joined(separator: ", ") + "]}"
        }
    }

    private static func encode(_ value: RecordValue, name: String? = nil) -> String {
        var members = name.map { ["\"name\": \(JSONText.string($0))"] } ?? []
        members.append("\"text\": \(JSONText.string(value.text))")
        if let valueClass = value.valueClass { members.append("\"class\": \(JSONText.string(valueClass))") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// Why a record's JSON was refused: where, and what.
    package struct Problem: Error, Hashable, Sendable {
        /// Where in the text.
        package let location: TextLocation
        /// Its JSON path (`kept.entries.reading.text`).
        package let path: String
        /// What is wrong, and the fix.
        package let message: String
    }

    /// The record the JSON text `bytes` holds.
    ///
    /// - Throws: ``Problem`` for text that is not JSON, or at the first
    ///   member of the wrong shape.
    package static func decode(_ bytes: [UInt8]) throws(Problem) -> VariantRecord {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw Problem(location: error.location, path: "", message: "invalid JSON: \(error.message)")
        }
        return try decode(root, at: .root)
    }

    /// The record `node` (at `path`) holds.
    ///
    /// - Throws: ``Problem`` at the first member of the wrong shape.
    static func decode(_ node: JSONNode, at path: JSONPath) throws(Problem) -> VariantRecord {
        let top = try object(node, path, required: ["entries"], what: "a record ({\"entries\": {…}})")
        // `entries` is required just above.
        let entriesNode = top["entries"]!
        guard case .object(let members) = entriesNode.value else {
            throw Problem(
                location: entriesNode.location, path: path.key("entries").description,
                message: "expected the entries by key (a JSON object), found \(DiagnosticLog.describe(entriesNode)).")
        }
        var entries: [String: RecordEntry] = [:]
        for member in members {
            let at = path.key("entries").key(member.key)
            guard entries[member.key] == nil else {
                throw Problem(
                    location: member.keyLocation, path: at.description, message: "'\(member.key)' is given twice.")
            }
            entries[member.key] = try entry(member.value, at)
        }
        return VariantRecord(entries: entries)
    }

    private static func entry(_ node: JSONNode, _ path: JSONPath) throws(Problem) -> RecordEntry {
        if case .object(let members) = node.value, members.contains(where: { $0.key == "items" }) {
            let fields = try object(node, path, required: ["items"], what: "a list ({\"items\": […]})")
            let itemsNode = fields["items"]!  // required just above
            guard case .array(let items) = itemsNode.value else {
                throw Problem(
                    location: itemsNode.location, path: path.key("items").description,
                    message: "expected a list of items, found \(DiagnosticLog.describe(itemsNode)).")
            }
            var read: [RecordItem] = []
            for (index, item) in items.enumerated() {
                let at = path.key("items").index(index)
                guard case .array(let values) = item.value else {
                    throw Problem(
                        location: item.location, path: at.description,
                        message: "expected an item (a list of named values), found \(DiagnosticLog.describe(item)).")
                }
                var named: [RecordItem.Named] = []
                for (position, valueNode) in values.enumerated() {
                    let (name, value) = try self.value(valueNode, at.index(position), named: true)
                    named.append(RecordItem.Named(name ?? "", value))
                }
                read.append(RecordItem(named))
            }
            return .items(read)
        }
        return .value(try value(node, path, named: false).value)
    }

    private static func value(
        _ node: JSONNode, _ path: JSONPath, named: Bool
    ) throws(Problem) -> (name: String?, value: RecordValue) {
        let fields = try object(
            node, path, required: named ? ["name", "text"] : ["text"], optional: ["class"],
            what: named ? "a named value ({\"name\": …, \"text\": …})" : "a value ({\"text\": …})")
        func text(_ key: String) throws(Problem) -> String? {
            guard let member = fields[key] else { return nil }
            guard case .string(let text) = member.value else {
                throw Problem(
                    location: member.location, path: path.key(key).description,
                    message: "expected a string, found \(DiagnosticLog.describe(member)).")
            }
            return text
        }
        // `text` is required above.
        return (try text("name"), RecordValue(try text("text")!, class: try text("class")))
    }

    private static func object(
        _ node: JSONNode, _ path: JSONPath, required: [String], optional: [String] = [], what: String
    ) throws(Problem) -> [String: JSONNode] {
        var log = DiagnosticLog(file: "")
        let found = log.object(node, path, what: what, required: required, optional: optional)
        if let problem = log.items.first {
            throw Problem(
                location: problem.location ?? node.location, path: problem.path, message: problem.message)
        }
        return found?.mapValues(\.value) ?? [:]
    }
}
