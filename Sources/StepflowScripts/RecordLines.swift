package import Stepflow

/// The variant's record in lines a person reads, in the order its schema
/// lists the entries: each entry's label and key, what it holds, who owns
/// it and how long it lives. What `rootapp walk` prints on `r`, and what
/// the review package lists.
///
/// ```
/// HbA1c (%) (reading, by test, until home, intake or test is entered): 5.4 (normal)
/// Results kept for the lab (kept, by result, kept on the device): 1
///   - result: normal (normal), patient: P-1024, reading: 5.4 (normal)
/// ```
package enum RecordLines {
    /// The lines for `record` under `schema`; entries the record does not
    /// hold are left out (`includingEmpty`: listed as `—`).
    package static func lines(
        _ record: VariantRecord, schema: RecordSchema, includingEmpty: Bool = false
    ) -> [String] {
        var lines: [String] = []
        let keys = schema.keys + record.keys.filter { schema.entries[$0] == nil }
        for key in keys {
            let entry = record.entries[key]
            guard entry != nil || includingEmpty else { continue }
            let declared = schema.entries[key]
            let about =
                declared.map { "\($0.spec.label) (\(key), by \($0.owner), \($0.lifetime))" } ?? key
            switch entry {
            case nil:
                lines.append("\(about): —")
            case .value(let value):
                lines.append("\(about): \(value)")
            case .items(let items):
                let capacity = declared?.spec.capacity.map { " of at most \($0)" } ?? ""
                lines.append("\(about): \(items.count)\(capacity)")
                for item in items {
                    lines.append(
                        "  - " + item.values.map { "\($0.name): \($0.value)" }.joined(separator: ", "))
                }
            }
        }
        return lines
    }

    /// The entries `record` holds in one phrase: `results waiting for the
    /// lab (1)` (each list by its label and count; a value by its label).
    package static func phrase(_ record: VariantRecord, schema: RecordSchema) -> String {
        record.keys.map { key in
            let label = schema.entries[key]?.spec.label ?? key
            let lowered = label.prefix(1).lowercased() + label.dropFirst()
            if case .items(let items) = record.entries[key] { return "\(lowered) (\(items.count))" }
            return lowered
        }.joined(separator: "; ")
    }
}
