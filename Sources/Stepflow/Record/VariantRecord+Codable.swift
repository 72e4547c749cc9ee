// The record as an app persists it (what its device keeps across
// launches, in a saved walk): small JSON, the same shape the
// Foundation-free reader in StepflowManifest reads and writes.
//
//   {"entries": {"reading": {"text": "5.4", "class": "normal"},
//                "kept": {"items": [[{"name": "result", "text": "normal", "class": "normal"}, …]]}}}

extension RecordValue: Codable {
    private enum CodingKeys: String, CodingKey { case text, valueClass = "class" }

    /// Reads `{"text": …, "class": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .text),
            class: try container.decodeIfPresent(String.self, forKey: .valueClass))
    }

    /// Writes `{"text": …, "class": …}` (no class when it has none).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(text, forKey: .text)
        try container.encodeIfPresent(valueClass, forKey: .valueClass)
    }
}

extension RecordItem.Named: Codable {
    private enum CodingKeys: String, CodingKey { case name, text, valueClass = "class" }

    /// Reads `{"name": …, "text": …, "class": …}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            try container.decode(String.self, forKey: .name),
            RecordValue(
                try container.decode(String.self, forKey: .text),
                class: try container.decodeIfPresent(String.self, forKey: .valueClass)))
    }

    /// Writes `{"name": …, "text": …, "class": …}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(value.text, forKey: .text)
        try container.encodeIfPresent(value.valueClass, forKey: .valueClass)
    }
}

extension RecordItem: Codable {
    /// Reads a list of named values.
    public init(from decoder: any Decoder) throws {
        self.init(try [Named](from: decoder))
    }

    /// Writes a list of named values, in order.
    public func encode(to encoder: any Encoder) throws { try values.encode(to: encoder) }
}

extension RecordEntry: Codable {
    private enum CodingKeys: String, CodingKey { case items }

    /// Reads a value (`{"text": …}`) or a list (`{"items": […]}`).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        if let items = try container.decodeIfPresent([RecordItem].self, forKey: .items) {
            self = .items(items)
        } else {
            self = .value(try RecordValue(from: decoder))
        }
    }

    /// Writes a value as `{"text": …}`, a list as `{"items": […]}`.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .value(let value): try value.encode(to: encoder)
        case .items(let items):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(items, forKey: .items)
        }
    }
}

extension VariantRecord: Codable {
    private enum CodingKeys: String, CodingKey { case entries }

    /// Reads `{"entries": {…}}`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(entries: try container.decode([String: RecordEntry].self, forKey: .entries))
    }

    /// Writes `{"entries": {…}}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(entries, forKey: .entries)
    }
}
