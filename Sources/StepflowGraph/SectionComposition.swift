import Stepflow

/// How exploration treated sections shown side by side (tabs): explored as
/// components, their states adding up, or as their product, and why.
///
/// Sections that do not act on one another are explored as components
/// (``ExplorationLimits/composesSections``): every state in which at most
/// one section has left its start is listed, and an input that would leave
/// a second section away from its start is not taken, since what it does
/// it does from the listed state where that other section is still at its
/// start. Every screen, step and transition of each section is so reached,
/// and every listed state and printed walk is one the live engine takes.
/// What is not listed: the states in which two sections have both left
/// their starts (``productStates`` says about how many the product would
/// hold), and so the selections between two sections both away from their
/// starts: in the projection a selection edge leaves every screen of a
/// section towards the other sections as they are at their starts, and
/// arrives at every screen of a section from the others at their starts.
/// Where one section acts on another, exploration falls back to the
/// product and ``interaction`` names the first input that showed it.
package struct SectionComposition: Hashable, Sendable {
    /// One section of a flow that shows sections, and how many distinct
    /// states of its own it was seen in.
    package struct Part: Hashable, Sendable {
        /// The name of the flow that shows the sections (a module instance).
        package let owner: String
        /// The section's name.
        package let section: String
        /// The distinct states of the section's own flows seen.
        package let states: Int
    }

    /// Every section seen, in the order first seen.
    package let parts: [Part]
    /// The states listed.
    package let states: Int
    /// Inputs not taken because each would have left two sections away
    /// from their starts (0 when the product was explored).
    package let skippedInputs: Int
    /// What showed that sections act on one another, in words (`'Send' on
    /// home/kept in section kept of home changed section test`), when the
    /// product was explored because of it; `nil` when composed.
    package let interaction: String?

    /// Whether the sections were explored as components.
    package var isComposed: Bool { interaction == nil }

    /// About how many combinations of the sections' own states the product
    /// holds: for each flow that shows sections, the product of its
    /// sections' state counts, summed over those flows (an estimate: it
    /// counts each section's states, not which of them can be reached
    /// together).
    package var productStates: Double {
        Dictionary(grouping: parts, by: \.owner).values.reduce(0.0) { total, sections in
            total + sections.reduce(1.0) { $0 * Double($1.states) }
        }
    }

    init(_ composer: SectionComposer, states: Int, interaction: String?) {
        self.parts = composer.slots.indices.map {
            Part(owner: composer.slots[$0].owner, section: composer.slots[$0].section, states: composer.seen[$0].count)
        }
        self.states = states
        self.skippedInputs = interaction == nil ? composer.skipped : 0
        self.interaction = interaction
    }

    /// One clause for a verdict: `sections composed: home's test (12
    /// states), kept (3) and help (2); their product: about 72
    /// combinations; 40 inputs that would leave two sections away from
    /// their starts not taken`, or `sections explored as their product:
    /// …` and why.
    package var summary: String {
        guard isComposed else { return "sections explored as their product: \(interaction ?? "")" }
        var owners: [String] = []
        for part in parts where !owners.contains(part.owner) { owners.append(part.owner) }
        let described = owners.map { owner in
            let sections = parts.filter { $0.owner == owner }.enumerated().map { position, part in
                "\(part.section) (\(part.states)\(position == 0 ? part.states == 1 ? " state" : " states" : ""))"
            }
            return "\(owner)'s " + Self.list(sections)
        }
        var summary = "sections composed: " + described.joined(separator: ", ")
        if skippedInputs > 0 {
            summary +=
                "; their product: about \(Self.count(productStates)) combinations; \(skippedInputs) "
                + "input\(skippedInputs == 1 ? "" : "s") that would leave two sections away from their starts not taken"
        }
        return summary
    }

    private static func list(_ items: [String]) -> String {
        items.count < 2 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    /// `12`, `1,000,000`, `10^12`, `2.5 x 10^13`.
    private static func count(_ value: Double) -> String {
        guard value >= 1e9 else {
            let digits = String(Int(value))
            var grouped = ""
            for (offset, digit) in digits.enumerated() {
                if offset > 0 && (digits.count - offset) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            return grouped
        }
        var exponent = 0
        var mantissa = value
        while mantissa >= 10 {
            mantissa /= 10
            exponent += 1
        }
        var tenths = Int((mantissa * 10).rounded())
        if tenths == 100 {
            tenths = 10
            exponent += 1
        }
        return tenths == 10 ? "10^\(exponent)" : "\(tenths / 10).\(tenths % 10) x 10^\(exponent)"
    }
}
