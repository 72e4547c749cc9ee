import Stepflow
import StepflowManifest

// The rules about data, checked over every state and transition of the
// graph: where a typed value goes, what becomes of a kept item, what a
// walk carries into an instance. Each refutes with a shortest walk the
// live engine replays, and says what it saw.
extension StateGraph {
    /// Whether transition `position` opened the app again.
    func isRelaunch(_ position: Int) -> Bool {
        if case .relaunch = transitions[position].input.kind { return true }
        return false
    }

    /// What a walk has given entry `key` so far, for a value rule: the
    /// value last typed (on `typedOn`, if named), and whether the entry
    /// holds it by that typing (`false` once a module wrote it, or it was
    /// cleared).
    struct Typed: Hashable {
        var value: RecordValue?
        var holdsTyping = false
    }

    /// A shortest walk after which a screen of `screens` shows entry `key`
    /// otherwise than as last typed (on `typedOn`), or does not show a
    /// value that was typed; with what it showed. `nil` when none does.
    ///
    /// - Complexity: O((V + E) × distinct values typed).
    func walk(
        breakingValue key: String, typedOn: String?, screens: Set<String>
    ) -> (walk: Walk, detail: String)? {
        func apply(_ events: [RecordEvent], to typed: inout Typed) {
            for case .change(let change, _) in events where change.key == key {
                switch change.kind {
                case .set(let value):
                    if case .typed(let screen, _) = change.origin, typedOn.map({ $0 == screen }) ?? true {
                        typed = Typed(value: value, holdsTyping: true)
                    } else {
                        typed.holdsTyping = false
                    }
                case .cleared:
                    typed = Typed()
                default:
                    typed.holdsTyping = false
                }
            }
        }
        /// What is wrong with what state `state` shows, given `typed`.
        func problem(in state: Int, _ typed: Typed) -> String? {
            guard let top = states[state].top, screens.contains(top) else { return nil }
            let shown = facts[state].shows.first { $0.key == key }.flatMap { shown -> RecordValue? in
                if case .value(let value) = shown.entry { return value }
                return nil
            }
            switch (typed.value, shown) {
            case (nil, nil): return nil
            case (let given?, nil):
                return "\(top) does not show the \(key) typed (\(given))."
            case (nil, let shown?):
                return """
                    \(top) shows \(key) \(shown), and no \(key) typed\(typedOn.map { " on \($0)" } ?? "") was \
                    recorded: a module wrote it.
                    """
            case (let given?, let shown?):
                if shown != given {
                    return "\(top) shows \(key) \(shown), and the \(key) typed was \(given)."
                }
                if !typed.holdsTyping {
                    return "\(top) shows \(key) \(shown), which a module wrote over the \(key) typed."
                }
                return nil
            }
        }
        var start = Typed()
        apply(initialRecordEvents, to: &start)
        if let problem = problem(in: 0, start) { return (walk(toState: 0), problem) }
        return productWalk(from: start) { position, typed in
            // A relaunch keeps what the device keeps: the entries it drops
            // come as clearings.
            apply(recordEvents[position] ?? [], to: &typed)
            return problem(in: transitions.target(of: position), typed)
        }
    }

    /// A shortest walk whose last input takes an item off list `key`
    /// other than through a step `leavesBy` selects, or that reaches a
    /// state keeping an item from which no walk takes it off so; with
    /// what happened. `nil` when every item kept leaves only so, and
    /// always can.
    ///
    /// - Complexity: O(V + E).
    func walk(losingKept key: String, leavesBy: [String]) -> (walk: Walk, detail: String)? {
        func leaves(_ position: Int) -> (removed: Bool, allowed: Bool) {
            var removed = false
            var allowed = true
            for event in recordEvents[position] ?? [] {
                guard case .change(let change, _) = event, change.key == key else { continue }
                switch change.kind {
                case .removed, .cleared:
                    removed = true
                    if !leavesBy.contains(where: event.madeBy) { allowed = false }
                default: break
                }
            }
            return (removed, removed && allowed)
        }
        // Safety: an item leaves only by an allowed step.
        for position in transitions.indices {
            let (removed, allowed) = leaves(position)
            guard removed, !allowed else { continue }
            let source = transitions.source(of: position)
            let before = walk(toState: source)
            var nodes = before.nodes
            for node in transitions[position].nodes where nodes.last != node { nodes.append(node) }
            let input = transitions[position].input
            return (
                Walk(inputs: before.inputs + [input], nodes: nodes, lastState: source),
                "\(input) takes an item off \(key) without any of the steps that may (it is lost)."
            )
        }
        // Liveness: from every state that keeps one, some walk takes it off.
        var canLeave = [Bool](repeating: false, count: states.count)
        var incoming = [[Int32]](repeating: [], count: states.count)
        for position in transitions.indices {
            let (removed, allowed) = leaves(position)
            if removed && allowed { canLeave[transitions.source(of: position)] = true }
            incoming[transitions.target(of: position)].append(Int32(transitions.source(of: position)))
        }
        var stack = canLeave.indices.filter { canLeave[$0] }
        while let state = stack.popLast() {
            for source in incoming[state] where !canLeave[Int(source)] {
                canLeave[Int(source)] = true
                stack.append(Int(source))
            }
        }
        let stuck = states.indices.filter { !canLeave[$0] && !facts[$0].record.items(key).isEmpty }
            .min { states[$0].depth < states[$1].depth }
        guard let stuck else { return nil }
        let at = states[stuck].top ?? (states[stuck].isEnded ? "the end" : "start")
        return (
            walk(toState: stuck),
            "\(at) keeps \(facts[stuck].record.items(key).count) in \(key), and no walk from here takes one off by "
                + "the steps that may: it would wait forever."
        )
    }

