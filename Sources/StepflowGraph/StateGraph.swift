package import Stepflow

/// Every state a variant's live engine can be in when it waits for a
/// person (or a stepper), and every input that leads from one to the next:
/// the exact answer behind every path the tools print.
///
/// A state is the whole engine state (the tree of live flows, each flow's
/// screens, its steppers and what they have spent, the data handed between
/// modules) up to what the engine cannot tell apart (see `StateKeys`). An
/// input is what a person or the app can do in it: choose an action on the
/// screen on top, or let a live stepper emit a step it declared (a timer
/// finishing). A transition runs the engine's own transition function,
/// queue drained, exactly as the coordinator would.
///
/// The ``projection`` is the screen/step graph people look at; answers
/// (depths, paths, rules, coverage) come from the states.
public struct StateGraph: Sendable {
    /// One waiting state.
    package struct State: Hashable, Sendable {
        /// The screen on top (`instance/screen`), if any.
        package let top: String?
        /// Whether the app has ended: no flow is live.
        package let isEnded: Bool
        /// The fewest inputs that reach it from the start.
        package let depth: Int
    }

    /// One input between two states.
    public struct Transition: Hashable, Sendable {
        /// The state it is given in.
        package let from: Int
        /// The state it leads to.
        package let to: Int
        /// What was done.
        public let input: Input
        /// The projection's nodes it touched, in order, from the node it
        /// was given on: the screen on top (or the start), or for an answer
        /// to a question the step that asked it.
        package let nodes: NodeList
    }

    /// The projection's nodes one transition touched, in order: the node
    /// it was given on (the screen on top, or the start), then a view of
    /// the node list every transition of the graph shares (a transition
    /// keeps no array of its own).
    package struct NodeList: RandomAccessCollection, Hashable, Sendable, CustomStringConvertible {
        package typealias Indices = Range<Int>

        private let origin: Int32
        private let storage: [Int32]
        private let rest: Range<Int>

        init(origin: Int32, _ storage: [Int32], _ rest: Range<Int>) {
            self.origin = origin
            self.storage = storage
            self.rest = rest
        }

        /// 0.
        package var startIndex: Int { 0 }
        /// The number of nodes.
        package var endIndex: Int { rest.count + 1 }

        /// The node at `position`.
        package subscript(position: Int) -> NavigationGraph.NodeID {
            position == 0 ? Int(origin) : Int(storage[rest.lowerBound + position - 1])
        }

        /// `[0, 4, 5]`.
        package var description: String { Array(self).description }

        /// Whether both list the same nodes in the same order.
        package static func == (a: NodeList, b: NodeList) -> Bool { a.elementsEqual(b) }

        /// Hashes the nodes in order (not where the list sits).
        package func hash(into hasher: inout Hasher) {
            hasher.combine(count)
            for node in self { hasher.combine(node) }
        }
    }

    /// Every state of the graph, breadth first from the start. Kept column
    /// by column (9 bytes a state: its screen numbered, its depth, whether
    /// it ended); each ``State`` is made when it is read.
    package struct States: RandomAccessCollection, Sendable {
        package typealias Indices = Range<Int>

        /// The columns, in one object: a copy of the collection is one
        /// reference. Changed only while the explorer, its one holder,
        /// adds states (on one thread: the run-time exclusivity checks are
        /// off, as in the explorer's other tables).
        fileprivate final class Columns: @unchecked Sendable {
            /// Each state's screen on top, by index in `screens`; -1: none.
            @exclusivity(unchecked) var screenNumbers: [Int32] = []
            @exclusivity(unchecked) var depths: [Int32] = []
            @exclusivity(unchecked) var ended: [Bool] = []
            /// The screens, shared with the transitions (one array).
            @exclusivity(unchecked) var screens: [String] = []
        }

        fileprivate let columns = Columns()

        init() {}

        /// 0.
        package var startIndex: Int { 0 }
        /// The number of states.
        package var endIndex: Int { columns.depths.count }

        /// The state at `position`.
        package subscript(position: Int) -> State {
            let screen = Int(columns.screenNumbers[position])
            return State(
                top: screen < 0 ? nil : columns.screens[screen], isEnded: columns.ended[position],
                depth: Int(columns.depths[position]))
        }

        /// Adds a state: its screen's number from the transitions' table
        /// (-1: none), whether it ended, its depth. Only the explorer
        /// adds, before anyone else holds the collection.
        func append(screen: Int32, isEnded: Bool, depth: Int) {
            columns.screenNumbers.append(screen)
            columns.ended.append(isEnded)
            columns.depths.append(Int32(depth))
        }

        /// Whether state `position` ended, without making the state.
        func isEnded(_ position: Int) -> Bool { columns.ended[position] }
    }

