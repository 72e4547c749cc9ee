import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import SyntheticVariant
import Testing

/// The live walk of a whole graph: each state reached live once (what the
/// prototype and the report read every screen off), and each transition
/// given live once to a fork of its state's session, its trace the one the
/// explorer kept (what the prototype shows for it).
@Suite("Every state and transition reached live, each once")
struct LiveGraphWalkTests {
    /// The graph of `manifest`'s variant with each transition's trace.
    static func graph(
        of manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices()
    )
        -> StateGraph
    {
        var limits = ExplorationLimits.standard
        limits.recordsTraces = true
        return VariantGraph(manifest: manifest, registry: registry, services: services, limits: limits).states
    }

    /// The lay variants; every one under `STEPFLOW_EXHAUSTIVE=1`.
    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyStateAndTransitionIsReachedOnForksThatRestoreExactly(name: String) throws {
        let manifest = try BundledManifests.load(name)
        let graph = Self.graph(of: manifest, registry: BundledModules.registry, services: BundledModules.services)
        #expect(
            try Self.replayEveryTransition(
                of: graph, manifest: manifest, registry: BundledModules.registry, services: BundledModules.services))
    }

    /// On one thread and on two: each state read once, off a session
    /// that reached it live, with fewer restores than states.
    @Test(
        arguments: BundledManifests.cases(["covid-antigen-home-de", "hba1c-clinic"], plain: ["covid-antigen-home-de"]),
        [1, 2])
    func everyStateIsReachedOnceWithFewerRestoresThanStates(name: String, workers: Int) throws {
        let manifest = try BundledManifests.load(name)
        let graph = Self.graph(of: manifest, registry: BundledModules.registry, services: BundledModules.services)
        func fresh() -> VariantSession {
            VariantSession(
                manifest: manifest, registry: BundledModules.registry, services: BundledModules.services, states: graph,
                answeredByHand: Self.answeredOnPage(graph))
        }
        let (read, calls, walk) = try Self.readEveryState(of: graph, workers: workers, fresh: fresh)
        #expect(calls == graph.states.count, "each state read once")
        #expect(read.count == graph.states.count)
        // Each state read off a session in it, showing the graph's screen.
        #expect(read.indices.allSatisfy { read[$0].state == $0 && read[$0].top == graph.states[$0].top })
        #expect(walk.restores > 0 && walk.restores < graph.states.count)
        #expect(walk.replayedFromStart == 0)
    }

    /// A form's summary opens each page with Change, and each page comes
    /// back: a session that read one page goes back live and opens the
    /// next, instead of forking the summary (a deep walk to replay) for
    /// each page. Every state is still read once, off a session in it.
    @Test(arguments: [1, 2])
    func aSessionGoesLiveToABranchNearItRatherThanForking(workers: Int) throws {
        let (pages, bound) = (12, 2)
        let registry = ModuleRegistry([SyntheticVariant.FormsModule.self])
        let text = SyntheticVariant.formsManifest(pages: pages, repeatBound: bound)
        let manifest = try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "forms.json")
        let graph = Self.graph(of: manifest, registry: registry)
        func fresh() -> VariantSession {
            VariantSession(manifest: manifest, registry: registry, states: graph)
        }
        let (read, _, walk) = try Self.readEveryState(of: graph, workers: workers, fresh: fresh)
        #expect(read.indices.allSatisfy { read[$0].state == $0 && read[$0].top == graph.states[$0].top })
        // Each summary (one per length of the repeat) opens every page.
        let opened = (bound + 1) * pages
        if workers == 1 {
            #expect(walk.liveMoves == opened - (bound + 1), "back to the summary live, for all but its first page")
            #expect(walk.restores == bound + 1, "one fork a summary: its other pages are a live move away")
        } else {
            // A second thread with no session forks what it takes.
            #expect(walk.liveMoves > 0 && walk.restores < opened / 2, "\(walk.restores) forks")
        }
        #expect(walk.replayedFromStart == 0)
    }

    @Test func aWalkOnTwoThreadsStopsAtTheFirstLostState() throws {
        let manifest = try BundledManifests.load("hba1c-clinic")
        let graph = Self.graph(of: manifest, registry: BundledModules.registry, services: BundledModules.services)
        struct Lost: Error { let expected: Int }
        // A give that fails on one deep transition: the walk throws it, on
        // whichever thread met it, and the others stop.
        let broken = try #require(graph.states.indices.max { graph.states[$0].depth < graph.states[$1].depth })
        var walk = LiveGraphWalk(graph: graph)
        func fresh() -> VariantSession {
            VariantSession(
                manifest: manifest, registry: BundledModules.registry, services: BundledModules.services, states: graph,
                answeredByHand: Self.answeredOnPage(graph))
        }
        #expect(throws: Lost.self) {
            try walk.runStates(
                start: fresh(), workers: 2, fresh: fresh,
                give: { position, session throws(Lost) in
                    if graph.transitions.target(of: position) == broken { throw Lost(expected: broken) }
                    try Self.give(position, of: graph, to: session) { Lost(expected: $0) }
                },
                lost: { (expected, _) -> Lost in Lost(expected: expected) },
                state: { (state, _) throws(Lost) in state })
        }
    }

    /// Reads every state of `graph` once on `workers` threads, each as the
    /// state its session is in and the screen on top; how many reads the
    /// walk made, and the walk (its counts).
    static func readEveryState(
        of graph: StateGraph, workers: Int, fresh: @escaping () -> VariantSession
    ) throws -> (read: [(state: Int?, top: String?)], calls: Int, walk: LiveGraphWalk) {
        struct Lost: Error { let expected: Int }
        let calls = Locked(0)
        var walk = LiveGraphWalk(graph: graph)
        let read = try walk.runStates(
            start: fresh(), workers: workers, fresh: fresh,
            give: { position, session throws(Lost) in
                try Self.give(position, of: graph, to: session) { Lost(expected: $0) }
            },
            lost: { (expected, _) -> Lost in Lost(expected: expected) },
            state: { (state, session) throws(Lost) -> (state: Int?, top: String?) in
                calls.withLock { $0 += 1 }
                return (state: session.stateIndex, top: session.top?.qualifiedID)
            })
        return (read, calls.withLock { $0 }, walk)
    }

    /// Every outside source the graph answers: given by hand, as on the
    /// prototype's page.
    static func answeredOnPage(_ graph: StateGraph) -> Set<String> {
        Set(
            graph.transitions.compactMap { transition -> String? in
                if case .answer(let source, _, _, _, _) = transition.input.kind { return source }
                return nil
            })
    }

    /// Gives transition `position` of `graph` to `session`, as a script's
    /// lines would.
    static func give<Failure: Error>(
        _ position: Int, of graph: StateGraph, to session: VariantSession, lost: (Int) -> Failure
    ) throws(Failure) {
        let transition = graph.transitions[position]
        if case .relaunch = transition.input.kind {
            do throws(SessionRefusal) { try session.run(.input(.relaunch)) } catch { throw lost(transition.to) }
            return
        }
        guard let top = session.top,
            let instruction = try? SuiteGenerator.instruction(for: transition.input, on: top).instruction
        else { throw lost(transition.from) }
        do throws(SessionRefusal) {
            for (entry, _) in SuiteGenerator.entries(for: transition.input) { try session.run(entry) }
            try session.run(instruction)
        } catch { throw lost(transition.to) }
    }

    /// Gives every transition of `graph` live once, on forks of its
    /// state's session, and expects each to land where the graph says and
    /// run the steps the explorer kept for it (the graph explored with
    /// ``StepflowGraph/ExplorationLimits/recordsTraces``). Returns whether
    /// every state and transition was reached once and no fork had to be
    /// walked again from the start.
    static func replayEveryTransition(
        of graph: StateGraph, manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices()
    ) throws -> Bool {
        func fresh() -> VariantSession {
            VariantSession(
                manifest: manifest, registry: registry, services: services, states: graph,
                answeredByHand: answeredOnPage(graph))
        }
        struct Lost: Error { let expected: Int }
        var states: [Int] = []
        var transitions = Set<Int>()
        var differing: [String] = []
        #expect(graph.traces.count == graph.transitions.count, "explored with recordsTraces")
        var walk = LiveGraphWalk(graph: graph)
        try walk.run(
            start: fresh(), fresh: fresh,
            give: { position, session throws(Lost) in
                try give(position, of: graph, to: session) { Lost(expected: $0) }
            },
            lost: { (expected, _) -> Lost in Lost(expected: expected) },
            state: { (state, session) throws(Lost) in
                #expect(session.stateIndex == state)
                states.append(state)
            },
            transition: { (position, session, steps) throws(Lost) in
                #expect(session.stateIndex == graph.transitions.target(of: position))
                transitions.insert(position)
                // What the explorer kept is what the live engine ran.
                let kept = graph.traces.indices.contains(position) ? graph.traces[position] : nil
                if kept != TransitionTrace(steps: steps, ending: session.endingExit), differing.count < 3 {
                    differing.append(
                        "\(graph.transitions[position].input): live \(steps) \(session.endingExit ?? "-"), "
                            + "kept \(kept.map { "\($0.steps) \($0.ending ?? "-")" } ?? "none")")
                }
            })
        #expect(differing.isEmpty, "\(differing)")
        // Each state once, each transition once, and no fork walked again
        // from the start: the engine's restore is exact.
        #expect(states.count == graph.states.count)
        #expect(Set(states).count == graph.states.count)
        #expect(transitions.count == graph.transitions.count)
        #expect(walk.replayedFromStart == 0)
        return states.count == graph.states.count && transitions.count == graph.transitions.count
            && walk.replayedFromStart == 0 && differing.isEmpty
    }

    /// The prototype's sessions run on a stopped clock: a timer shows its
    /// whole time however long the walk took (a loaded machine made a
    /// family's page read 299 where the page alone read 300), a fork sees
    /// no time gone, and only `wait` runs a timer.
    @Test func onAStoppedClockATimerWaitsItsWholeTimeInEveryFork() throws {
        let manifest = try BundledManifests.load("strep-a-home")
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services,
            clock: .stopped())
        var taps = 0
        while !session.timerWaits, taps < 30 {
            try session.give(actionAt: 0)
            taps += 1
        }
        // Its whole time, as the module declares it: no real time is read.
        let whole = try #require(session.clock.secondsLeft)
        let minutes = try #require(manifest.instance("test")).options.integer("waitMinutes")
        #expect(whole == minutes * 60)
        // Every stopped clock stands at one instant: a save made on one
        // restores on another with no time gone.
        #expect(WalkClock.stopped().now == session.clock.now)
        #expect(session.timerWaits, "no timer fires by itself")
        let fork = try VariantSession(forking: session.snapshot, of: session)
        #expect(fork.clock.isStopped)
        #expect(fork.clock.secondsLeft == whole)
        let waiting = session.top?.qualifiedID
        try session.give(.wait)
        #expect(session.top?.qualifiedID != waiting, "wait ran the timer")
    }

    @Test func aWalkOpenedAgainAfterItsAppEndedForksWhereItIs() throws {
        // hba1c-clinic keeps a result on the device across launches: a save
        // made after `relaunch` starts the root twice, and resumes so.
        let manifest = try BundledManifests.load("hba1c-clinic")
        let graph = VariantGraph(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services
        ).states
        let relaunch = try #require(
            graph.transitions.indices.first { position in
                if case .relaunch = graph.transitions[position].input.kind { return true }
                return false
            })
        let target = graph.transitions.target(of: relaunch)
        // Every outside answer is an input of the walk, as on the prototype.
        let byHand = Set(
            graph.transitions.compactMap { transition -> String? in
                if case .answer(let source, _, _, _, _) = transition.input.kind { return source }
                return nil
            })
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services, states: graph,
            answeredByHand: byHand)
        for transition in graph.shortestWalk(to: graph.transitions.source(of: relaunch)) + [graph.transitions[relaunch]]
        {
            if case .relaunch = transition.input.kind {
                try session.run(.input(.relaunch))
                continue
            }
            let top = try #require(session.top)
            for (entry, _) in SuiteGenerator.entries(for: transition.input) { try session.run(entry) }
            try session.run(try SuiteGenerator.instruction(for: transition.input, on: top).instruction)
        }
        #expect(session.stateIndex == target)
        let fork = try VariantSession(forking: session.snapshot, of: session)
        #expect(fork.stateIndex == target)
        #expect(fork.top?.qualifiedID == session.top?.qualifiedID)
        // And a plain resume of the save, as an app restarts from it.
        let resumed = try VariantSession(
            resuming: session.savedNavigation, manifest: manifest, registry: BundledModules.registry,
            services: BundledModules.services, states: graph, answeredByHand: byHand)
        #expect(resumed.stateIndex == target)
    }
}
