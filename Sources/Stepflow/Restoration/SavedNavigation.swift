/// A coordinator's navigation as a value an app can persist, and rebuild
/// the same state from in a new process (see
/// ``Coordinator/restore(_:roots:fingerprint:deepLinks:)``).
///
/// Flows are pure, so the inputs the coordinator handled, in the order it
/// handled them, are enough: a person's choices, the UI's own pops, each
/// stepper's emissions, deep links, deferred `adapt` answers, and markers
/// for the work the flows queued themselves. Beside them it keeps the
/// clock time each stepper was told it may emit, so a timer restored
/// later runs for the time really left.
///
/// It is `Codable` (the standard library's protocol): an app with
/// Foundation can use `JSONEncoder`; `SavedNavigationJSON` in
/// StepflowManifest reads and writes the same JSON without Foundation,
/// with errors that name the place.
///
/// ```swift
/// let coordinator = Coordinator(queue: .main, navigator: ui, savesNavigationOn: DispatchClock())
/// // … later, when the app goes to the background:
/// if var saved = coordinator.savedNavigation {
///     saved.fingerprint = buildNumber
///     try store(saved)
/// }
/// ```
public struct SavedNavigation: Hashable, Sendable, Codable {
    /// The format this version of Stepflow writes: 2 adds ``versions`` and
    /// the classes of submitted values; 3 adds ``kept``.
    package static let currentFormat = 3

    /// The formats this version reads: 1 and 2.
    package static let readableFormats = 1...currentFormat

    /// The format it was written in; a restore refuses one it cannot read.
    public var format: Int
    /// Whatever the app says identifies the release it was saved by (a
    /// build number, a manifest's digest). A restore given the same one
    /// replays it exactly; given another, it refuses it unless told to
    /// replay it on the other release (``OtherRelease/replay(policy:)``).
    /// Empty unless the app sets it.
    public var fingerprint: String
    /// The versions of the parts it was saved by, by name (for a composed
    /// variant, each module's id and its package's version): what a
    /// restore on another release names when one changed. Empty unless
    /// the app sets it.
    public var versions: [String: String] = [:]
    /// The inputs handled, in order, and the stepper start times.
    public var entries: [Entry]
    /// The screens shown when it was saved (a person's view: those of
    /// sections not selected aside), bottom to top, as `flow/screen` ids:
    /// a restore checks that it rebuilt exactly these.
    public var screens: [String]
    /// What the variant's record held when the walk's app started: the
    /// entries its device kept from an earlier launch (a result waiting
    /// for the lab). A restore starts from it and replays the inputs.
    public var kept = VariantRecord()

    /// An empty log in the current format.
    public init(fingerprint: String = "", entries: [Entry] = [], screens: [String] = []) {
        self.format = Self.currentFormat
        self.fingerprint = fingerprint
        self.entries = entries
        self.screens = screens
    }

    private enum CodingKeys: String, CodingKey {
        case format, fingerprint, versions, entries, screens, kept
    }