    /// Every transition of the graph, grouped by source state, in input
    /// order. Kept column by column (about 16 bytes a transition: its kind
    /// of input numbered, its screen that of the state it leaves, its nodes
    /// in one shared list), so a million states' transitions stay small;
    /// each ``Transition`` is made when it is read.
    public struct Transitions: RandomAccessCollection, Sendable {
        public typealias Indices = Range<Int>

        /// The columns, in one object: a copy of the collection is one
        /// reference. Changed only while the explorer, its one holder,
        /// adds transitions (on one thread, as the states).
        private final class Columns: @unchecked Sendable {
            // Transitions' columns in pages (see PagedColumn): a million
            // steps' explorer grows them without holding a second copy.
            @exclusivity(unchecked) var sources = PagedColumn()
            @exclusivity(unchecked) var targets = PagedColumn()
            /// The screen of each state inputs are given in (the states'
            /// column, shared when the graph is made).
            @exclusivity(unchecked) var stateScreens: [Int32] = []
            /// Each transition's kind of input, by index in `kinds`.
            @exclusivity(unchecked) var kindIndices = PagedColumn()
            /// Each transition's nodes after the first: the run of
            /// `nodeList` at `nodeStarts[t]`, up to the next transition's.
            /// The first is the node of the screen it was given on
            /// (`screenNodes`), or the start.
            @exclusivity(unchecked) var nodeStarts = PagedColumn()
            @exclusivity(unchecked) var nodeList = PagedColumn()
            /// The first node of the transitions not given on their screen:
            /// an answer to a question starts at the step that asked it.
            @exclusivity(unchecked) var answerOrigins: [Int32: Int32] = [:]
            /// The projection's node of each screen in `screens`.
            @exclusivity(unchecked) var screenNodes: [Int32] = []
            /// The distinct screens inputs were given on (`instance/screen`).
            @exclusivity(unchecked) var screens: [String] = []
            /// Each screen by its instance and id, while transitions are added.
            @exclusivity(unchecked) var screenIndex = HashIndex()
            /// The distinct kinds of input, and each one's number.
            @exclusivity(unchecked) var kinds: [Input.Kind] = []
            /// Each kind in `kinds` by its hash (``Input/Kind/quickHash``).
            @exclusivity(unchecked) var kindIndex = HashIndex()
        }

        private let columns = Columns()

        init() {}

        /// 0.
        public var startIndex: Int { 0 }
        /// The number of transitions.
        public var endIndex: Int { columns.sources.end }

        /// The transition at `position`.
        public subscript(position: Int) -> Transition {
            let from = Int(columns.sources[position])
            let screen = Int(columns.stateScreens[from])
            return Transition(
                from: from, to: Int(columns.targets[position]),
                input: Input(
                    screen: screen < 0 ? nil : columns.screens[screen],
                    kind: columns.kinds[Int(columns.kindIndices[position])]),
                nodes: nodes(
                    at: position,
                    origin: columns.answerOrigins[Int32(position)]
                        ?? (screen < 0 ? Int32(NavigationGraph.startNode) : columns.screenNodes[screen])))
        }

        /// The nodes of the transition at `position` after `origin`.
        private func nodes(at position: Int, origin: Int32) -> NodeList {
            let next = position + 1 < endIndex ? Int(columns.nodeStarts[position + 1]) : columns.nodeList.end
            let (page, range) = columns.nodeList.run(from: Int(columns.nodeStarts[position]), upTo: next)
            return NodeList(origin: origin, page, range)
        }

