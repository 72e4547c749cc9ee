/// Why a value entered in a field was refused: the field and the reason,
/// as facts (``Reason``), with one English sentence for them.
public struct EntryRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why a value was refused.
    ///
    /// This enum grows; end a `switch` over it with `@unknown default:`.
    public enum Reason: Hashable, Sendable, CustomStringConvertible {
        /// The field is required and nothing was entered.
        case empty
        /// The value is no value of the field's kind (`abc` for a number).
        case notOfKind(value: String, kind: EntryField.Kind)
        /// The value is in none of the field's classes; `accepted` are
        /// the classes it could have been in.
        case inNoClass(value: String, accepted: [ValueClass])
        /// The value is in a class the app refuses, with that class's
        /// reason (``ValueClass/refusal``).
        case refusedClass(value: String, ValueClass)
        /// The action submits a field the screen does not have (a
        /// module's mistake: its contract says so too).
        case noSuchField

        /// The facts in English, ending in what would do.
        public var description: String {
            switch self {
            case .empty: "a value is required"
            case .notOfKind(let value, let kind):
                switch kind {
                case .number: "'\(value)' is not a number"
                case .date: "'\(value)' is not a date written YYYY-MM-DD"
                case .toggle: "'\(value)' is neither true nor false"
                case .text, .choice: "'\(value)' is no value here"
                }
            case .inNoClass(let value, let accepted):
                "'\(value)' is outside what the field takes (\(accepted.map(\.shown).joined(separator: "; ")))"
            case .refusedClass(let value, let valueClass):
                // A refusal is a clause here: its own full stop would be doubled.
                "'\(value)': \((valueClass.refusal ?? valueClass.label).withoutFullStop)"
            case .noSuchField: "the screen has no such field. To fix, the module declares it on the screen"
            }
        }
    }

    /// The field's name.
    public let field: String
    /// The field's label.
    public let label: String
    /// Why.
    public let reason: Reason

    /// A refusal of `field`'s value.
    public init(field: String, label: String, reason: Reason) {
        self.field = field
        self.label = label
        self.reason = reason
    }

    /// `reading (Reading in %): '20' is outside what the field takes (…)`.
    public var description: String { "\(field) (\(label)): \(reason)" }
}

extension EnteredValues {
    /// Checks `entered` (values by field name, as typed) for an action
    /// that submits `submits` on a screen with `fields`: every required
    /// field has a value and every value is in a class that does not
    /// refuse. The values in their classes, or the first refusal, in the
    /// order the action submits them. Values for fields the action does
    /// not submit are left out.
    public static func check(
        _ entered: [String: String], submitting submits: [String], fields: [EntryField]
    ) -> Result<EnteredValues, EntryRefusal> {
        var values: [String: String] = [:]
        var classes: [String: String] = [:]
        for name in submits {
            guard let field = fields.first(where: { $0.name == name }) else {
                return .failure(EntryRefusal(field: name, label: name, reason: .noSuchField))
            }
            let value = entered[name]?.trimmingSpaces ?? ""
            if value.isEmpty {
                if field.isRequired {
                    return .failure(EntryRefusal(field: name, label: field.label, reason: .empty))
                }
                continue
            }
            switch field.classify(value) {
            case .accepted(let found):
                values[name] = value
                classes[name] = found.name
            case .refused(let reason):
                return .failure(EntryRefusal(field: name, label: field.label, reason: reason))
            }
        }
        return .success(EnteredValues(values: values, classes: classes))
    }
}

extension ValueClass {
    /// The class as a person reads it: its label, its name when it has none.
    package var shown: String { label.isEmpty ? name : label }
}

extension String {
    /// The text without one trailing full stop, to go inside a sentence.
    package var withoutFullStop: String { hasSuffix(".") ? String(dropLast()) : self }
}
