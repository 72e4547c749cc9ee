import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// A lookup flow: a typed patient id, well formed or refused.
private enum LookupStep: Step {
    case start
    case lookUp(id: String)
    case reading(String)
}

private let patientID = EntryField(
    "patientID", label: "Patient id", kind: .text,
    classes: [
        ValueClass("wellFormed", label: "P- and four digits", .pattern(#"P-\d{4}"#), representative: "P-1024"),
        ValueClass(
            "malformed", label: "anything else", .pattern(".*"), representative: "1024",
            refusal: "a patient id is P- and four digits, as on the wristband"),
    ])

private func lookupFlow() -> TestFlow<LookupStep, Never> {
    TestFlow<LookupStep, Never>("intake") { step in
        switch step {
        case .start:
            .show(
                Screen(
                    id: "type-id", title: "Patient", fields: [patientID],
                    actions: [ScreenAction("Look up", submitting: ["patientID"]) { .lookUp(id: $0["patientID"]) }]))
        case .lookUp(let id): .show(Screen(id: "found", title: "Patient \(id)"))
        case .reading: .none
        }
    }
}

/// The guide's question: a typed id is looked up by the app's records.
private protocol PatientRecords: Sendable {
    func lookUp(_ patient: String, answer: @escaping @Sendable (Bool) -> Void)
}

private final class RecordsFlow: Flow {
    let name = "intake"
    let records: (any PatientRecords)?
    init(records: (any PatientRecords)?) { self.records = records }

    func adapt(step: LookupStep) -> Adaptation<LookupStep> {
        guard case .lookUp(id: let patient) = step else { return .step(step) }
        let found = Answer("found", LookupStep.reading(patient), label: "patient found")
        let notFound = Answer("notFound", LookupStep.start, label: "no patient with this id")
        var ask: Question<LookupStep>.Ask?
        if let records {
            ask = { answer in records.lookUp(patient) { known in answer(known ? found : notFound) } }
        }
        return .ask(Question("patient-lookup", label: "the patient's record", answers: [found, notFound], ask: ask))
    }

    func navigate(to step: LookupStep) -> Navigation<LookupStep, Never> {
        switch step {
        case .start:
            .show(
                Screen(
                    id: "type-id", title: "Patient", fields: [patientID],
                    actions: [ScreenAction("Look up", submitting: ["patientID"]) { .lookUp(id: $0["patientID"]) }]),
                as: .replace)
        case .lookUp: .none
        case .reading(let id): .show(Screen(id: "found", title: "Patient \(id)"))
        }
    }
}

@Suite("Entry fields and their value classes")
struct EntryFieldTests {
    @Test func aValueIsInTheFirstClassWhoseRuleTakesIt() {
        #expect(patientID.classify("P-2001") == .accepted(patientID.classes[0]))
        #expect(patientID.classify("  P-2001 ") == .accepted(patientID.classes[0]), "spaces around are trimmed")
        guard case .refused(.refusedClass(let value, let found)) = patientID.classify("P-12") else {
            Issue.record("a malformed id is refused with its class's reason")
            return
        }
        #expect(value == "P-12" && found.name == "malformed")
        #expect(patientID.classify("") == EntryField.Classification.refused(.empty))
    }

    @Test func numbersReadWithAPointOrACommaAndFallIntoRanges() {
        let reading = EntryField(
            "reading", label: "HbA1c", kind: .number,
            classes: [
                ValueClass("normal", label: "normal", .range(from: 4, below: 5.7), representative: "5.2"),
                ValueClass("prediabetes", label: "prediabetes", .range(from: 5.7, below: 6.5), representative: "6.1"),
                ValueClass("diabetes", label: "diabetes", .range(from: 6.5, upTo: 15), representative: "7.4"),
            ])
        func name(_ value: String) -> String? {
            if case .accepted(let found) = reading.classify(value) { return found.name }
            return nil
        }
        #expect(name("5.69") == "normal")
        #expect(name("5.7") == "prediabetes")
        #expect(name("6,1") == "prediabetes")
        #expect(name("6.5") == "diabetes")
        #expect(name("15") == "diabetes", "an upper bound included")
        #expect(name("15.01") == nil)
        #expect(name("3.9") == nil)
        #expect(reading.classify("six") == .refused(.notOfKind(value: "six", kind: .number)))
        #expect(reading.classify("1e3") == .refused(.notOfKind(value: "1e3", kind: .number)))
        guard case .refused(.inNoClass(_, let accepted)) = reading.classify("20") else {
            Issue.record("a value in no class is refused, with the classes there are")
            return
        }
        #expect(accepted.map(\.name) == ["normal", "prediabetes", "diabetes"])
        #expect(reading.declarationProblems.isEmpty)
    }

    /// A number is ASCII digits with a sign and one point or comma at
    /// most: any other character, a digit of another script or a digit
    /// with a mark on it, is no number.
    @Test func aNumberIsAsciiDigitsWithOneMarkAtMost() {
        let read: [(String, Double?)] = [
            ("6.1", 6.1), ("6,1", 6.1), ("-2", -2), ("+3", 3), (".5", 0.5), ("5.", 5), ("007", 7),
            ("1.2.3", nil), ("", nil), ("-", nil), (".", nil), (" 1", nil), ("1 ", nil), ("1e5", nil),
            ("\u{0661}", nil), ("1\u{0301}", nil), ("--1", nil), ("1-", nil), ("１", nil),
            ("123456789012345", 123_456_789_012_345), ("1234567890123456", nil),
        ]
        for (text, number) in read { #expect(EntryField.Kind.number(text) == number, "\(text)") }
    }

    @Test(arguments: [
        (#"P-\d{4}"#, "P-1024", true), (#"P-\d{4}"#, "P-102", false), (#"P-\d{4}"#, "xP-1024", false),
        ("[A-Z]{2}[0-9]+", "HR12", true), ("[^0-9]+", "abc", true), ("[^0-9]+", "a1", false),
        ("(ab|cd)+e?", "abcdab", true), ("(ab|cd)+e?", "abce", false), (#"\d{2,3}"#, "1234", false),
        (#"a\.b"#, "a.b", true), (#"a\.b"#, "axb", false), ("(a?){3}", "", true), (".*", "", true),
        ("x{2,}", "xxxxx", true), ("colou?r", "color", true),
    ])
    func patternsMatchTheWholeValueAsJavaScriptWould(pattern: String, value: String, matches: Bool) {
        #expect(ValueRule.pattern(pattern).contains(value, kind: .text) == matches, "\(pattern) on '\(value)'")
    }

    @Test(arguments: [#"\bword"#, "(?:a)", "a**", "[z-a]", "a{3,1}", "(a", "a)", "^a", #"\1"#, "[]"])
    func aPatternOutsideTheSubsetIsADeclarationProblem(pattern: String) {
        let field = EntryField(
            "code", label: "Code", kind: .text,
            classes: [ValueClass("any", label: "any", .pattern(pattern), representative: "a")])
        #expect(field.declarationProblems.contains { $0.problem.contains("is not one Stepflow reads") }, "\(pattern)")
    }

    @Test func aRepresentativeOutsideItsClassAndARuleOfTheWrongKindAreDeclarationProblems() {
        let field = EntryField(
            "reading", label: "Reading", kind: .number,
            classes: [
                ValueClass("low", label: "low", .range(from: 0, below: 5), representative: "7"),
                ValueClass("named", label: "named", .pattern("x"), representative: "x"),
            ])
        let problems = field.declarationProblems
        #expect(problems.contains { $0.problem.contains("'7' is not in the class") })
        #expect(problems.contains { $0.problem.contains("a pattern rule does not fit a number field") })
    }

    @Test func theEngineRefusesABadValueWithTheFieldAndTheReasonAndTheScreenStays() throws {
        let (coordinator, navigator, events) = makeCoordinator()
        coordinator.coordinate(flow: lookupFlow(), with: OneStepper(LookupStep.start))
        coordinator.waitUntilIdle()
        let screen = try #require(navigator.topScreen)
        #expect(screen.fields.map(\.name) == ["patientID"])
        #expect(screen.actions[0].submits == ["patientID"])
        coordinator.select(action: 0, on: screen, entering: ["patientID": "12"])
        coordinator.select(action: 0, on: screen)
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.screenID == "type-id", "the screen stays")
        let reasons = events.events.compactMap { event -> EntryRefusal.Reason? in
            if case .dropped(_, .entryRefused(let shown, let refusal)) = event, shown == "intake/type-id",
                refusal.field == "patientID"
            {
                return refusal.reason
            }
            return nil
        }
        #expect(reasons.count == 2)
        #expect(reasons.last == .empty, "nothing entered for a required field")
        #expect(!events.navigatedSteps.contains { $0.hasPrefix("intake.lookUp") }, "the flow never saw a bad value")
        coordinator.select(action: 0, on: screen, entering: ["patientID": "P-2001"])
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.title == "Patient P-2001")
        #expect(events.navigatedSteps.last == #"intake.lookUp(id: "P-2001")"#)
    }

    @Test func theValuesSubmittedAreSavedAndRestored() throws {
        let clock = ManualClock(now: .seconds(1_800_000_000))
        let coordinator = Coordinator(
            queue: DispatchQueue(label: "test.fields"), navigator: RecordingNavigator(), savesNavigationOn: clock)
        coordinator.coordinate(flow: lookupFlow(), with: OneStepper(LookupStep.start))
        coordinator.waitUntilIdle()
        let screen = try #require(coordinator.currentState.topScreen)
        coordinator.select(action: 0, on: screen, entering: ["patientID": "P-2001", "other": "left out"])
        coordinator.waitUntilIdle()
        let saved = try #require(coordinator.savedNavigation)
        #expect(
            saved.entries.contains {
                if case .submit(_, _, _, _, _, _, let values, let classes) = $0 {
                    return values == ["patientID": "P-2001"] && classes == ["patientID": "wellFormed"]
                }
                return false
            })
        let navigator = RecordingNavigator()
        let restored = Coordinator(
            queue: DispatchQueue(label: "test.fields.restored"), navigator: navigator, savesNavigationOn: clock)
        try restored.restore(saved, flow: lookupFlow(), with: OneStepper(LookupStep.start))
        restored.waitUntilIdle()
        #expect(navigator.topScreen?.title == "Patient P-2001")
    }

    @Test func anExplorerEntersEachAcceptedClassOnce() {
        let combinations = FieldEntry.combinations(
            submitting: ["patientID", "note"],
            fields: [
                patientID,
                EntryField(
                    "note", label: "Note", kind: .text, required: false,
                    classes: [ValueClass("any", label: "any text", .pattern(".+"), representative: "n")]),
            ])
        // One accepted class of the id, times the note given or left empty.
        #expect(
            combinations.map { $0.map { $0.description } } == [
                ["patientID = P-1024 (wellFormed)", "note = n (any)"], ["patientID = P-1024 (wellFormed)"],
            ])
    }

    @Test func anActionThatSubmitsAFieldTheScreenLacksIsAContractProblem() {
        let broken = TestFlow<LookupStep, Never>("intake") { step in
            switch step {
            case .start:
                .show(
                    Screen(
                        id: "type-id", title: "Patient", fields: [patientID],
                        actions: [ScreenAction("Look up", submitting: ["patientId"]) { .lookUp(id: $0["patientId"]) }]))
            default: .none
            }
        }
        let problems = FlowExplorer.explore(broken, from: .start).fieldProblems
        #expect(problems.count == 1)
        #expect(problems.first?.screen == "type-id")
        #expect(problems.first?.problem.contains("submits 'patientId', a field the screen does not have") == true)
        #expect(problems.first?.fix.contains("patientID") == true)
    }

    @Test func aTypedIdIsLookedUpByAQuestionTheAppsRecordsAnswer() throws {
        struct Records: PatientRecords {
            func lookUp(_ patient: String, answer: @escaping @Sendable (Bool) -> Void) { answer(patient == "P-2001") }
        }
        let (coordinator, navigator, _) = makeCoordinator()
        coordinator.coordinate(flow: RecordsFlow(records: Records()), with: OneStepper(LookupStep.start))
        coordinator.waitUntilIdle()
        coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["patientID": "P-2001"])
        coordinator.waitUntilIdle()
        #expect(navigator.topScreen?.title == "Patient P-2001")
        // Explored, both answers are ways on: the records are never asked.
        let explored = FlowExplorer.explore(RecordsFlow(records: nil), from: .start)
        #expect(explored.screens == ["type-id", "found"])
    }

    @Test func aQuestionOpeningAndClosingIsRenderedSoAUIShowsItselfBusyThenFree() throws {
        let (coordinator, navigator, _) = makeCoordinator()
        coordinator.coordinate(flow: RecordsFlow(records: nil), with: OneStepper(LookupStep.start))
        coordinator.waitUntilIdle()
        let before = navigator.renders.count
        coordinator.select(action: 0, on: try #require(navigator.topScreen), entering: ["patientID": "P-2001"])
        coordinator.waitUntilIdle()
        // Asking changed no screen, yet it is rendered: the UI shows itself busy.
        let asked = try #require(navigator.renders.dropFirst(before).first)
        #expect(asked.changes.isEmpty)
        #expect(asked.questions.map(\.source) == ["patient-lookup"])
        #expect(asked.questions.first?.answers.map(\.name) == ["found", "notFound"])
        #expect(asked.questions.first?.isAnsweredByHand == true)
        #expect(navigator.renders.count == before + 1)
        // The answer closes it: the render that shows the patient is free.
        #expect(coordinator.answer("patient-lookup", with: "found"))
        coordinator.waitUntilIdle()
        #expect(navigator.renders.last?.questions == [])
        #expect(navigator.topScreen?.screenID == "found")
        // A navigator that only implements render(_:changes:) is not called for the question.
        final class OldNavigator: Navigator, @unchecked Sendable {
            var calls: [[NavigationChange]] = []
            func render(_ state: NavigationState, changes: [NavigationChange]) { calls.append(changes) }
        }
        let old = OldNavigator()
        let second = Coordinator(queue: DispatchQueue(label: "test.old-navigator"), navigator: old)
        second.coordinate(flow: RecordsFlow(records: nil), with: OneStepper(LookupStep.start))
        second.waitUntilIdle()
        let top = try #require(second.currentState.topScreen)
        let started = old.calls.count
        second.select(action: 0, on: top, entering: ["patientID": "P-2001"])
        second.waitUntilIdle()
        #expect(old.calls.count == started && old.calls.allSatisfy { !$0.isEmpty })
    }
}

/// A reading flow of two releases: the second narrows the class `high`
/// (from 6.5 → from 7), and re-words the field's label.
private func readingFlow(release: Int) -> TestFlow<LookupStep, Never> {
    let reading = EntryField(
        "reading", label: release == 1 ? "Reading" : "The reading, in percent", kind: .number,
        classes: [
            ValueClass("normal", label: "normal", .range(from: 0, below: release == 1 ? 6.5 : 7), representative: "5"),
            ValueClass("high", label: "high", .range(from: release == 1 ? 6.5 : 7, upTo: 20), representative: "8"),
        ])
    return TestFlow<LookupStep, Never>("test") { step in
        switch step {
        case .start:
            .show(
                Screen(
                    id: "read", title: "Reading", fields: [reading],
                    actions: [ScreenAction("Save", submitting: ["reading"]) { .reading($0["reading"]) }]))
        case .reading(let value): .show(Screen(id: "saved", title: "Saved \(value)"))
        case .lookUp: .none
        }
    }
}

@Suite("The update check and fields")
struct FieldUpdateTests {
    @Test func aFieldWhoseClassesChangedIsNamedThoughItsRepresentativesReplay() throws {
        func lockstep(_ next: Int) throws -> LockstepSearch {
            let search = LockstepSearch(maxStepsPerInput: 100, maxPairs: 100)
            try search.run(
                old: { state, transaction in
                    state.coordinate(readingFlow(release: 1), with: OneStepper(LookupStep.start), &transaction)
                },
                new: RootCoordination(readingFlow(release: next), with: OneStepper(LookupStep.start)))
            return search
        }
        let same = try lockstep(1)
        #expect(same.edges.count == 2)
        #expect(same.edges.allSatisfy { (try? $0.outcome.get()) != nil && $0.changedFields.isEmpty })
        // The label's wording changed too: only the classes count.
        let next = try lockstep(2)
        #expect(next.edges.count == 2)
        for edge in next.edges {
            #expect(edge.changedFields == ["reading"])
            guard case .failure(let refusal) = edge.outcome else {
                Issue.record("the changed field was taken")
                continue
            }
            #expect(refusal.screen == "test/read")
            #expect(
                refusal.problem
                    == """
                    the field reading on test/read takes values otherwise now (reading: class normal: from 0 \
                    below 6.5 → from 0 below 7; class high: from 6.5 up to 20 → from 7 up to 20): a value entered \
                    then may fall in another class.
                    """)
        }
        // Its representatives (5 and 8) still replay: the check is
        // stricter than they are, as a person's 6.8 would not.
        let replayed = Coordinator(savesNavigationOn: ManualClock())
        replayed.coordinate(flow: readingFlow(release: 1), with: OneStepper(LookupStep.start))
        replayed.waitUntilIdle()
        let screen = try #require(replayed.currentState.topScreen)
        replayed.select(action: 0, on: screen, entering: ["reading": "6.8"])
        replayed.waitUntilIdle()
        var saved = try #require(replayed.savedNavigation)
        saved.fingerprint = "1"
        #expect(throws: RestoreError.self) {
            try Coordinator(savesNavigationOn: ManualClock()).restore(
                saved, roots: [RootCoordination(readingFlow(release: 2), with: OneStepper(LookupStep.start))],
                fingerprint: "2", deepLinks: [], onAnotherRelease: .replay)
        }
    }
}
