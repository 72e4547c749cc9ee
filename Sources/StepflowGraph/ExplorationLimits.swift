package import Stepflow

/// Bounds that keep exploration finite on any variant.
package struct ExplorationLimits: Hashable, Sendable {
    /// States explored at most; beyond, exploration stops with a finding.
    package var maxStates: Int
    /// Screens presented at once, and flows live at once, at most: a state
    /// beyond it is not explored further, and reported as unbounded growth
    /// (a push inside a cycle, in an app a leak).
    package var maxScreens: Int
    /// Steps one input may cause at most before the queue settles: beyond
    /// it, the input is reported as never settling.
    package var maxStepsPerInput: Int
    /// Whether sections shown side by side (tabs) that do not interact are
    /// explored as components (their states add up) rather than as their
    /// product (their states multiply): on by default. Every state listed
    /// is still one the live engine reaches; ``StateGraph/composition``
    /// says what was composed, or why the sections were explored as their
    /// product. Off, every state of the product is listed, which a check
    /// that looks a live state up in the graph needs.
    package var composesSections = true
    /// Whether each transition's trace is kept (``StateGraph/traces``):
    /// the steps it ran as a walk lists them, and how it ended the app.
    /// Off by default; the prototype's page shows them.
    package var recordsTraces = false

    /// Bounds for a variant.
    package init(maxStates: Int = 500_000, maxScreens: Int = 48, maxStepsPerInput: Int = 10_000) {
        self.maxStates = maxStates
        self.maxScreens = maxScreens
        self.maxStepsPerInput = maxStepsPerInput
    }

    /// 500,000 states, 48 screens, 10,000 steps an input.
    package static let standard = ExplorationLimits()
}

/// What rules about data and texts read off a waiting state: typed values,
/// not text to cut apart again.
package struct StateFacts: Sendable {
    /// The handoff fields each live module instance was entered with, by
    /// instance then field.
    package var entered: [EnteredField] = []
    /// The module texts on the screen on top.
    package var shown: [VariantGraph.ShownText] = []
    /// What the variant's record holds.
    package var record = VariantRecord()
    /// The entries of the record the screen on top shows.
    package var shows: [RecordShown] = []

    /// No facts.
    package init() {}
}

/// A handoff field a live module instance was entered with: what a
/// `carriesNone` rule looks for, and a pattern's `when` reads.
package struct EnteredField: Hashable, Sendable, Comparable {
    /// The module instance.
    package let instance: String
    /// The handoff field's name.
    package let field: String
    /// The instance that handed the value on.
    package let producer: String
    /// The value, as the instance reads it.
    package let value: ModuleValue

    /// `instance` entered with `field`, handed on by `producer` as `value`.
    package init(instance: String, field: String, producer: String, value: ModuleValue) {
        self.instance = instance
        self.field = field
        self.producer = producer
        self.value = value
    }

    /// By instance, then field.
    package static func < (a: Self, b: Self) -> Bool { (a.instance, a.field) < (b.instance, b.field) }
}
