import Stepflow

/// How far the work of a long command has got, for a tool to show on a
/// terminal while it runs ("exploring: 120,000 states").
///
/// Process-wide and cheap: the explorer, the live walk and the suite
/// planner count what they have done; a tool reads ``reading`` now and
/// then from another thread. Nothing of a person's data is in it: a
/// phase's name and counts only.
package enum WorkProgress {
    private struct Phase {
        var id = 0
        var name = ""
        var unit = ""
        var done = 0
        var total: Int?
    }

    private static let phase = Locked((next: 1, current: Phase()))

    /// A phase started: what counts in it and ends it.
    package struct Token: Sendable {
        fileprivate let id: Int
    }

    /// Starts counting `unit` done in the phase `name`, out of `total` when
    /// it is known; `nil` while another phase runs (the outer work, a
    /// family of manifests, is what is shown, not each part of it).
    package static func start(_ name: String, unit: String, total: Int? = nil) -> Token? {
        phase.withLock { state in
            guard state.current.name.isEmpty else { return nil }
            defer { state.next += 1 }
            state.current = Phase(id: state.next, name: name, unit: unit, done: 0, total: total)
            return Token(id: state.next)
        }
    }

    /// Counts `count` more done in the phase `token` started.
    package static func advance(_ token: Token?, by count: Int = 1) {
        guard let token else { return }
        phase.withLock { state in
            if state.current.id == token.id { state.current.done += count }
        }
    }

    /// Ends the phase `token` started: nothing is shown until the next.
    package static func finish(_ token: Token?) {
        guard let token else { return }
        phase.withLock { state in
            if state.current.id == token.id { state.current = Phase() }
        }
    }

    /// The phase as a line: `exploring: 120,000 states` or
    /// `replaying live: 900 of 10,396 transitions`; `nil` between phases.
    package static var reading: String? {
        let now = phase.withLock { $0.current }
        guard !now.name.isEmpty else { return nil }
        let done = grouped(now.done)
        guard let total = now.total else { return "\(now.name): \(done) \(now.unit)" }
        return "\(now.name): \(done) of \(grouped(total)) \(now.unit)"
    }

    /// `120000` as `120,000`.
    static func grouped(_ number: Int) -> String {
        let digits = Array(String(number.magnitude))
        var text = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { text.append(",") }
            text.append(digit)
        }
        return number < 0 ? "-" + text : text
    }
}
