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
    package var labelKey: String?
    /// Which values are in it.
    public var rule: ValueRule
    /// The value analysis, suites and previews enter for the class.
    public var representative: String
    /// Why a value of this class is refused; `nil` for a class the flow
    /// takes.
    public var refusal: String?
    /// The refusal's text key, when it was made from one.
    package var refusalKey: String?
    /// The representative of a date class, as a distance from the day it
    /// is judged on: ``representative`` is it on that day.
    package var representativeDate: DateBound?
    /// The day a class whose rule or representative moves with it was
    /// judged on (``ValueRule/dates(from:through:)``): `nil` for a class
    /// that does not move, or one not yet judged on a variant's day.
    package var judgedOn: CalendarDate?

    /// A class the flow takes, labelled `label`: a module's text, or a
    /// literal string.
    public init(_ name: String, label: some ShownText, _ rule: ValueRule, representative: String) {
        let label = label.localizedText
        self.name = name
        self.label = label.value
        self.labelKey = label.key
        self.rule = rule
        self.representative = representative
    }

    /// A class the engine refuses with `refusal`, so the flow never sees
    /// such a value; suites still enter its representative, to see the
    /// refusal. Label and reason are a module's texts or literal strings.
    public init(
        _ name: String, label: some ShownText, _ rule: ValueRule, representative: String, refusal: some ShownText
    ) {
        self.init(name, label: label, rule, representative: representative)
        let refusal = refusal.localizedText
        self.refusal = refusal.value
        self.refusalKey = refusal.key
    }

    /// A date class the flow takes, whose representative is a day
    /// relative to the day the class is judged on, so that it stays in
    /// its class as the years pass:
    ///
    /// ```swift
    /// ValueClass("adult", label: text["born.adult"], .dates(through: .yearsAgo(18)), representative: .yearsAgo(30))
    /// ```
    public init(_ name: String, label: some ShownText, _ rule: ValueRule, representative: DateBound) {
        self.init(name, label: label, rule, representative: representative.date(on: .today()).description)
        self.representativeDate = representative
    }

    /// A date class the engine refuses with `refusal`, its representative
    /// relative to the day it is judged on.
    public init(
        _ name: String, label: some ShownText, _ rule: ValueRule, representative: DateBound, refusal: some ShownText
    ) {
        self.init(
            name, label: label, rule, representative: representative.date(on: .today()).description, refusal: refusal)
        self.representativeDate = representative
    }

    /// Whether the class's rule or representative moves with the day it
    /// is judged on.
    package var movesWithDate: Bool { rule.isRelative || representativeDate?.isRelative == true }

    /// The class judged on `day`: its rule's bounds and its representative
    /// as days. A class that does not move is returned as it is.
    package func judged(on day: CalendarDate) -> ValueClass {
        guard movesWithDate else { return self }
        var judged = self
        judged.rule = rule.judged(on: day)
        if let representativeDate { judged.representative = representativeDate.date(on: day).description }
        judged.judgedOn = day
        return judged
    }

    /// `prediabetes (5.7 to 6.4 %)`: the name and, when it differs, the label.
    public var summary: String { label == name || label.isEmpty ? name : "\(name): \(label)" }
}

/// Which values a ``ValueClass`` holds, in a form every tool evaluates
/// alike: the engine here, a web page in JavaScript.
///
/// This enum grows as fields need new kinds of rule (dates relative to
/// a day came after 0.4). End a `switch` over it with `@unknown
/// default:`, so a new case is a warning to handle, not a build that
/// breaks.
public enum ValueRule: Hashable, Sendable, CustomStringConvertible {
    /// Text or a date the whole of which matches a regular expression
    /// (as if between `^` and `$`), in the subset the engine matches itself
    /// and a browser reads alike: literal characters, `.` (any character
    /// but a line break), `\d`, `\w`, `\s` and escaped punctuation (`\.`),
    /// classes with ranges `[A-Z0-9_-]`, `[1-9]` and negated ones `[^…]`,
    /// groups `(…)`, alternation `|`, and the quantifiers `?`, `*`, `+`,
    /// `{n}`, `{n,}`, `{n,m}`. Anything else (anchors, look-arounds,
    /// back-references) is refused where the class is declared.
    case pattern(String)
    /// A number from `lower` (included) to `upper`, the upper bound
    /// included when `includesUpper`; `nil` for no bound.
    case range(lower: Double?, upper: Double?, includesUpper: Bool)
    /// One of these values (a choice's options, a toggle's `true` or
    /// `false`).
    case values([String])
    /// A date from `from` through `through`, both included; `nil` for no
    /// bound. A bound relative to the day judged on (``DateBound/yearsAgo(_:)``)
    /// is judged on the variant's reference date: a manifest's
    /// `referenceDate` for the tools, or the device's date when a screen
    /// is shown (``ModuleEnvironment/today``).
    case dates(from: DateBound? = nil, through: DateBound? = nil)

