import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// A reading typed on one screen and shown on the next: the smallest walk
/// that records what a person gave.
private enum ReadingStep: Step {
    case enter
    case confirm
    case recordClassOnly
    case done
}

private let readingField = EntryField(
    "reading", label: "HbA1c (%)", kind: .number,
    classes: [
        ValueClass("normal", label: "normal", .range(from: 4, below: 5.7), representative: "5.2"),
        ValueClass("raised", label: "raised", .range(from: 5.7, upTo: 15), representative: "6.1"),
    ]
).recorded(as: "reading")

/// A module's flow: its exit is a ``ModuleExit``, so a root starts it as
/// an instance.
private final class ReadingFlow: Flow {
    enum Exit: ModuleExit { case finished }
    let name: String
    init(_ name: String = "test") { self.name = name }

    func navigate(to step: ReadingStep) -> Navigation<ReadingStep, Exit> {
        switch step {
        case .enter:
            .show(
                Screen(
                    id: "manual", title: "Type the reading", fields: [readingField],
                    actions: [
                        ScreenAction("Save", submitting: ["reading"]) { _ in .confirm },
                        ScreenAction("Class only", .recordClassOnly),
                    ]))
        case .confirm:
            .reading("reading") { record in
                .show(Screen(id: "confirm", title: "HbA1c \(record["reading"]?.description ?? "none")"))
            }
        case .recordClassOnly:
            .multiple(.record(.set("reading", RecordValue("normal"))), .forward(.confirm))
        case .done:
            .end(.finished)
        }
    }
}

/// A root that starts a reading flow as module instance `test` (or
/// `result`), under `schema`.
private final class RecordRoot: Flow {
    enum RootStep: Step {
        case start, startOther
        case exited
    }

    let name = "app"
    let schema: RecordSchema?
    init(schema: RecordSchema?) { self.schema = schema }

    var recordSchema: RecordSchema? { schema }

    func navigate(to step: RootStep) -> Navigation<RootStep, TestExit> {
        switch step {
        case .start:
            ModuleLaunch(ReadingFlow("test"), entry: .enter).start(as: "test") { _, _ in .exited }
        case .startOther:
            ModuleLaunch(ReadingFlow("result"), entry: .enter).start(as: "result") { _, _ in .exited }
        case .exited:
            .end(.finished)
        }
    }
}

private let readingSpec = RecordSpec.writes(
    "reading", label: "HbA1c reading", kind: .number, summary: "the value the analyser shows")

@Suite("The variant's record in the engine")
struct RecordTests {
    @Test func aBoundFieldRecordsTheValueTypedWithItsClassAndWhereItWasTyped() throws {
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(flow: ReadingFlow(), with: OneStepper(ReadingStep.enter))
        coordinator.waitUntilIdle()
        let screen = try #require(navigator.topScreen)
        coordinator.select(action: 0, on: screen, entering: ["reading": "5.4"])
        coordinator.waitUntilIdle()
        let typed = RecordValue("5.4", class: "normal")
        #expect(coordinator.currentState.record["reading"] == typed)
        #expect(navigator.topScreen?.title == "HbA1c 5.4 (normal)", "the flow read it after it was recorded")
        #expect(navigator.topScreen?.shows == [RecordShown(key: "reading", entry: .value(typed))])
        let recorded = events.events.flatMap { event -> [RecordChange] in
            guard case .didNavigate(_, let changes) = event else { return [] }
            return changes.compactMap { change in
                if case .recorded(let change) = change { return change }
                return nil
            }
        }
        #expect(recorded.map(\.description) == ["recorded reading = 5.4 (normal)"])
        #expect(recorded.first?.origin == .typed(screen: "test/manual", field: "reading"), "where it was typed")
    }