        /// The state the transition at `position` is given in, read without
        /// making the transition (its input and nodes).
        package func source(of position: Int) -> Int { Int(columns.sources[position]) }

        /// The state the transition at `position` leads to, read without
        /// making the transition: what a walk over a large graph reads.
        package func target(of position: Int) -> Int { Int(columns.targets[position]) }

        /// Whether transition `position` is a link opened from outside.
        package func isLink(at position: Int) -> Bool {
            if case .link = columns.kinds[Int(columns.kindIndices[position])] { return true }
            return false
        }

        // Adding: only the explorer adds, before anyone else holds the
        // collection.

        /// The number of `screen` among the screens states show: its
        /// qualified id is made once, so every state and transition on it
        /// shares the one string.
        func number(_ screen: PresentedScreen) -> Int32 {
            let columns = columns
            let (flow, name) = (screen.flow.name, screen.screenID)
            let hash = StringInterner.hash(flow) &* 0x9E37_79B9_7F4A_7C15 ^ StringInterner.hash(name)
            let found = columns.screenIndex.find(hash) {
                columns.screens[$0].isSpelled(by: flow, UInt8(ascii: "/"), name)
            }
            if let known = found.position { return Int32(known) }
            columns.screens.append(screen.qualifiedID)
            columns.screenNodes.append(-1)
            return Int32(columns.screenIndex.add(hash, at: found.slot))
        }

        /// Notes the screen on top of the next state (its number, -1: none).
        func addState(screen: Int32) { columns.stateScreens.append(screen) }

        /// The screen on top of `state` (`instance/screen`), if any.
        func top(ofState state: Int) -> String? {
            let screen = Int(columns.stateScreens[state])
            return screen < 0 ? nil : columns.screens[screen]
        }

        /// Adds a transition from `from` to `to`, given on the screen on
        /// top of `from`, of `kind`, touching `nodes`: the first is that
        /// screen's node (or the start), which is kept once per screen.
        func append(from: Int, to: Int, kind: Input.Kind, nodes: [Int]) {
            let columns = columns
            let screen = Int(columns.stateScreens[from])
            if case .answer(_, _, _, _, isQuestion: true) = kind {
                columns.answerOrigins[Int32(columns.sources.end)] = Int32(nodes[0])
            } else if screen >= 0 {
                if columns.screenNodes[screen] < 0 { columns.screenNodes[screen] = Int32(nodes[0]) }
                precondition(columns.screenNodes[screen] == nodes[0], "a screen's input starts at its node")
            } else {
                precondition(nodes[0] == NavigationGraph.startNode, "an input at the start starts there")
            }
            columns.sources.append(Int32(from))
            columns.targets.append(Int32(to))
            let (number, isNew) = columns.kindIndex.insert(kind.quickHash) { columns.kinds[$0] == kind }
            if isNew { columns.kinds.append(kind) }
            columns.kindIndices.append(Int32(number))
            columns.nodeStarts.append(Int32(columns.nodeList.appendRun(nodes.dropFirst().lazy.map { Int32($0) })))
        }

        /// Lets go of what only adding needed, and gives `states` their
        /// screens (the same arrays, not copies).
        func finish(_ states: States) {
            columns.kindIndex = HashIndex()
            columns.screenIndex = HashIndex()
            states.columns.screenNumbers = columns.stateScreens
            states.columns.screens = columns.screens
        }
    }

    /// The app's id.
    package let app: String
    /// The states, breadth first from the start (state 0).
    package let states: States
    /// The transitions, grouped by source state, in input order.
    public let transitions: Transitions
    /// The nodes the start itself touches (before any input).
    package let initialNodes: [NavigationGraph.NodeID]
    /// The screen/step graph the states project to.
    package let projection: NavigationGraph
    /// Whether exploration stopped at a bound (see ``ExplorationLimits``);
    /// a finding says where.
    package let isTruncated: Bool
    /// For each state, the transitions leaving it: `transitions[offsets[s]..<offsets[s + 1]]`.
    let offsets: [Int32]
    /// For each state, the transition that first reached it (-1 for the start).
    package let parent: [Int32]
    /// Each state by its key: how a live engine's state is found here.
    let keys: StateKeys
    /// The numbering of the keys' parts, shared by lookups (under a lock).
    let parts: Locked<StateKeyParts>

