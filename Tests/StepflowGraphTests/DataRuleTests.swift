import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPresentation
import StepflowTesting
import Testing

/// A reading typed on one module's page and confirmed on another's: the
/// smallest variant a value rule speaks of. `form`'s option `classOnly`
/// makes it record the class alone (the HbA1c defect of issue 55: the
/// number typed was reduced to "normal").
enum Reading {
    static let classes = [
        ValueClass("normal", label: "below 5.7", .pattern(#"[0-4](\.\d)?|5(\.[0-6])?"#), representative: "5.4"),
        ValueClass(
            "high", label: "5.7 or above", .pattern(#"5\.[7-9]|[6-9](\.\d)?|1\d(\.\d)?"#), representative: "7.4"),
    ]

    enum FormStep: Step { case ask, typed(String, value: String) }
    enum FormExit: ModuleExit { case done }
    final class FormFlow: Flow {
        let name: String
        let classOnly: Bool
        init(name: String, classOnly: Bool) {
            self.name = name
            self.classOnly = classOnly
        }
        func navigate(to step: FormStep) -> Navigation<FormStep, FormExit> {
            switch step {
            case .ask:
                let field = EntryField("value", label: "HbA1c (%)", kind: .text, classes: Reading.classes)
                return .show(
                    Screen(
                        id: "reading", title: "The analyser's value",
                        fields: [classOnly ? field : field.recorded(as: "reading")],
                        actions: [
                            ScreenAction("Save", submitting: ["value"]) { entered in
                                .typed(entered.valueClass(of: "value") ?? "", value: entered["value"])
                            }
                        ]), as: .replace)
            case .typed(let valueClass, _):
                // Recorded by the field; or, the defect, as its class only.
                guard classOnly else { return .end(.done) }
                return .multiple(.record(.set("reading", RecordValue(valueClass, class: valueClass))), .end(.done))
            }
        }
    }
    enum FormModule: FeatureModule {
        static let id = "form"
        static let summary = "Asks for the analyser's value."
        static let options = [
            OptionSpec("classOnly", .boolean, default: .boolean(false), summary: "records the class, not the value")
        ]
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "typed")] }
        static func record(for options: ModuleOptions) -> [RecordSpec] {
            [.writes("reading", label: "HbA1c (%)", kind: .text, classes: Reading.classes, summary: "the value")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(FormFlow(name: instance, classOnly: options.boolean("classOnly")), entry: .ask)
        }
    }

    enum ReviewStep: Step { case show, confirmed }
    enum ReviewExit: ModuleExit { case confirmed }
    final class ReviewFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: ReviewStep) -> Navigation<ReviewStep, ReviewExit> {
            switch step {
            case .show:
                .reading("reading") { record in
                    .show(
                        Screen(
                            id: "review", title: "Confirm the result",
                            body: ["HbA1c \(record["reading"]?.text ?? "—") %"],
                            actions: [ScreenAction("Confirm", .confirmed)]), as: .replace)
                }
            case .confirmed: .end(.confirmed)
            }
        }
    }
    enum ReviewModule: FeatureModule {
        static let id = "review"
        static let summary = "Shows the value for confirmation."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("confirmed", summary: "confirmed")] }
        static func record(for options: ModuleOptions) -> [RecordSpec] {
            [.reads("reading", kind: .text, classes: Reading.classes, required: true, summary: "the value shown")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(ReviewFlow(name: instance), entry: .show)
        }
    }

    static let registry = ModuleRegistry([FormModule.self, ReviewModule.self])

    static func manifest(classOnly: Bool) throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "reading", "name": "Reading", "audience": "professional"},
             "requirements": [
               {"id": "R-1", "text": "The value confirmed is the value typed.", "claim": "valueReaches"}],
             "modules": [{"id": "test", "module": "form", "options": {"classOnly": \(classOnly)}},
                         {"id": "result", "module": "review"}],
             "record": {"reading": {"lifetime": "walk"}},
             "start": "test", "routes": {"test.done": "result", "result.confirmed": "end"},
             "rules": [{"name": "the value typed is the value confirmed", "value": "reading",
                        "typedOn": "test/reading", "reachesUnchanged": ["result/review"], "requirement": "R-1"}]}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "reading.json")
    }
}

