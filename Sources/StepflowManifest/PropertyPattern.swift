package import Stepflow

/// A property of every walk, in one of the specification patterns model
/// checkers use (Dwyer, Avrunin and Corbett's property patterns): what
/// must or must not happen, within a scope of the walk.
///
/// Events are named as a rule names nodes: a screen (`result/review`), a
/// step with its values (`result.show(positive, patient: nil)`) or without
/// them (`result.submitFailed`, any values), an instance's every screen
/// (`result/*`) or step (`result.*`), `start` and `end`; where a rule
/// takes an event it also takes a list of them, any of which counts
/// (`["result.retest", "result.done"]`).
///
/// ```json
/// { "never": ["result.retest", "result.done"], "after": "result/submit-failed", "until": "result/submitted" }
/// { "eventually": "result/review", "after": "test/ready" }
/// { "of": "result/record", "onlyAfter": "onboarding/data-protection" }
/// { "whenever": "result/submit-failed", "then": "result/saved" }
/// { "always": "result/*", "after": "result/review", "before": "end" }
/// ```
///
/// A rule can hold only while a walk carries certain values: with
/// `"when": {"test.result": "positive"}` (a field, or `<instance>.<field>`
/// for the instance that handed it on, and a value or a list of values),
/// the rule's event counts only at a moment the walk carries that value,
/// judged once the input that touched it has been taken:
///
/// ```json
/// { "never": "result/negative", "when": {"test.result": "positive"} }
/// ```
///
/// A walk is checked as far as it goes: `never`, `always` and `onlyAfter`
/// are broken by a walk that reaches what they forbid; `eventually` and
/// `whenever … then` by a walk that ends the app (or closes the scope)
/// without what they require.
package struct PropertyPattern: Hashable, Sendable, CustomStringConvertible {
    /// The events a slot of a pattern names: any one of them counts.
    package typealias Events = [String]

    /// What must or must not happen.
    ///
    /// This enum may grow with the patterns; end a `switch` over it with
    /// `@unknown default:`.
    package enum Kind: Hashable, Sendable {
        /// Absence: `event` never happens within the scope.
        case absence(Events)
        /// Existence: `event` happens within the scope.
        case existence(Events)
        /// Universality: every event within the scope is one of `events`
        /// (a screen of `result/*`, say).
        case universality(Events)
        /// Precedence: `event` happens within the scope only after
        /// `precededBy` has.
        case precedence(event: Events, precededBy: Events)
        /// Response: every `trigger` within the scope is followed by
        /// `response` before the scope closes or the app ends.
        case response(trigger: Events, response: Events)
    }

    /// The part of a walk a pattern speaks of.
    package enum Scope: Hashable, Sendable {
        /// The whole walk.
        case globally
        /// From the start to the first `event` (only walks that reach it).
        case before(Events)
        /// From the first `event` on.
        case after(Events)
        /// From each `opening` to the next `closing` (only parts closed by it).
        case between(Events, and: Events)
        /// From each `opening` to the next `closing`, or on when none comes.
        case afterUntil(Events, until: Events)
    }

    /// A value the walk must carry for the pattern's event to count: the
    /// field, from any instance or one, holding one of the values.
    package struct Condition: Hashable, Sendable, CustomStringConvertible {
        /// The instance that handed the field on; `nil` for whichever
        /// handed on the value the modules read (the latest).
        package let instance: String?
        /// The handoff field.
        package let field: String
        /// The values, any of which satisfies the condition.
        package let values: [ModuleValue]

        /// A condition on `field` (handed on by `instance`, if given).
        package init(instance: String? = nil, field: String, values: [ModuleValue]) {
            self.instance = instance
            self.field = field
            self.values = values
        }

        /// Whether a field `field` handed on by `producer` with `value` satisfies it.
        package func accepts(field: String, from producer: String, value: ModuleValue) -> Bool {
            field == self.field && (instance == nil || instance == producer) && values.contains(value)
        }

        /// `test.result = "positive"`, or `result in ["positive", "invalid"]`.
        package var description: String {
            let name = instance.map { "\($0).\(field)" } ?? field
            return values.count == 1
                ? "\(name) = \(values[0])" : "\(name) in [\(values.map(\.description).joined(separator: ", "))]"
        }
    }

    /// What must or must not happen.
    package let kind: Kind
    /// Where in a walk.
    package let scope: Scope
    /// The values a walk must carry for the event the pattern forbids,
    /// requires throughout, orders or answers (`never`, `always`, `of`,
    /// `whenever`) to count; all of them. Empty: always.
    package let conditions: [Condition]

    /// A pattern of `kind` within `scope`, whose event counts only while
    /// the walk carries every one of `conditions`.
    package init(_ kind: Kind, scope: Scope = .globally, when conditions: [Condition] = []) {
        self.kind = kind
        self.scope = scope
        self.conditions = conditions
    }

    /// Every slot's events, with the manifest key that names them, for
    /// checking each exists.
    package var slots: [(key: String, events: Events)] {
        let named: [(String, Events)] =
            switch kind {
            case .absence(let events): [("never", events)]
            case .existence(let events): [("eventually", events)]
            case .universality(let events): [("always", events)]
            case .precedence(let event, let before): [("of", event), ("onlyAfter", before)]
            case .response(let trigger, let response): [("whenever", trigger), ("then", response)]
            }
        switch scope {
        case .globally: return named
        case .before(let events): return named + [("before", events)]
        case .after(let events): return named + [("after", events)]
        case .between(let opening, let closing): return named + [("after", opening), ("before", closing)]
        case .afterUntil(let opening, let closing): return named + [("after", opening), ("until", closing)]
        }
    }

    /// `never result.retest after result/submit-failed until result/submitted`,
    /// then `when test.result = "positive"` for each condition.
    package var description: String {
        conditions.isEmpty
            ? unconditional
            : unconditional + " when " + conditions.map(\.description).joined(separator: " and ")
    }

    private var unconditional: String {
        func text(_ events: Events) -> String { events.joined(separator: " or ") }
        let what =
            switch kind {
            case .absence(let event): "never \(text(event))"
            case .existence(let event): "eventually \(text(event))"
            case .universality(let event): "always \(text(event))"
            case .precedence(let event, let before): "\(text(event)) only after \(text(before))"
            case .response(let trigger, let response): "whenever \(text(trigger)), then \(text(response))"
            }
        switch scope {
        case .globally: return what
        case .before(let event): return "\(what) before \(text(event))"
        case .after(let event): return "\(what) after \(text(event))"
        case .between(let opening, let closing): return "\(what) after \(text(opening)) before \(text(closing))"
        case .afterUntil(let opening, let closing): return "\(what) after \(text(opening)) until \(text(closing))"
        }
    }
}
