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
    public var labelKey: String?
    /// What it holds.
    public var kind: Kind
    /// Whether an action that submits it needs a value.
    public var isRequired: Bool
    /// The classes its values fall into, in the order they are listed.
    public var classes: [ValueClass]

    /// A field labelled with a module's text.
    public init(
        _ name: String, label: LocalizedText, kind: Kind, required: Bool = true, classes: [ValueClass]
    ) {
        self.name = name
        self.label = label.value
        self.labelKey = label.key
        self.kind = kind
        self.isRequired = required
        self.classes = classes
    }

    /// A field with a literal label.
    public init(_ name: String, label: String, kind: Kind, required: Bool = true, classes: [ValueClass]) {
        self.init(name, label: LocalizedText(key: nil, value: label), kind: kind, required: required, classes: classes)
    }

    /// The classes a value may be in: those that do not refuse.
    public var acceptedClasses: [ValueClass] { classes.filter { $0.refusal == nil } }

    /// The text keys the field shows: its label, its classes' labels and
    /// refusals.
    public var textKeys: [String] {
        ([labelKey] + classes.flatMap { [$0.labelKey, $0.refusalKey] }).compactMap { $0 }
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
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// What is wrong.
        public let problem: String
        /// How to fix it.
        public let fix: String

        /// A problem and its fix.
        public init(_ problem: String, fix: String) {
            self.problem = problem
            self.fix = fix
        }

        /// `problem To fix, fix`.
        public var description: String { "\(problem) To fix, \(fix)" }
    }

    /// The problems of the declaration itself: no class the flow takes, a
    /// class named twice, a rule Stepflow cannot read or of the wrong
    /// kind, a representative outside its own class. ``ModuleContract``
    /// reports them.
    public var declarationProblems: [Problem] {
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

/// One class of a field's values: a name, the rule that decides
/// membership, a representative that analysis enters, and, for a class
/// the app refuses (a malformed id, a reading out of the device's range),
/// the reason people read.
public struct ValueClass: Hashable, Sendable {
    /// The class's name (`prediabetes`), stable across languages.
    public var name: String
    /// What people read for it (`5.7 to 6.4 %`).
    public var label: String
    /// The label's text key, when it was made from one.
    public var labelKey: String?
    /// Which values are in it.
    public var rule: ValueRule
    /// The value analysis, suites and previews enter for the class.
    public var representative: String
    /// Why a value of this class is refused; `nil` for a class the flow
    /// takes.
    public var refusal: String?
    /// The refusal's text key, when it was made from one.
    public var refusalKey: String?

    /// A class the flow takes, labelled with a module's text.
    public init(_ name: String, label: LocalizedText, _ rule: ValueRule, representative: String) {
        self.name = name
        self.label = label.value
        self.labelKey = label.key
        self.rule = rule
        self.representative = representative
    }

    /// A class the flow takes, with a literal label.
    public init(_ name: String, label: String, _ rule: ValueRule, representative: String) {
        self.init(name, label: LocalizedText(key: nil, value: label), rule, representative: representative)
    }

    /// A class the engine refuses with `refusal`, so the flow never sees
    /// such a value; suites still enter its representative, to see the
    /// refusal.
    public init(
        _ name: String, label: LocalizedText, _ rule: ValueRule, representative: String, refusal: LocalizedText
    ) {
        self.init(name, label: label, rule, representative: representative)
        self.refusal = refusal.value
        self.refusalKey = refusal.key
    }

    /// A class the engine refuses, with a literal label and reason.
    public init(_ name: String, label: String, _ rule: ValueRule, representative: String, refusal: String) {
        self.init(
            name, label: LocalizedText(key: nil, value: label), rule, representative: representative,
            refusal: LocalizedText(key: nil, value: refusal))
    }

    /// `prediabetes (5.7 to 6.4 %)`: the name and, when it differs, the label.
    public var summary: String { label == name || label.isEmpty ? name : "\(name): \(label)" }
}

/// Which values a ``ValueClass`` holds, in a form every tool evaluates
/// alike: the engine here, a web page in JavaScript.
public enum ValueRule: Hashable, Sendable {
    /// Text or a date the whole of which matches a regular expression.
    /// Keep to what Swift and JavaScript read alike: literal characters,
    /// `[A-Z0-9]` classes, `\d`, groups, `|`, and `?`, `*`, `+`, `{n}`,
    /// `{n,m}`.
    case pattern(String)
    /// A number from `lower` (included) to `upper`, the upper bound
    /// included when `includesUpper`; `nil` for no bound.
    case range(lower: Double?, upper: Double?, includesUpper: Bool)
    /// One of these values (a choice's options, a toggle's `true` or
    /// `false`).
    case values([String])

    /// From `lower` (included) to below `upper`: `5.7 ≤ x < 6.5`.
    public static func range(from lower: Double?, below upper: Double?) -> ValueRule {
        .range(lower: lower, upper: upper, includesUpper: false)
    }

    /// From `lower` to `upper`, both included: `6.5 ≤ x ≤ 15`.
    public static func range(from lower: Double?, upTo upper: Double?) -> ValueRule {
        .range(lower: lower, upper: upper, includesUpper: true)
    }

    /// Whether `value` (a valid value of `kind`) is in the class.
    public func contains(_ value: String, kind: EntryField.Kind) -> Bool {
        switch self {
        case .pattern(let pattern):
            return PatternMatcher.compiled(pattern)?.matchesWhole(value) ?? false
        case .range(let lower, let upper, let includesUpper):
            guard let number = EntryField.Kind.number(value) else { return false }
            if let lower, number < lower { return false }
            if let upper, includesUpper ? number > upper : number >= upper { return false }
            return true
        case .values(let values):
            return values.contains(value)
        }
    }

    /// What is wrong with the rule for a field of `kind`, if anything.
    func problem(for kind: EntryField.Kind) -> EntryField.Problem? {
        switch (self, kind) {
        case (.pattern(let pattern), .text), (.pattern(let pattern), .date):
            return PatternMatcher.compiled(pattern) == nil
                ? EntryField.Problem(
                    "the pattern '\(pattern)' is not one Stepflow reads.",
                    fix: "keep to literal characters, [A-Z] classes, \\d, groups, | and the quantifiers ? * + {n} "
                        + "{n,m}.")
                : nil
        case (.range(let lower, let upper, _), .number):
            if let lower, let upper, lower > upper {
                return EntryField.Problem("the range's lower bound is above its upper bound.", fix: "swap the bounds.")
            }
            return nil
        case (.values(let values), .choice), (.values(let values), .toggle):
            return values.isEmpty ? EntryField.Problem("the class lists no value.", fix: "list at least one.") : nil
        default:
            return EntryField.Problem(
                "a \(self.kindName) rule does not fit a \(kind.rawValue) field.",
                fix: kind == .number
                    ? "use a range." : kind == .choice || kind == .toggle ? "use a list of values." : "use a pattern.")
        }
    }

    private var kindName: String {
        switch self {
        case .pattern: "pattern"
        case .range: "range"
        case .values: "list"
        }
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
        var text = Substring(value)
        var sign = 1.0
        if text.first == "-" || text.first == "+" {
            sign = text.first == "-" ? -1 : 1
            text = text.dropFirst()
        }
        var whole = 0.0
        var fraction = 0.0
        var scale = 1.0
        var digits = 0
        var seenMark = false
        for character in text {
            if let digit = character.wholeNumberValue, character.isASCII {
                digits += 1
                if seenMark {
                    scale /= 10
                    fraction += Double(digit) * scale
                } else {
                    whole = whole * 10 + Double(digit)
                }
            } else if character == "." || character == ",", !seenMark {
                seenMark = true
            } else {
                return nil
            }
        }
        guard digits > 0, digits <= 15 else { return nil }
        return sign * (whole + fraction)
    }

    /// Whether `value` is a calendar date `YYYY-MM-DD`.
    static func isDate(_ value: String) -> Bool {
        let parts = value.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }), (1...12).contains(month)
        else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }
}

extension String {
    /// Without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}

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
                "'\(value)' is outside what the field takes (\(accepted.map(\.summary).joined(separator: "; ")))"
            case .refusedClass(let value, let valueClass):
                "'\(value)': \(valueClass.refusal ?? valueClass.label)"
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

/// A value entered in a field, and the class it stands for: what an
/// explorer enters (each class's representative) and a trace prints.
public struct FieldEntry: Hashable, Sendable, CustomStringConvertible {
    /// The field's name.
    public let field: String
    /// The class's name.
    public let valueClass: String
    /// The value entered.
    public let value: String

    /// `value`, entered in `field` for `valueClass`.
    public init(field: String, valueClass: String, value: String) {
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
    public static func combinations(submitting submits: [String], fields: [EntryField]) -> [[FieldEntry]] {
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
