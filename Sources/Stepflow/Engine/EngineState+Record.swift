// The record's transitions: writes, reads and an entry's end, checked
// against the variant's schema, each a command on the navigation state so
// that it is rendered and reported as any change is.
extension EngineState {
    /// The record scope of flow `id`: the module instance it runs in.
    func recordScope(of id: FlowID) -> String? { flows[id]?.scope }

    /// Applies `operation` as flow `flow` asked; refused, with the reason,
    /// when the schema does not let the flow's instance do it.
    mutating func record(
        _ operation: RecordOperation, by flow: FlowInfo, from origin: ValueOrigin? = nil,
        _ transaction: inout Transaction
    ) {
        let scope = recordScope(of: flow.id)
        if let schema = recordSchema,
            let refusal = schema.refusal(of: operation, by: scope, holding: navigation.record)
        {
            statistics.dropped += 1
            return transaction.changes.append(.recordRefused(reason: refusal))
        }
        command(.record(operation, by: scope, origin: origin), &transaction)
    }

    /// The entries `keys` as flow `flow` may read them: one it may not is
    /// read as absent, and the refusal said.
    func recordView(_ keys: [String], for flow: FlowInfo, _ transaction: inout Transaction) -> RecordView {
        let scope = recordScope(of: flow.id)
        var entries: [String: RecordEntry] = [:]
        for key in keys {
            if let schema = recordSchema, let refusal = schema.refusal(reading: key, by: scope) {
                transaction.changes.append(.recordRefused(reason: refusal))
                continue
            }
            if let entry = navigation.record.entries[key] { entries[key] = entry }
        }
        return RecordView(entries)
    }

    /// Records the values of `fields` a person entered (those bound to an
    /// entry), as flow `flow`'s instance, typed on `screen`: each value
    /// with its class and origin; an optional field left empty clears its
    /// entry.
    mutating func recordEntered(
        _ values: EnteredValues, fields: [EntryField], submitting submits: [String], on screen: String,
        by flow: FlowInfo, _ transaction: inout Transaction
    ) {
        for field in fields where submits.contains(field.name) {
            guard let key = field.recordKey else { continue }
            let text = values[field.name]
            if text.isEmpty {
                record(.clear(key), by: flow, &transaction)
            } else {
                let value = RecordValue(text, class: values.valueClass(of: field.name))
                record(.set(key, value), by: flow, from: .typed(screen: screen, field: field.name), &transaction)
            }
        }
    }

    /// `fields` showing the values their record entries hold, their date
    /// classes judged on the walk's day (``referenceDate``, or the
    /// device's day now).
    func filled(_ fields: [EntryField]) -> [EntryField] {
        let moves = fields.contains { $0.classes.contains(where: \.movesWithDate) }
        guard moves || fields.contains(where: { $0.recordKey != nil }) else { return fields }
        let day = moves ? referenceDate ?? CalendarDate.today() : CalendarDate.first
        return fields.map { field in
            var shown = moves ? field.judged(on: day) : field
            if let key = field.recordKey { shown.value = navigation.record[key]?.text }
            return shown
        }
    }

    /// The record holds `kept` (what the device kept), before a root starts.
    package mutating func keep(_ kept: VariantRecord) {
        navigation.record = kept
    }

    /// What the record holds that outlives the walk, under `schema`: every
    /// entry kept on the device (without a schema, every entry).
    package func keptOnDevice() -> VariantRecord {
        guard let schema = recordSchema else { return navigation.record }
        return navigation.record.keeping { schema.isKept($0) }
    }

    /// The app ended: every entry that lives no longer than the walk goes;
    /// those kept on the device stay for the next launch.
    mutating func endWalk(_ transaction: inout Transaction) {
        let schema = recordSchema
        for key in navigation.record.keys where !(schema?.isKept(key) ?? false) {
            command(.record(.clear(key), by: nil, origin: nil), &transaction)
        }
    }
}
