/// A field on a screen that a person fills in: a patient id, a lab value,
/// a date, a choice from a list, a toggle.
///
/// A field declares its **value classes** (the category-partition method):
/// each class is a name, a rule every tool evaluates alike (a regular
/// expression, a range, a list) and a representative value. The engine
/// checks a value against the classes before the flow sees it: a value
/// in no class, or in a class that refuses, is refused with the field and
/// the reason, and the screen stays. Analysis enters each class's
/// representative, so the graph stays exact and finite.
///
/// ```swift
/// EntryField(
///     "reading", label: text["reading.label"], kind: .number,
///     classes: [
///         ValueClass("normal", label: text["class.normal"], .range(from: 4, below: 5.7), representative: "5.2"),
///         ValueClass("prediabetes", label: text["class.prediabetes"], .range(from: 5.7, below: 6.5),
///                    representative: "6.1"),
///         ValueClass("diabetes", label: text["class.diabetes"], .range(from: 6.5, upTo: 15), representative: "7.4"),
///     ])
/// ```
public struct EntryField: Hashable, Sendable {
    /// What a field holds.
    public enum Kind: String, Hashable, Sendable, CaseIterable {
        /// Text (`P-1024`).
        case text
        /// A decimal number (`6.1`; a decimal comma reads too).
        case number
        /// A date, `YYYY-MM-DD`.
        case date
        /// One of a list (the classes' values).
        case choice
        /// On or off: `true` or `false`.
        case toggle
    }

    /// The field's name, unique on its screen (`patientID`): what the
    /// action's step reads and a script's `enter` names.
    public var name: String
    /// The label people read.
    public var label: String
    /// The label's text key in its module, when it was made from one.
    package var labelKey: String?
    /// What it holds.
    public var kind: Kind
    /// Whether an action that submits it needs a value.
    public var isRequired: Bool
    /// The classes its values fall into, in the order they are listed.
    public var classes: [ValueClass]
    /// The entry of the variant's record the field is bound to
    /// (``recorded(as:)``): `nil` for a field whose value only makes the
    /// action's step.
    package var recordKey: String?
    /// What the field holds when it is shown: the value its record entry
    /// holds (``recorded(as:)``), so a person who comes back to the page,
    /// or changes an answer from a summary, sees what they gave. Set by
    /// the engine; `nil` for an empty field.
    public var value: String?

    /// A field labelled `label`: a module's text, or a literal string.
    public init(
        _ name: String, label: some ShownText, kind: Kind, required: Bool = true, classes: [ValueClass]
    ) {
        let label = label.localizedText
        self.name = name
        self.label = label.value
        self.labelKey = label.key
        self.kind = kind
        self.isRequired = required
        self.classes = classes
    }

    /// This field bound to entry `key` of the variant's record: when an
    /// action that submits it is chosen, the engine records the value
    /// typed (its class, and that it was typed here: its identity) before
    /// the flow sees the step, clears the entry for an optional field left
    /// empty, and shows the field holding the entry's value whenever its
    /// screen is shown again.
    ///
    /// ```swift
    /// EntryField("reading", label: text["reading.label"], kind: .number, classes: readingClasses)
    ///     .recorded(as: "reading")
    /// ```
    ///
    /// The module declares the entry (``RecordSpec/writes(_:label:kind:classes:summary:)``).
    public func recorded(as key: String) -> EntryField {
        var bound = self
        bound.recordKey = key
        return bound
    }

    /// The classes a value may be in: those that do not refuse.
    package var acceptedClasses: [ValueClass] { classes.filter { $0.refusal == nil } }

    /// The text keys the field shows: its label, its classes' labels and
    /// refusals.
    package var textKeys: [String] {
        ([labelKey] + classes.flatMap { [$0.labelKey, $0.refusalKey] }).compactMap { $0 }
    }

    /// The field with its date classes judged on `day`.
    package func judged(on day: CalendarDate) -> EntryField {
        var judged = self
        judged.classes = classes.map { $0.judged(on: day) }
        return judged
    }

    /// What the engine makes of `value` typed into this field: the class
    /// it is in, or why it is refused. The first class whose rule takes
    /// the value is its class.
    public func classify(_ value: String) -> Classification {
        let trimmed = value.trimmingSpaces
        if trimmed.isEmpty { return .refused(.empty) }
        if kind.problem(with: trimmed) != nil { return .refused(.notOfKind(value: trimmed, kind: kind)) }
        guard let found = classes.first(where: { $0.rule.contains(trimmed, kind: kind) }) else {
            return .refused(.inNoClass(value: trimmed, accepted: acceptedClasses))
        }
        if found.refusal != nil { return .refused(.refusedClass(value: trimmed, found)) }
        return .accepted(found)
    }

    /// What ``classify(_:)`` found.
    public enum Classification: Hashable, Sendable {
        /// The value is in this class.
        case accepted(ValueClass)
        /// The value is refused, and why.
        case refused(EntryRefusal.Reason)
    }

    /// What is wrong with a field's declaration, and how its module's
    /// author fixes it.
    package struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        package let problem: String
        /// How to fix it.
        package let fix: String