    /// A shortest walk whose last input enters `instance` while the record
    /// holds one of `keys`; with which. `nil` when none does.
    func walk(enteringWithRecord instance: String, keys: Set<String>) -> (walk: Walk, detail: String)? {
        /// The record at each entry of `instance` in `events`, from `record`.
        func held(_ events: [RecordEvent], from record: VariantRecord) -> [String]? {
            var record = record
            for event in events {
                switch event {
                case .change(let change, _):
                    switch change.kind {
                    case .set(let value): _ = record.apply(.set(change.key, value), by: nil)
                    case .appended(let item): _ = record.apply(.append(change.key, item), by: nil)
                    case .removed(let item): _ = record.apply(.remove(change.key, item), by: nil)
                    case .cleared: _ = record.apply(.clear(change.key), by: nil)
                    }
                case .entered(let entered) where entered == instance:
                    let found = record.keys.filter(keys.contains)
                    if !found.isEmpty { return found }
                default: break
                }
            }
            return nil
        }
        if let found = held(initialRecordEvents, from: VariantRecord()) {
            return (walk(toState: 0), "\(instance) is entered at the start holding \(found.joined(separator: ", ")).")
        }
        var best: (position: Int, found: [String])?
        for position in transitions.indices {
            guard let events = recordEvents[position], events.contains(.entered(instance)) else { continue }
            let source = transitions.source(of: position)
            guard let found = held(events, from: facts[source].record) else { continue }
            if let known = best, states[transitions.source(of: known.position)].depth <= states[source].depth {
                continue
            }
            best = (position, found)
        }
        guard let (position, found) = best else { return nil }
        let source = transitions.source(of: position)
        let before = walk(toState: source)
        var nodes = before.nodes
        for node in transitions[position].nodes where nodes.last != node { nodes.append(node) }
        return (
            Walk(inputs: before.inputs + [transitions[position].input], nodes: nodes, lastState: source),
            "\(instance) is entered while the record holds \(found.joined(separator: ", ")) of an earlier run."
        )
    }

    /// Breadth first over (state, monitor) pairs from the start holding
    /// `start`: `step` updates the monitor along a transition and says
    /// what, if anything, the state it leads to breaks. The walk to the
    /// first break, and what broke.
    func productWalk<Monitor: Hashable>(
        from start: Monitor, step: (Int, inout Monitor) -> String?
    ) -> (walk: Walk, detail: String)? {
        var codes: [Monitor: Int] = [start: 0]
        var monitors = [start]
        var via: [Int: Int32] = [0: -1]  // pair → transition that reached it (-1: start)
        var from: [Int: Int] = [:]
        var queue = [(state: 0, monitor: 0)]
        var head = 0
        let width = 1 << 20
        func pair(_ state: Int, _ monitor: Int) -> Int { monitor * width + state }
        while head < queue.count {
            let (state, monitor) = queue[head]
            head += 1
            for position in positions(from: state) {
                var next = monitors[monitor]
                let broken = step(position, &next)
                let target = transitions.target(of: position)
                if let broken {
                    var chain = [position]
                    var current = pair(state, monitor)
                    while let reached = via[current], reached >= 0 {
                        chain.append(Int(reached))
                        current = from[current]!  // every pair reached by a transition has a source
                    }
                    let taken = chain.reversed().map { transitions[$0] }
                    var nodes = initialNodes
                    for node in taken.flatMap(\.nodes) where nodes.last != node { nodes.append(node) }
                    return (Walk(inputs: taken.map(\.input), nodes: nodes, lastState: state), broken)
                }
                let code: Int
                if let known = codes[next] {
                    code = known
                } else {
                    code = monitors.count
                    codes[next] = code
                    monitors.append(next)
                }
                let reached = pair(target, code)
                guard via[reached] == nil else { continue }
                via[reached] = Int32(position)
                from[reached] = pair(state, monitor)
                queue.append((target, code))
            }
        }
        return nil
    }
}
