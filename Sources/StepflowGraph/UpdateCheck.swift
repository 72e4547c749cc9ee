package import Stepflow
package import StepflowManifest

/// Which in-progress walks of an old release restore on a new one: the
/// answer `rootapp update-check` prints, and a release pipeline gates on.
///
/// Both releases run side by side over the old release's inputs
/// (`LockstepSearch`): the old one as its graph is explored, the new one
/// replaying each input by identity with the code a restore on another
/// release runs. A walk restores when every input replays and the new
/// release shows the screen the old one showed; re-worded texts never
/// matter, a removed screen, an option that reroutes or a field whose
/// classes changed do. For each input the new release refuses (and each
/// walk that lands elsewhere), the check says why, gives the shortest walk
/// to it on the old release, how many old states lie behind it, and where
/// the new release's policy (``Manifest/restoreOnUpdate``) resumes such a
/// walk, found by running that very restore.
///
/// ```swift
/// let check = UpdateCheck(old: released, new: candidate, registry: registry)
/// if !check.lostStates.isEmpty { print(check.lost.map(\.problem)) }
/// ```
package struct UpdateCheck: Sendable {
    /// One place where walks of the old release stop restoring.
    package struct Lost: Sendable {
        /// How the walk stops restoring.
        package enum Kind: Hashable, Sendable {
            /// The new release refuses the input.
            case refused
            /// The new release takes every input, and shows another screen.
            case landsElsewhere
        }

        /// How the walk stops restoring.
        package let kind: Kind
        /// The screen the input was given on in the old release.
        package let screen: String?
        /// The old release's shortest walk to where it happens, start
        /// first: for ``Kind/refused``, up to the input refused (the last).
        package let walk: [StateGraph.Input]
        /// What the new release refuses, or where it lands instead.
        package let problem: String
        /// The old release's states whose walks through here are lost.
        package let states: [Int]
        /// The new release's policy for such a walk, by the instance the
        /// person was in.
        package let policy: LostWalkPolicy
        /// Where the policy resumes the walk (the screen on top), or `nil`
        /// when it refuses the walk.
        package let resumesAt: String?
        /// The inputs the policy's restore replays, for ``walk``.
        package let inputsKept: Int
        /// How many of the old release's ways there (different walks to
        /// the same input refused, or the same screen elsewhere) this one
        /// stands for; ``walk`` is the shortest.
        package internal(set) var ways = 1
    }

    /// One state of the old release some walk of which does not restore.
    package struct LostState: Sendable {
        /// The state, in the old release's graph.
        package let state: Int
        /// Its screen on top.
        package let screen: String?
        /// Its shortest walk on the old release that does not restore,
        /// start first: through the input the new release refuses, or to
        /// a screen it shows elsewhere.
        package let walk: [StateGraph.Input]
        /// Why that walk does not restore (the place's problem).
        package let problem: String
    }

    /// The old release's variant.
    package let old: VariantGraph
    /// The new release's variant.
    package let new: VariantGraph
    /// What changed between them: modules, options, routes, screens.
    package let diff: VariantDiff
    /// The pairs (old state, new state) the lockstep search reached.
    package let pairs: Int
    /// The old release's inputs replayed on the new one.
    package let inputsChecked: Int
    /// Every place where walks stop restoring, the fewest inputs first.
    public let lost: [Lost]
    /// The old release's states some walk of which does not restore,
    /// in order.
    package let lostStates: [Int]
    /// The old release's states some walk of which does not restore and
    /// whose policy refuses it: the walks an update throws away.
    package let refusedStates: [Int]
    /// Each state of ``lostStates`` with its shortest walk that does not
    /// restore, in order of state.
    package let lostWalks: [LostState]
    /// The old release's states no walk of which restores whole (every
    /// walk to them passes an input the new release refuses, or they show
    /// a screen the new release shows elsewhere).
    package let unrestorableStates: [Int]
    /// Timers that run for another time on the new release at the same
    /// point of a walk: `test: timerDone after 15 min → 10 min`. A walk
    /// saved while one runs resumes with the new time, less the time
    /// already waited (at once if that has passed).
    package let timersChanged: [String]
    /// Whether a bound stopped either exploration: the verdict then covers
    /// only the states explored.
    package let isTruncated: Bool

    /// For each pair the lockstep search reached: the old state (-1 when
    /// the old graph does not list it, past a bound), whether the walk
    /// restores, and the edge that reached it (-1: the start).
    package let pairStates: [Int32]
    package let pairAgrees: [Bool]
    package let pairParents: [Int32]
    /// For each edge: the pair it leaves and the old release's input.
    package let edgeSources: [Int32]
    package let edgeInputs: [StateGraph.Input]

    /// The old release's walk to pair `index`, start first.
    package func walk(toPair index: Int) -> [StateGraph.Input] {
        var inputs: [StateGraph.Input] = []
        var current = index
        while current >= 0, pairParents[current] >= 0 {
            let edge = Int(pairParents[current])
            inputs.append(edgeInputs[edge])
            current = Int(edgeSources[edge])
        }
        return inputs.reversed()
    }

    /// Whether every walk of the old release restores on the new one.
    package var everyWalkRestores: Bool { lostStates.isEmpty && !isTruncated }

    /// Checks the walks of `old`'s variant against `new`'s, both made from
    /// `registry`'s modules with `services`.
    package init(
        old: Manifest, new: Manifest, registry: ModuleRegistry, newRegistry: ModuleRegistry? = nil,
        services: ModuleServices = ModuleServices(), limits: ExplorationLimits = .standard
    ) {
        let newRegistry = newRegistry ?? registry
        // Every old state is looked up in the old graph: it lists the
        // product of any sections, not their components.
        var limits = limits
        limits.composesSections = false
        let oldGraph = VariantGraph(manifest: old, registry: registry, services: services, limits: limits)
        let newGraph = VariantGraph(manifest: new, registry: newRegistry, services: services, limits: limits)
        self.old = oldGraph
        self.new = newGraph
        diff = VariantDiff(oldGraph, newGraph)
        func root(_ manifest: Manifest, _ registry: ModuleRegistry) -> RootFlow {
            RootFlow(
                manifest: manifest, registry: registry,
                environment: ModuleEnvironment(clock: IdleClock(), services: services, today: manifest.referenceDate),
                locale: nil)
        }
        let oldRoot = root(old, registry)
        let newRoot = RootCoordination(root(new, newRegistry), with: OneStepper(RootStep.start))
        // Links are inputs from every state, on both releases: the new one
        // routes each old address its own way.
        let search = LockstepSearch(
            maxStepsPerInput: limits.maxStepsPerInput, maxPairs: limits.maxStates, links: oldRoot.representativeLinks)
        var startRefused: RestoreError?
        do throws(RestoreError) {
            try search.run(
                old: { state, transaction in state.coordinate(oldRoot, with: OneStepper(RootStep.start), &transaction)
                },
                new: newRoot)
        } catch {
            startRefused = error
        }
        pairs = search.pairs.count
        inputsChecked = search.edges.count
        let states = oldGraph.states
        let policies = new.restoreOnUpdate
        var lost: [Lost] = []
        var lostSet = Set<Int>()
        var refusedSet = Set<Int>()
        // Each lost state's shortest walk that does not restore: the
        // place's walk, then the old release's way on from there.
        var best: [Int: (walk: [StateGraph.Input], problem: String)] = [:]
        func offer(_ state: Int, _ walk: @autoclosure () -> [StateGraph.Input], length: Int, _ problem: String) {
            if let known = best[state], known.walk.count <= length { return }
            best[state] = (walk(), problem)
        }
        var timers = Set<String>()
        for pair in search.pairs {
            for change in Self.timerChanges(from: pair.old, to: pair.new.state) { timers.insert(change) }
        }

        /// The old walk to pair `index`, as inputs; and as a save holds
        /// it: the entries since the app last started, and what the
        /// device kept when it did (after a relaunch).
        func walk(
            to index: Int
        ) -> (inputs: [StateGraph.Input], entries: [SavedNavigation.Entry], kept: VariantRecord) {
            var edges: [LockstepSearch.Edge] = []
            var current = index
            while current >= 0, search.pairs[current].parent >= 0 {
                let edge = search.edges[search.pairs[current].parent]
                edges.append(edge)
                current = edge.from
            }
            edges.reverse()
            let launch = edges.lastIndex { $0.isRelaunch }
            let kept = launch.map { search.pairs[edges[$0].from].old.navigation.record } ?? VariantRecord()
            let since = launch.map { edges[($0 + 1)...] } ?? edges[...]
            return (edges.map(Self.input), since.map(\.entry), kept)
        }
        /// Where the new release's policy resumes a walk of `entries` (the
        /// app started with `kept`) that was showing `shown`: the restore
        /// itself, run.
        func resume(
            _ entries: [SavedNavigation.Entry], kept: VariantRecord, shown: String?
        ) -> (String?, Int, LostWalkPolicy) {
            var saved = SavedNavigation(fingerprint: "old release", entries: [.coordinate(flow: old.app.id)] + entries)
            saved.kept = kept
            saved.screens = shown.map { [$0] } ?? []
            do throws(RestoreError) {
                let (_, outcome, _) = try Replay.restoring(
                    saved, roots: [newRoot], fingerprint: "new release", deepLinks: [],
                    onAnotherRelease: .replay { policies.policy(for: $0) })
                if case .fellBack(let chosen) = outcome.kind { return (outcome.top, outcome.inputs, chosen) }
                // Whole after all: the search and the restore disagree
                // (the property test proves they do not). Said as thrown
                // away: the check never claims more than it proved.
                return (nil, 0, .refuse)
            } catch {
                return (nil, 0, .refuse)
            }
        }
        func oldState(_ engine: EngineState) -> Int? { states.state(of: engine) }

        if let startRefused {
            let all = Array(states.states.indices)
            lost.append(
                Lost(
                    kind: .refused, screen: nil, walk: [], problem: startRefused.problem, states: all,
                    policy: .refuse, resumesAt: nil, inputsKept: 0))
            lostSet.formUnion(all)
            refusedSet.formUnion(all)
            for state in all {
                let walk = states.shortestWalk(to: state).map(\.input)
                offer(state, walk, length: walk.count, startRefused.problem)
            }
        }
        for (index, pair) in search.pairs.enumerated() where !pair.agrees {
            guard let state = oldState(pair.old) else { continue }
            let (inputs, entries, record) = walk(to: index)
            let shown = pair.old.navigation.topScreen?.qualifiedID
            let (resumesAt, kept, policy) = resume(entries, kept: record, shown: shown)
            lost.append(
                Lost(
                    kind: .landsElsewhere, screen: shown, walk: inputs,
                    problem: """
                        the new release takes every input, and shows \
                        \(pair.new.state.navigation.topScreen?.qualifiedID ?? "no screen") where the old one \
                        showed \(shown ?? "no screen").
                        """,
                    states: [state], policy: policy, resumesAt: resumesAt, inputsKept: kept))
            offer(state, inputs, length: inputs.count, lost.last!.problem)  // appended above
            lostSet.insert(state)
            if resumesAt == nil { refusedSet.insert(state) }
        }
        for edge in search.edges {
            guard case .failure(let refusal) = edge.outcome, let target = oldState(edge.oldTarget) else { continue }
            let (inputs, entries, record) = walk(to: edge.from)
            // A relaunch refused: the save holds what the device kept, and
            // the start the new release refuses.
            let relaunched = edge.isRelaunch
            let (resumesAt, kept, policy) = resume(
                relaunched ? [] : entries + [Self.refusing(edge)],
                kept: relaunched ? search.pairs[edge.from].old.navigation.record : record,
                shown: edge.oldTarget.navigation.topScreen?.qualifiedID)
            let ways = states.shortestWays(from: target)
            let behind = ways.keys.sorted()
            let placeWalk = inputs + [Self.input(edge)]
            lost.append(
                Lost(
                    kind: .refused, screen: edge.top?.qualifiedID, walk: placeWalk,
                    problem: refusal.problem, states: behind, policy: policy, resumesAt: resumesAt,
                    inputsKept: kept))
            for state in behind {
                let onward = states.walk(to: state, along: ways)
                offer(
                    state, placeWalk + onward.map { states.transitions[$0].input },
                    length: placeWalk.count + onward.count,
                    refusal.problem)
            }
            lostSet.formUnion(behind)
            if resumesAt == nil { refusedSet.formUnion(behind) }
        }
        self.lost = Self.grouped(lost)
        var restorable = Set<Int>()
        var pairStates: [Int32] = []
        for pair in search.pairs {
            let state = oldState(pair.old)
            pairStates.append(Int32(state ?? -1))
            if pair.agrees, let state { restorable.insert(state) }
        }
        unrestorableStates = states.states.indices.filter { !restorable.contains($0) }
        self.pairStates = pairStates
        pairAgrees = search.pairs.map(\.agrees)
        pairParents = search.pairs.map { Int32($0.parent) }
        edgeSources = search.edges.map { Int32($0.from) }
        edgeInputs = search.edges.map(Self.input)
        lostStates = lostSet.sorted()
        lostWalks = lostStates.compactMap { state in
            best[state].map {
                LostState(state: state, screen: states.states[state].top, walk: $0.walk, problem: $0.problem)
            }
        }
        refusedStates = refusedSet.sorted()
        timersChanged = timers.sorted()
        isTruncated = search.isTruncated || oldGraph.states.isTruncated || newGraph.states.isTruncated
    }

    /// `places`, those that say the same (the same input refused on the
    /// same screen for the same reason, resumed alike) made one, with the
    /// shortest walk and every state behind any of them; fewest inputs first.
    private static func grouped(_ places: [Lost]) -> [Lost] {
        struct Key: Hashable {
            let kind: Lost.Kind
            let screen: String?
            let input: String?
            let problem: String
            let resumesAt: String?
        }
        var order: [Key] = []
        var groups: [Key: Lost] = [:]
        for place in places.sorted(by: { $0.walk.count < $1.walk.count }) {
            let key = Key(
                kind: place.kind, screen: place.screen,
                input: place.kind == .refused ? place.walk.last?.description : nil, problem: place.problem,
                resumesAt: place.resumesAt)
            guard var group = groups[key] else {
                groups[key] = place
                order.append(key)
                continue
            }
            group = Lost(
                kind: group.kind, screen: group.screen, walk: group.walk, problem: group.problem,
                states: Array(Set(group.states).union(place.states)).sorted(), policy: group.policy,
                resumesAt: group.resumesAt, inputsKept: group.inputsKept, ways: group.ways + 1)
            groups[key] = group
        }
        return order.compactMap { groups[$0] }
    }

    /// The timers live in both states whose time differs, as
    /// `instance: step after old → new`.
    private static func timerChanges(from old: EngineState, to new: EngineState) -> [String] {
        func timers(_ state: EngineState) -> [String: Duration] {
            var found: [String: Duration] = [:]
            for id in state.attachments.keys {
                guard let unit = state.attachments[id]?.unit, let timer = unit.timer else { continue }
                found["\(unit.flow.name): \(timer.step)"] = timer.duration
            }
            return found
        }
        let (before, after) = (timers(old), timers(new))
        return before.keys.sorted().compactMap { key in
            guard let was = before[key], let now = after[key], was != now else { return nil }
            return "\(key) after \(Self.spoken(was)) → \(Self.spoken(now))"
        }
    }

    /// `15 min`, `90 s`.
    private static func spoken(_ duration: Duration) -> String {
        let seconds = duration.components.seconds
        return seconds % 60 == 0 ? "\(seconds / 60) min" : "\(seconds) s"
    }

    /// The edge's entry as a save holds it, with each field whose classes
    /// changed in a class the new release does not have: what a person's
    /// value that now falls elsewhere looks like to the restore.
    private static func refusing(_ edge: LockstepSearch.Edge) -> SavedNavigation.Entry {
        guard !edge.changedFields.isEmpty,
            case .submit(let flow, let screen, let id, let action, let step, let label, let values, var classes) =
                edge.entry
        else { return edge.entry }
        for field in edge.changedFields { classes[field] = "(a class of the old release)" }
        return .submit(
            flow: flow, screen: screen, id: id, action: action, step: step, label: label, values: values,
            classes: classes)
    }

    /// The edge's input as `trace` and `paths` print it.
    private static func input(_ edge: LockstepSearch.Edge) -> StateGraph.Input {
        StateGraph.Input(screen: edge.top?.qualifiedID, kind: StateExplorer.kind(of: edge.input))
    }
}