    /// Reads a save of any readable format: one of format 1 has no
    /// ``versions``.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        format = try container.decode(Int.self, forKey: .format)
        fingerprint = try container.decode(String.self, forKey: .fingerprint)
        versions = try container.decodeIfPresent([String: String].self, forKey: .versions) ?? [:]
        entries = try container.decode([Entry].self, forKey: .entries)
        screens = try container.decode([String].self, forKey: .screens)
        kept = try container.decodeIfPresent(VariantRecord.self, forKey: .kept) ?? VariantRecord()
    }

    /// Writes every member; ``kept`` only when it holds something.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(format, forKey: .format)
        try container.encode(fingerprint, forKey: .fingerprint)
        if !versions.isEmpty { try container.encode(versions, forKey: .versions) }
        try container.encode(entries, forKey: .entries)
        try container.encode(screens, forKey: .screens)
        if !kept.isEmpty { try container.encode(kept, forKey: .kept) }
    }

    /// The names of the root flows coordinated, in order: for a composed
    /// variant, its app id.
    package var rootFlows: [String] {
        entries.compactMap { entry in
            if case .coordinate(let flow) = entry { flow } else { nil }
        }
    }

    /// One input the coordinator handled, or one stepper's start.
    ///
    /// This enum grows: later versions add cases. End a `switch` over it
    /// with `@unknown default:`, so a new case is a warning to handle, not
    /// a build that breaks.
    public enum Entry: Hashable, Sendable, Codable {
        /// A root flow was coordinated; `flow` is its name.
        case coordinate(flow: String)
        /// Action `action`, whose step is `step` (labelled `label`, for
        /// people reading it), was chosen on screen instance `screen` (`id`
        /// is its `flow/screen` id) of flow instance `flow`.
        case select(flow: UInt32, screen: UInt64, id: String, action: Int, step: String, label: String)
        /// Like ``select(flow:screen:id:action:step:label:)``, with the
        /// values entered in the fields the action submits and the class
        /// each fell in (by field name): a restore on another release
        /// takes a value only in the class it had.
        case submit(
            flow: UInt32, screen: UInt64, id: String, action: Int, step: String, label: String,
            values: [String: String], classes: [String: String])
        /// The UI removed screen instance `screen` itself.
        case removedByUI(screen: UInt64, id: String)
        /// A person selected section `section` of flow instance `flow` (a
        /// `name`; ``Coordinator/select(section:of:)``).
        case selectSection(flow: UInt32, name: String, section: String)
        /// Stepper attachment `stepper` (a `name`) emitted `step`.
        case emit(stepper: UInt64, name: String, step: String)
        /// A deep link to `step` was delivered.
        case deepLink(step: String)
        /// The link at `address` was opened (``Coordinator/open(_:completion:)``).
        case link(address: String)
        /// Deferred `adapt` number `adaptation` (counted from 0 in the
        /// order they were asked) answered `step`, or filtered the step
        /// when `nil`.
        case answer(adaptation: Int, step: String?)
        /// `count` pieces of work the flows queued themselves ran
        /// (forwarded steps, exits, initial steps).
        case work(count: Int)
        /// Stepper attachment `stepper` was told it may emit at
        /// `milliseconds` on the coordinator's clock.
        case started(stepper: UInt64, milliseconds: Int64)
    }

    /// How many inputs it holds (stepper starts aside; queued work
    /// counted one by one).
    package var inputCount: Int {
        entries.reduce(0) { total, entry in
            switch entry {
            case .started: total
            case .work(let count): total + count
            default: total + 1
            }
        }
    }

    /// How many inputs came from outside the flows: a person's choices,
    /// the UI's removals, steppers' emissions, deep links and answers
    /// (what a restore on another release replays; queued work aside).
    public var givenCount: Int {
        entries.reduce(0) { total, entry in
            switch entry {
            case .coordinate, .work, .started: total
            default: total + 1
            }
        }
    }

    /// Appends `entry`, merging a run of queued work into one entry.
    mutating func append(_ entry: Entry) {
        if case .work(let added) = entry, case .work(let count)? = entries.last {
            entries[entries.count - 1] = .work(count: count + added)
        } else {
            entries.append(entry)
        }
    }
}