    /// For each state, what the explorer's `describe` read off it (none
    /// when it had none).
    package let facts: [StateFacts]
    /// What each transition did to the variant's record, in order, by
    /// transition (left out for the many that did nothing to it).
    package internal(set) var recordEvents: [Int: [RecordEvent]] = [:]
    /// Each transition's trace, by transition: the steps it ran and how
    /// it ended the app; empty unless explored with
    /// ``ExplorationLimits/recordsTraces``.
    package internal(set) var traces: [TransitionTrace] = []
    /// What the start did to the record.
    package internal(set) var initialRecordEvents: [RecordEvent] = []

    /// The outside answers exploration assumed instead of branching on:
    /// each deferred `adapt` taken as answering with the step unchanged.
    /// Every verdict over this graph rests on them; empty when every
    /// outside answer is declared (``Adaptation/ask(_:)``).
    package let assumptions: [AssumedAnswer]

    /// Where each link the variant routes lands from every live state
    /// (empty when it routes none).
    package internal(set) var links = LinkProof()

    /// How sections shown side by side were explored: as components or as
    /// their product, and why (`nil` when the variant shows none).
    package internal(set) var composition: SectionComposition?
    /// The values at and just past the fields' class edges analysis tried
    /// beside the classes' representatives (each once per screen, action
    /// and field).
    package internal(set) var classEdgesTried = 0

    init(
        app: String, states: States, transitions: Transitions, initialNodes: [NavigationGraph.NodeID],
        projection: NavigationGraph, isTruncated: Bool, offsets: [Int32], parent: [Int32], keys: StateKeys,
        parts: StateKeyParts, facts: [StateFacts], assumptions: [AssumedAnswer] = []
    ) {
        self.assumptions = assumptions
        self.facts = facts
        self.app = app
        self.states = states
        self.transitions = transitions
        self.initialNodes = initialNodes
        self.projection = projection
        self.isTruncated = isTruncated
        self.offsets = offsets
        self.parent = parent
        self.keys = keys
        self.parts = Locked(parts)
    }

    /// The state a live engine is in, if exploration listed it: `nil` means
    /// the graph and the engine disagree (or a bound stopped exploration).
    package func state(of engine: EngineState) -> Int? {
        parts.withLock { keys.number(ofKnown: engine, parts: $0) }
    }

    /// The transitions leaving `state`.
    package func transitions(from state: Int) -> Slice<Transitions> {
        transitions[positions(from: state)]
    }

    /// The positions in ``transitions`` of the transitions leaving
    /// `state`: what a walk over a large graph reads, with
    /// ``Transitions/target(of:)``, without making each transition.
    package func positions(from state: Int) -> Range<Int> {
        Int(offsets[state])..<Int(offsets[state + 1])
    }

    /// The inputs of a shortest walk from the start to `state`, as
    /// transitions in order.
    ///
    /// - Complexity: O(depth).
    package func shortestWalk(to state: Int) -> [Transition] {
        shortestWalkPositions(to: state).map { transitions[$0] }
    }

    /// The positions in ``transitions`` of the walk ``shortestWalk(to:)``
    /// gives.
    package func shortestWalkPositions(to state: Int) -> [Int] {
        Self.shortestWalkPositions(to: state, parent: parent, transitions: transitions)
    }

    /// The walk to `state` along the transitions that first reached each
    /// state (`parent`), start first; the explorer uses it before the graph
    /// is made.
    static func shortestWalk(to state: Int, parent: [Int32], transitions: Transitions) -> [Transition] {
        shortestWalkPositions(to: state, parent: parent, transitions: transitions).map { transitions[$0] }
    }

    private static func shortestWalkPositions(to state: Int, parent: [Int32], transitions: Transitions) -> [Int] {
        var walk: [Int] = []
        var current = state
        while parent[current] >= 0 {
            walk.append(Int(parent[current]))
            current = transitions.source(of: Int(parent[current]))
        }
        return walk.reversed()
    }
}
