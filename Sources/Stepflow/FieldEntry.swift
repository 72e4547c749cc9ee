/// A value entered in a field, and the class it stands for: what an
/// explorer enters (each class's representative) and a trace prints.
public struct FieldEntry: Hashable, Sendable, CustomStringConvertible {
    /// The field's name.
    package let field: String
    /// The class's name.
    package let valueClass: String
    /// The value entered.
    package let value: String

    /// `value`, entered in `field` for `valueClass`.
    package init(field: String, valueClass: String, value: String) {
        self.field = field
        self.valueClass = valueClass
        self.value = value
    }

    /// `reading = 6.1 (prediabetes)`.
    public var description: String { "\(field) = \(value) (\(valueClass))" }

    /// Every way an explorer fills the fields `submits` on a screen with
    /// `fields`: one value per accepted class of each field (a field that
    /// is not required also left empty), combined. Fields the screen does
    /// not have are left out (the engine refuses them).
    package static func combinations(submitting submits: [String], fields: [EntryField]) -> [[FieldEntry]] {
        var combinations: [[FieldEntry]] = [[]]
        for name in submits {
            guard let field = fields.first(where: { $0.name == name }) else { continue }
            var options: [FieldEntry?] = field.acceptedClasses.map {
                FieldEntry(field: name, valueClass: $0.name, value: $0.representative)
            }
            if !field.isRequired { options.append(nil) }
            combinations = combinations.flatMap { partial in
                options.map { option in option.map { partial + [$0] } ?? partial }
            }
        }
        return combinations
    }
}