        /// A problem and its fix.
        package init(_ problem: String, fix: String) {
            self.problem = problem
            self.fix = fix
        }

        /// `problem To fix, fix`.
        package var description: String { "\(problem) To fix, \(fix)" }
    }

    /// The problems of the declaration itself: no class the flow takes, a
    /// class named twice, a rule Stepflow cannot read or of the wrong
    /// kind, a representative outside its own class. ``ModuleContract``
    /// reports them.
    package var declarationProblems: [Problem] {
        var problems: [Problem] = []
        if acceptedClasses.isEmpty {
            problems.append(
                Problem(
                    "field '\(name)' accepts no class, so nothing can be entered.",
                    fix: "declare a class without refusal."))
        }
        var seen: Set<String> = []
        for valueClass in classes {
            if !seen.insert(valueClass.name).inserted {
                problems.append(
                    Problem(
                        "field '\(name)' declares class '\(valueClass.name)' twice.",
                        fix: "give each class its own name."))
            }
            if let problem = valueClass.rule.problem(for: kind) {
                problems.append(
                    Problem("field '\(name)', class '\(valueClass.name)': \(problem.problem)", fix: problem.fix))
                continue
            }
            switch classify(valueClass.representative) {
            case .accepted(let found) where found.name == valueClass.name: break
            case .refused where valueClass.refusal != nil && firstClass(of: valueClass.representative) == valueClass:
                break
            default:
                problems.append(
                    Problem(
                        """
                        field '\(name)', class '\(valueClass.name)': its representative \
                        '\(valueClass.representative)' is not in the class (an earlier class or the kind takes it \
                        first).
                        """,
                        fix: "give a value only this class takes."))
            }
        }
        return problems
    }

    private func firstClass(of value: String) -> ValueClass? {
        kind.problem(with: value) == nil ? classes.first { $0.rule.contains(value, kind: kind) } : nil
    }
}

extension EntryField.Kind {
    /// Why `value` is no value of this kind, if it is not.
    func problem(with value: String) -> String? {
        switch self {
        case .text:
            return value.isEmpty ? "it is empty" : nil
        case .number:
            return Self.number(value) == nil ? "'\(value)' is not a number" : nil
        case .date:
            return Self.isDate(value) ? nil : "'\(value)' is not a date written YYYY-MM-DD"
        case .toggle:
            return value == "true" || value == "false" ? nil : "'\(value)' is neither true nor false"
        case .choice:
            return value.isEmpty ? "nothing is chosen" : nil
        }
    }

    /// `value` as a number: digits with an optional sign and one decimal
    /// point or comma (`6.1`, `6,1`, `-2`); `nil` for anything else.
    public static func number(_ value: String) -> Double? {
        // Read as bytes: every character it takes is ASCII, and a byte
        // of any other (a combining mark after a digit too) refuses it.
        var utf8 = value.utf8[...]
        var sign = 1.0
        if let first = utf8.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            utf8 = utf8.dropFirst()
        }
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var digits = 0
        var seenMark = false
        for byte in utf8 {
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                let digit = Double(byte - UInt8(ascii: "0"))
                digits += 1
                if seenMark {
                    scale /= 10
                    fraction += digit * scale
                } else {
                    whole = whole * 10 + digit
                }
            } else if byte == UInt8(ascii: ".") || byte == UInt8(ascii: ","), !seenMark {
                seenMark = true
            } else {
                return nil
            }
        }
        guard digits > 0, digits <= 15 else { return nil }
        return sign * (whole + fraction)
    }

    /// Whether `value` is a calendar date `YYYY-MM-DD`.
    static func isDate(_ value: String) -> Bool { CalendarDate(value) != nil }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    package var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

extension EntryField {
    /// What changed in how the field takes values, from it to `other`
    /// (its kind, whether it is required, its classes' names, rules and
    /// refusals; never a label's wording), or `nil` when nothing did: a
    /// value entered in it then falls in the same class now.
    package func classChanges(to other: EntryField) -> String? {
        var changes: [String] = []
        if kind != other.kind { changes.append("its kind \(kind.rawValue) → \(other.kind.rawValue)") }
        if isRequired != other.isRequired { changes.append(other.isRequired ? "now required" : "now optional") }
        let now = Dictionary(other.classes.map { ($0.name, $0) }) { first, _ in first }
        let then = Dictionary(classes.map { ($0.name, $0) }) { first, _ in first }
        for valueClass in classes {
            guard let current = now[valueClass.name] else {
                changes.append("class \(valueClass.name) removed")
                continue
            }
            if current.rule != valueClass.rule {
                changes.append("class \(valueClass.name): \(valueClass.rule) → \(current.rule)")
            }
            if (current.refusal == nil) != (valueClass.refusal == nil) {
                changes.append("class \(valueClass.name) now \(current.refusal == nil ? "accepted" : "refused")")
            }
        }
        for valueClass in other.classes where then[valueClass.name] == nil {
            changes.append("class \(valueClass.name) added (\(valueClass.rule))")
        }
        if changes.isEmpty, classes.map(\.name) != other.classes.map(\.name) {
            changes.append("its classes in another order (the first that takes a value wins)")
        }
        return changes.isEmpty ? nil : changes.joined(separator: "; ")
    }
}
