import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// The live walk of a whole graph, each transition given live once to a
/// fork of its state's session: what the prototype and the report read
/// every screen off.
@Suite("Every state and transition reached live, each once")
struct LiveGraphWalkTests {
    /// The lay variants (the clinics' thousands of states are walked by
    /// the prototype's tests).
    static let lay = ["covid-antigen-home", "covid-antigen-home-de", "strep-a-home"]

    @Test(arguments: lay)
    func everyStateAndTransitionIsReachedOnForksThatRestoreExactly(name: String) throws {
        let manifest = try BundledManifests.load(name)
        let graph = VariantGraph(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services
        ).states
        #expect(
            try Self.replayEveryTransition(
                of: graph, manifest: manifest, registry: BundledModules.registry, services: BundledModules.services))
    }

    /// Gives every transition of `graph` live once, on forks of its
    /// state's session, and expects each to land where the graph says.
    /// Returns whether every state and transition was reached once and no
    /// fork had to be walked again from the start.
    static func replayEveryTransition(
        of graph: StateGraph, manifest: Manifest, registry: ModuleRegistry, services: ModuleServices = ModuleServices()
    ) throws -> Bool {
        func fresh() -> VariantSession {
            VariantSession(manifest: manifest, registry: registry, services: services, states: graph)
        }
        struct Lost: Error { let expected: Int }
        var states: [Int] = []
        var transitions = Set<Int>()
        var walk = LiveGraphWalk(graph: graph)
        try walk.run(
            start: fresh(), fresh: fresh,
            give: { position, session throws(Lost) in
                let transition = graph.transitions[position]
                guard let top = session.top,
                    let instruction = try? SuiteGenerator.instruction(for: transition.input, on: top).instruction
                else { throw Lost(expected: transition.from) }
                do throws(SessionRefusal) {
                    for (entry, _) in SuiteGenerator.entries(for: transition.input) { try session.run(entry) }
                    try session.run(instruction)
                } catch { throw Lost(expected: transition.to) }
            },
            lost: { (expected, _) -> Lost in Lost(expected: expected) },
            state: { (state, session) throws(Lost) in
                #expect(session.stateIndex == state)
                states.append(state)
            },
            transition: { (position, session, _) throws(Lost) in
                #expect(session.stateIndex == graph.transitions.target(of: position))
                transitions.insert(position)
            })
        // Each state once, each transition once, and no fork walked again
        // from the start: the engine's restore is exact.
        #expect(states.count == graph.states.count)
        #expect(Set(states).count == graph.states.count)
        #expect(transitions.count == graph.transitions.count)
        #expect(walk.replayedFromStart == 0)
        return states.count == graph.states.count && transitions.count == graph.transitions.count
            && walk.replayedFromStart == 0
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