@Suite("Rules about data")
struct DataRuleTests {
    static func valueRule(_ variant: VariantGraph) throws -> PathRuleResult {
        let (results, diagnostics) = variant.checkRules()
        return try #require(
            results.first { if case .valueReaches = $0.rule.kind { true } else { false } },
            "\(diagnostics)")
    }

    @Test func theHbA1cValueTypedIsTheValueConfirmedAndRecordedOnEveryWalk() throws {
        let rule = try Self.valueRule(try Bundled.variant("hba1c-clinic"))
        #expect(rule.holds, "\(rule)")
    }

    @Test func aModuleThatRecordsTheClassOnlyIsRefutedWithAWalkThatShowsItLive() throws {
        let right = try Reading.manifest(classOnly: false)
        #expect(try Self.valueRule(VariantGraph(manifest: right, registry: Reading.registry)).holds)

        let manifest = try Reading.manifest(classOnly: true)
        let rule = try Self.valueRule(VariantGraph(manifest: manifest, registry: Reading.registry))
        #expect(!rule.holds)
        #expect(
            rule.detail == """
                result/review shows reading normal, and no reading typed on test/reading was recorded: a module \
                wrote it.
                """,
            "\(rule)")
        // The counter-example, replayed on the live engine: the value typed
        // is not the value the review shows.
        let walk = try #require(rule.walk)
        let coordinator = Coordinator()
        coordinator.coordinate(
            flow: RootFlow(manifest: manifest, registry: Reading.registry), with: OneStepper(.start))
        coordinator.waitUntilIdle()
        var typed: String?
        for input in walk.inputs {
            let top = try #require(coordinator.currentState.topScreen)
            #expect(top.qualifiedID == input.screen)
            guard case .submit(let index, _, _, let entries) = input.kind else {
                Issue.record("the walk only types and saves: \(input)")
                return
            }
            typed = entries.first?.value
            coordinator.select(
                action: index, on: top, entering: Dictionary(uniqueKeysWithValues: entries.map { ($0.field, $0.value) })
            )
            coordinator.waitUntilIdle()
        }
        let review = try #require(coordinator.currentState.topScreen)
        #expect(review.qualifiedID == "result/review")
        #expect(typed == "5.4")
        #expect(review.body == ["HbA1c normal %"])
    }

    @Test func aKeptResultThatVanishesAtTheNextPatientRefutesTheKeptRuleWithItsWalk() throws {
        // Issue 55's third defect, as a manifest could still write it: the
        // kept result lives only until the next patient.
        var text = try #require(GoldenFile.read(BundledManifests.path("hba1c-clinic")))
        let kept = #""kept": { "owner": "result", "lifetime": "device" }"#
        #expect(text.contains(kept))
        text = text.replacingOccurrences(
            of: kept, with: #""kept": {"owner": "result", "lifetime": {"untilEntering": "intake"}}"#)
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "hba1c.json")
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        let rule = try #require(
            variant.checkRules().results.first { if case .kept = $0.rule.kind { true } else { false } })
        #expect(!rule.holds)
        #expect(
            rule.detail?.contains("takes an item off kept without any of the steps that may (it is lost)") == true,
            "\(rule)")
        // The walk ends by entering the next patient's intake.
        let last = try #require(rule.walk?.inputs.last)
        #expect("\(last.screen ?? "") \(last)" == #"home/test choose "Start a test""#)

        // The bundled flow keeps it: proved.
        let bundled = try #require(
            try Bundled.variant("hba1c-clinic").checkRules().results.first {
                if case .kept = $0.rule.kind { true } else { false }
            })
        #expect(bundled.holds, "\(bundled)")
    }

    @Test func aRequirementThatClaimsAResponseIsRefusedAnExistenceRule() throws {
        // UR-HBA-02 claims what becomes of a kept result; "some walk
        // reaches sent-later" only shows the screen reachable.
        var text = try #require(GoldenFile.read(BundledManifests.path("hba1c-clinic")))
        text = text.replacingOccurrences(
            of: #""kept": "kept", "leavesOnlyBy": ["result.sentLater", "home.sent", "home.discard"]"#,
            with: #""reaches": "result/sent-later""#)
        let thrown = #expect(throws: ManifestLoadError.self) {
            try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
                Array(text.utf8), file: "hba1c.json")
        }
        let message = thrown.map { "\($0)" } ?? ""
        #expect(
            message.contains(
                """
                UR-HBA-02 claims that an item kept for later is never lost, and this rule is an existence rule \
                (reaches), which does not prove it. To fix, write the rule as {"kept": …, "leavesOnlyBy": […]}
                """), "\(message)")
    }

    @Test func thePresentationTreeCarriesWhatAScreenShowsOfTheRecord() throws {
        let coordinator = Coordinator()
        coordinator.coordinate(
            flow: RootFlow(manifest: try Reading.manifest(classOnly: false), registry: Reading.registry),
            with: OneStepper(.start))
        coordinator.waitUntilIdle()
        let form = try #require(coordinator.currentState.topScreen)
        coordinator.select(action: 0, on: form, entering: ["value": "6.1"])
        coordinator.waitUntilIdle()
        // What a UI's summary row binds to: the value as typed, its class
        // and where it was typed.
        let shown = try #require(PresentationTree(coordinator.currentState).top?.shows.first)
        #expect(shown.key == "reading")
        guard case .value(let value) = shown.entry else {
            Issue.record("a value: \(shown)")
            return
        }
        #expect(value.text == "6.1" && value.valueClass == "high")
    }
}