/// Why a ``SavedNavigation`` could not be restored. The coordinator is
/// left as it was, with no flow started: start afresh.
public struct RestoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// What kind of problem it is.
    public enum Kind: Hashable, Sendable {
        /// The coordinator had already been given inputs.
        case notFresh
        /// Written in a format this version does not read.
        case format
        /// Saved by something else than the app says it is.
        case fingerprint
        /// The flows no longer do what they did when it was saved (a
        /// module, an option or a step changed).
        case mismatch
    }

    /// The kind of problem.
    public let kind: Kind
    /// The entry at fault (its index in ``SavedNavigation/entries``), if one is.
    public let entry: Int?
    /// What is wrong and what to do, in a sentence or two.
    public let message: String
    /// What is wrong, without the fix: what a tool quotes before a fix
    /// of its own (`rootapp walk` says to start afresh).
    package let problem: String
    /// What the app's code can do about it, when it can (`To fix, …`).
    public let fix: String?
    /// The screen (`instance/screen`) the input at fault was given on, or
    /// the one the save was showing: where a restore on another release
    /// stopped agreeing with the save.
    public let screen: String?

    /// An error of `kind` at `entry`.
    package init(_ kind: Kind, entry: Int? = nil, _ message: String) {
        self.kind = kind
        self.entry = entry
        self.message = message
        self.problem = message
        self.fix = nil
        self.screen = nil
    }

    /// An error of `kind` at `entry`: `problem`, and the app code's `fix`.
    package init(_ kind: Kind, entry: Int? = nil, problem: String, fix: String) {
        self.init(kind, entry: entry, screen: nil, problem: problem, fix: fix)
    }

    /// An error of `kind` at `entry`, given on `screen`: `problem`, and
    /// the app code's `fix`.
    package init(_ kind: Kind, entry: Int?, screen: String?, problem: String, fix: String) {
        self.kind = kind
        self.entry = entry
        self.message = problem + " " + fix
        self.problem = problem
        self.fix = fix
        self.screen = screen
    }

    /// `entries[N]: message`, or the message alone.
    public var description: String {
        entry.map { "entries[\($0)]: \(message)" } ?? message
    }
}

/// One root flow to restore (or start) a coordinator with: the flow and
/// the stepper it was coordinated with, as in
/// ``Coordinator/coordinate(flow:with:)``.
public struct RootCoordination: Sendable {
    let name: String
    let launch: @Sendable (inout EngineState, inout Transaction) -> Void
    /// How the root routes a link's address, when it does (``LinkRouting``).
    let links: (@Sendable (String) -> Result<LinkDelivery, LinkRefusal>)?

    /// `flow`, driven by `stepper`. A flow that routes links
    /// (``LinkRouting``, as a manifest's root does) replays the links a
    /// save opened.
    public init<F: Flow>(_ flow: F, with stepper: any Stepper<F.StepType>) {
        name = flow.name
        launch = { state, transaction in state.coordinate(flow, with: stepper, &transaction) }
        if let routing = flow as? any LinkRouting {
            links = { address in routing.route(link: address) }
        } else {
            links = nil
        }
    }
}

/// A flow that turns an outside address into the link delivery it means
/// (a manifest's root flow: its `links` routes). Restores use it to replay
/// the links a save opened.
public protocol LinkRouting: Sendable {
    /// The delivery `address` means, or why it means none.
    func route(link address: String) -> Result<LinkDelivery, LinkRefusal>
}

/// A root that routes links, offering the deliveries a proof opens from
/// every state: each route with its parameters' representative values.
package protocol RepresentativeLinks {
    /// Every address a proof opens from every state, as deliveries.
    var representativeLinks: [LinkDelivery] { get }
}

/// A root that says the day its date classes are judged on
/// (``ValueRule/dates(from:through:)``): a manifest's `RootFlow`, from its
/// environment's ``ModuleEnvironment/today``.
package protocol DatedFlow {
    /// The day; `nil`: the device's day when each screen is shown.
    var referenceDate: CalendarDate? { get }
}

/// Why an address is no link of a variant: one sentence, ending in the fix.
public struct LinkRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public let message: String
    /// When the address matched a route but a parameter's value is
    /// refused (of the wrong kind, in no class, or in a class the link
    /// refuses): that parameter and why, as a value. `nil` when the
    /// address matches no route.
    public let entry: EntryRefusal?

    /// A refusal saying `message`.
    ///
    /// - Parameter message: What is wrong and how to fix it.
    public init(_ message: String) {
        self.message = message
        self.entry = nil
    }

    /// A refusal of a parameter's value.
    ///
    /// - Parameters:
    ///   - message: What is wrong and how to fix it.
    ///   - entry: The parameter and why its value is refused.
    public init(_ message: String, entry: EntryRefusal) {
        self.message = message
        self.entry = entry
    }

    /// The message.
    public var description: String { message }
}