    /// A date after `after` (not included) through `through`: `.dates(after:
    /// .yearsAgo(16), through: .today)` is a birthday of someone under 16.
    public static func dates(after: DateBound, through: DateBound? = nil) -> ValueRule {
        .dates(from: after.dayAfter, through: through)
    }

    /// A date no later than the day judged on.
    public static let notInTheFuture = ValueRule.dates(through: .today)

    /// From `lower` (included) to below `upper`: `5.7 ≤ x < 6.5`.
    public static func range(from lower: Double?, below upper: Double?) -> ValueRule {
        .range(lower: lower, upper: upper, includesUpper: false)
    }

    /// From `lower` to `upper`, both included: `6.5 ≤ x ≤ 15`.
    public static func range(from lower: Double?, upTo upper: Double?) -> ValueRule {
        .range(lower: lower, upper: upper, includesUpper: true)
    }

    /// Whether `value` (a valid value of `kind`) is in the class.
    package func contains(_ value: String, kind: EntryField.Kind) -> Bool {
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
        case .dates(let from, let through):
            guard let date = CalendarDate(value) else { return false }
            // A bound not yet judged on the variant's day is judged on the
            // device's.
            let day = isRelative ? CalendarDate.today() : CalendarDate.first
            if let from, date < from.date(on: day) { return false }
            if let through, date > through.date(on: day) { return false }
            return true
        }
    }

    /// Whether a bound moves with the day judged on.
    package var isRelative: Bool {
        guard case .dates(let from, let through) = self else { return false }
        return from?.isRelative == true || through?.isRelative == true
    }

    /// The rule with its bounds as the days they are on `day`.
    package func judged(on day: CalendarDate) -> ValueRule {
        guard case .dates(let from, let through) = self, isRelative else { return self }
        return .dates(from: from.map { .on($0.date(on: day)) }, through: through.map { .on($0.date(on: day)) })
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
        case (.dates(let from?, let through?), .date):
            // Judged on any day, relative bounds keep their order (but
            // for a leap day, which any other day judges alike).
            let day = CalendarDate(year: 2001, month: 6, day: 15)!
            return from.date(on: day) > through.date(on: day)
                ? EntryField.Problem("the dates' first day is after their last.", fix: "swap the bounds.") : nil
        case (.dates, .date):
            return nil
        default:
            return EntryField.Problem(
                "a \(self.kindName) rule does not fit a \(kind.rawValue) field.",
                fix: kind == .number
                    ? "use a range."
                    : kind == .choice || kind == .toggle
                        ? "use a list of values." : kind == .date ? "use dates or a pattern." : "use a pattern.")
        }
    }

    /// The rule as a reviewer reads it: `matches P-\d{4}`, `from 5.7 to
    /// below 6.5`, `one of: a, b`.
    public var description: String {
        func number(_ value: Double) -> String {
            value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
        }
        switch self {
        case .pattern(let pattern):
            return "matches \(pattern)"
        case .range(let lower, let upper, let includesUpper):
            let parts = [
                lower.map { "from \(number($0))" }, upper.map { (includesUpper ? "up to " : "below ") + number($0) },
            ]
            return parts.compactMap { $0 }.joined(separator: " ")
        case .values(let values):
            return "one of: " + values.joined(separator: ", ")
        case .dates(let from, let through):
            let parts = [from.map { "from \($0)" }, through.map { "through \($0)" }]
            let said = parts.compactMap { $0 }.joined(separator: " ")
            return said.isEmpty ? "any date" : said
        }
    }

    private var kindName: String {
        switch self {
        case .pattern: "pattern"
        case .range: "range"
        case .values: "list"
        case .dates: "dates"
        }
    }
}