    @Test func aFieldShownAgainHoldsTheValueItsEntryHolds() throws {
        let (coordinator, navigator, _) = makeCoordinator()
        coordinator.coordinate(flow: ReadingFlow(), with: OneStepper(ReadingStep.enter))
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.fields.first?.value == nil, "nothing recorded yet")
        coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["reading": "6,2"])
        coordinator.waitUntilIdle()
        coordinator.navigate(to: ReadingStep.enter)
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "manual")
        #expect(navigator.topScreen?.fields.first?.value == "6,2", "as typed")
    }

    @Test func aValueAModuleMakesItselfHasNoOrigin() throws {
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(flow: ReadingFlow(), with: OneStepper(ReadingStep.enter))
        coordinator.waitUntilIdle()
        coordinator.select(action: 1, on: try #require(navigator.topScreen))
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.record["reading"] == RecordValue("normal"))
        let origins = events.events.flatMap { event -> [ValueOrigin?] in
            guard case .didNavigate(_, let changes) = event else { return [] }
            return changes.compactMap { change in
                if case .recorded(let change) = change { return .some(change.origin) }
                return nil
            }
        }
        #expect(origins == [nil], "no person typed it")
    }

    @Test func theSchemaRefusesAWriteByAnInstanceThatDoesNotOwnTheEntryAndSaysWhy() throws {
        let schema = RecordSchema([.init("reading", owner: "test", spec: readingSpec, readers: ["result"])])
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(
            flow: RecordRoot(schema: schema), with: OneStepper(.startOther))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["reading": "5.4"])
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.record.isEmpty, "result reads the reading; it does not write it")
        let refusals = events.events.flatMap { event -> [String] in
            guard case .didNavigate(_, let changes) = event else { return [] }
            return changes.compactMap { change in
                if case .recordRefused(let reason) = change { return reason }
                return nil
            }
        }
        #expect(refusals.count == 1)
        #expect(refusals.first?.hasPrefix("result wrote 'reading', which test owns") == true, "\(refusals)")
    }

    @Test func theOwnerWritesUnderTheSchema() throws {
        let schema = RecordSchema([.init("reading", owner: "test", spec: readingSpec)])
        let (coordinator, navigator, _) = makeCoordinator()
        coordinator.coordinate(
            flow: RecordRoot(schema: schema), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["reading": "5.4"])
        coordinator.waitUntilIdle()
        #expect(coordinator.currentState.record["reading"]?.text == "5.4")
    }

    @Test func theRecordEndsWithTheWalkButWhatTheDeviceKeepsStays() throws {
        let kept = RecordSpec.writes(
            "kept", label: "kept", items: [.init("reading", label: "reading")], atMost: 2, summary: "kept")
        for lifetime in [RecordLifetime.walk, .device] {
            let schema = RecordSchema([
                .init("reading", owner: "test", spec: readingSpec, lifetime: lifetime),
                .init("kept", owner: "test", spec: kept, lifetime: .device),
            ])
            let (coordinator, navigator, _) = makeCoordinator()
            coordinator.coordinate(
                flow: RecordRoot(schema: schema), with: OneStepper(.start))
            coordinator.waitUntilIdle()
            coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["reading": "5.4"])
            coordinator.waitUntilIdle()
            coordinator.navigate(to: ReadingStep.done)
            coordinator.waitUntilIdle()
            #expect(coordinator.currentState.roots.isEmpty, "the app ended")
            #expect((coordinator.currentState.record["reading"] != nil) == (lifetime == .device), "\(lifetime)")
        }
    }

    /// A state's key numbers a record by its edition first: records with
    /// the same entries must still be one value however they were made,
    /// and a change must make a new edition.
    @Test func recordsWithTheSameEntriesAreEqualWhateverTheirEditions() {
        var typed = VariantRecord()
        typed.apply(.set("reading", RecordValue("5.4", class: "normal")), by: "test")
        var again = VariantRecord()
        again.apply(.set("reading", RecordValue("5.4", class: "normal")), by: "other")
        #expect(typed.edition !== again.edition)
        #expect(typed == again && typed.hashValue == again.hashValue)
        let copy = typed
        #expect(copy.edition === typed.edition, "a copy is the same edition")
        typed.apply(.set("reading", RecordValue("6.1", class: "raised")), by: "test")
        #expect(typed.edition !== copy.edition && typed != copy)
        // An entry set to the value it held is a new edition, equal still.
        var same = copy
        same.apply(.set("reading", RecordValue("5.4", class: "normal")), by: "test")
        #expect(same.edition !== copy.edition && same == copy)
        let parts = StateKeyParts()
        #expect(parts.number(of: again) == parts.number(of: copy))
    }
}
