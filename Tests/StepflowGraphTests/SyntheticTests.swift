import Stepflow
import StepflowGraph
import StepflowManifest
import SyntheticVariant
import Testing

@Suite("Synthetic variants")
struct SyntheticTests {
    /// The benchmark's forms variant has the states its documentation
    /// counts, every value kept in the record, no error finding, and its
    /// classes refuse what they say.
    @Test(arguments: [(3, 0), (5, 2), (7, 3)])
    func theFormsSyntheticHasTheStatesItsShapeImplies(pages: Int, repeatBound: Int) throws {
        let registry = ModuleRegistry([SyntheticVariant.FormsModule.self])
        let text = SyntheticVariant.formsManifest(pages: pages, repeatBound: repeatBound)
        let manifest = try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "forms.json")
        let variant = VariantGraph(manifest: manifest, registry: registry)
        let states = variant.states
        #expect(
            states.states.count == pages + (repeatBound + 1) * (pages + 1) + 2 * repeatBound + 2,
            "pages, the repeat's lists and items, each summary and each change opened from it, the end")
        #expect(!variant.findings().contains { $0.severity == .error }, "\(variant.findings())")
        // Each page's submit is one transition (one class taken); the two
        // refused classes are tried as edges, not taken.
        let submits = states.transitions.count { transition in
            if case .submit = transition.input.kind { return true }
            return false
        }
        #expect(submits == pages + repeatBound + (repeatBound + 1) * pages)
        // The record holds the four answers of every page at the summary.
        let summary = try #require(states.states.indices.first { states.states[$0].top == "form/check" })
        #expect(states.facts[summary].record.entries.count == 4 * pages)
    }

    @Test func aSyntheticVariantHasTheNodesAndEdgesItsShapeImplies() {
        let (modules, steps) = (7, 25)
        let (root, stepper) = SyntheticVariant.make(modules: modules, stepsPerModule: steps)
        let states = GraphExplorer.exploreStates(root, with: stepper)
        let graph = states.projection
        // Per module: `steps` step nodes and `steps - 1` screens; the root:
        // one enter and one done per module; plus start and end.
        #expect(graph.nodes.count == modules * (steps + (steps - 1)) + 2 * modules + 2)
        // A waiting state per question, and the end.
        #expect(states.states.count == modules * (steps - 1) + 1)
        #expect(graph.findings() == [])
        let end = states.shortestWalks()[graph.end]!
        // The fewest inputs: skip ahead through each module (24 questions:
        // 12 skips from q0 reach q24, whose Next ends the module... q0 → q2
        // → … → q22 → q23 → end needs 12 inputs, then one more).
        #expect(end.depth >= modules * (steps - 1) / 2, "the end is reached through every module")
    }

    /// States a bound leaves unexplored still get their (empty) range of
    /// transitions, so every state's transitions are its own.
    @Test func aBoundedExplorationKeepsEveryStatesTransitionsItsOwn() {
        let (root, stepper) = SyntheticVariant.make(modules: 3, stepsPerModule: 40)
        let states = GraphExplorer.exploreStates(root, with: stepper, limits: ExplorationLimits(maxStates: 30))
        #expect(states.isTruncated)
        #expect(states.projection.findings().contains { $0.kind == .explorationLimit })
        for state in states.states.indices {
            #expect(states.transitions(from: state).allSatisfy { $0.from == state })
        }
        #expect(states.transitions.count == states.states.indices.reduce(0) { $0 + states.transitions(from: $1).count })
    }

    @Test func exploringTwiceGivesTheSameDOT() {
        let (root, stepper) = SyntheticVariant.make(modules: 20, stepsPerModule: 50)
        let first = DOTExporter.export(GraphExplorer.explore(root, with: stepper))
        let second = DOTExporter.export(GraphExplorer.explore(root, with: stepper))
        #expect(first == second)
    }
}

@Suite("Wrapping traces")
struct TraceWrapTests {
    @Test func aPathBreaksBeforeAnArrowAndNoLinePassesTheWidth() {
        let parts = ["start", "onboarding.welcome", "onboarding/welcome", "onboarding.consent", "é.ü", "end"]
        let text = TraceExporter.wrap(parts, width: 40, indent: "  ")
        #expect(
            text == """
                  start → onboarding.welcome
                    → onboarding/welcome
                    → onboarding.consent → é.ü → end

                """)
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= 40 })
    }

    @Test func aLongPathKeepsEveryPartAndTheWidth() {
        // 20,000 parts (wrapping used to count the growing line each time).
        let parts = (0..<20_000).map { "m\($0 % 7).s\($0)" }
        let text = TraceExporter.wrap(parts, width: 80, indent: "     ")
        let lines = text.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.joined().filter { $0 == "→" }.count == 19_999)
        #expect(lines.last?.hasSuffix("m0.s19999") == true)
    }
}

@Suite("Transitions kept column by column")
struct TransitionColumnTests {
    /// Each transition is made when read, from the graph's columns: it
    /// reads back the state it leaves, the screen on top of that state,
    /// and nodes of the projection.
    @Test func eachTransitionReadsBackItsStateScreenAndNodes() throws {
        for name in ["covid-antigen-clinic", "strep-a-home"] {
            let states = try Bundled.variant(name).states
            for state in states.states.indices {
                for transition in states.transitions(from: state) {
                    #expect(transition.from == state)
                    #expect(transition.input.screen == states.states[state].top)
                    #expect(states.states.indices.contains(transition.to))
                    #expect(!transition.nodes.isEmpty)
                    #expect(transition.nodes.allSatisfy { states.projection.nodes.indices.contains($0) })
                }
            }
        }
    }

    /// Two node lists are equal, and hash alike, exactly when they list
    /// the same nodes in the same order, wherever they sit in the list
    /// every transition shares (each list's first node is kept once per
    /// screen, the rest in that list).
    @Test func nodeListsCompareByTheNodesTheyList() throws {
        let states = try Bundled.variant("covid-antigen-clinic").states
        let lists = states.transitions.map(\.nodes)
        let arrays = lists.map { Array($0) }
        #expect(Set(lists).count == Set(arrays).count)
        var repeated = 0
        for (first, list) in lists.enumerated() {
            guard let other = arrays.indices.first(where: { $0 != first && arrays[$0] == arrays[first] }) else {
                continue
            }
            repeated += 1
            #expect(lists[other] == list)
            #expect(lists[other].hashValue == list.hashValue)
        }
        #expect(repeated > 0, "the variant has transitions that touch the same nodes")
    }
}
