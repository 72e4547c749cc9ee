import Stepflow
import StepflowGraph
import BundledModules
import StepflowManifest
import StepflowPresentation
import StepflowReview
import StepflowScripts
import Testing

/// A lab app whose `sample/{id}` link takes a sample id in classes, as an
/// entry field does: `S-` and three digits is opened, an `X-` id (a
/// sample thrown away) is refused with its reason, anything else is in no
/// class.
enum Lab {
    enum SampleStep: Step { case list, linked(String), close }
    enum SampleExit: ModuleExit { case closed }
    final class SampleFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: SampleStep) -> Navigation<SampleStep, SampleExit> {
            switch step {
            case .list:
                .show(Screen(id: "list", title: "Samples", actions: [ScreenAction("Close", .close)]), as: .replace)
            case .linked(let id):
                // In place, so a link opened again never piles samples up.
                .show(Screen(id: "sample", title: "Sample \(id)", actions: [ScreenAction("Back", .list)]), as: .replace)
            case .close: .end(.closed)
            }
        }
    }

    static let sampleID = FieldSpec(
        "id", .text,
        classes: [
            ValueClass("current", label: "S- and three digits", .pattern(#"S-\d{3}"#), representative: "S-100"),
            ValueClass(
                "discarded", label: "X- and three digits", .pattern(#"X-\d{3}"#), representative: "X-100",
                refusal: "the sample was thrown away"),
        ])

    enum SampleModule: FeatureModule {
        static let id = "samples"
        static let summary = "Samples."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("closed", summary: "closed")] }
        static func links(for options: ModuleOptions) -> [LinkSpec] {
            [LinkSpec("sample", parameters: [Lab.sampleID], summary: "opens one sample")]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(SampleFlow(name: instance), entry: .list) { link in
                link.arguments.text("id").map(SampleStep.linked)
            }
        }
    }

    static let registry = ModuleRegistry([SampleModule.self])

    static func manifest() throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "lab", "name": "Lab", "audience": "professional"},
             "modules": [{"id": "samples", "module": "samples"}],
             "start": "samples", "routes": {"samples.closed": "end"},
             "links": {"sample/{id}": "samples.sample"}}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "lab.json")
    }
}

@Suite("A link's parameters in value classes")
struct LinkParameterClassTests {
    @Test("A value in a taken class is routed; one in a refusing class or in none is refused, with the typed reason")
    func routing() throws {
        let root = RootFlow(manifest: try Lab.manifest(), registry: Lab.registry)
        let taken = try root.route(link: "sample/S-123").get()
        #expect(taken.step.stepID == "linked(\"S-123\")")

        let discarded = #expect(throws: LinkRefusal.self) { try root.route(link: "sample/X-123").get() }
        #expect(discarded?.message == "'X-123' is no value of id: the sample was thrown away.")
        guard case .refusedClass(let value, let valueClass)? = discarded?.entry?.reason else {
            Issue.record("refused for its class: \(String(describing: discarded))")
            return
        }
        #expect(value == "X-123" && valueClass.name == "discarded" && discarded?.entry?.field == "id")

        let stray = #expect(throws: LinkRefusal.self) { try root.route(link: "sample/42").get() }
        #expect(stray?.message == "'42' is no value of id: it takes S- and three digits.")
        guard case .inNoClass(_, let accepted)? = stray?.entry?.reason else {
            Issue.record("in no class: \(String(describing: stray))")
            return
        }
        #expect(accepted.map(\.name) == ["current"])

        // An address that matches no route carries no parameter's refusal.
        let unknown = #expect(throws: LinkRefusal.self) { try root.route(link: "samples/S-123").get() }
        #expect(unknown?.entry == nil)
    }

    @Test("Analysis opens each taken class's representative from every state, and proves each refusing class refused")
    func proof() throws {
        let manifest = try Lab.manifest()
        let root = RootFlow(manifest: manifest, registry: Lab.registry)
        #expect(root.representativeLinks.map(\.address) == ["sample/S-100"])
        #expect(root.refusingLinks.map(\.address) == ["sample/X-100"])

        let graph = VariantGraph(manifest: manifest, registry: Lab.registry)
        let proof = graph.states.links
        #expect(proof.tallies.map(\.address) == ["sample/S-100"])
        #expect(proof.refused.map(\.address) == ["sample/X-100"])
        #expect(proof.refused.first?.entry.field == "id")
        #expect(
            proof.summary == """
                1 link opened from each of 2 live states: 2 land on 1 screen, 0 declined by a module without a \
                reason; each address also opened in the forms a device hands over (4 in all), 0 routed otherwise; \
                1 address refused for a parameter's value before any flow saw it (id discarded)
                """)

        // Live, the same addresses do the same: the taken one shows the
        // sample, the refused one is refused and nothing changes.
        let session = VariantSession(manifest: manifest, registry: Lab.registry)
        #expect(throws: SessionRefusal.self) { try session.give(.link("sample/X-100")) }
        #expect(session.top?.qualifiedID == "samples/list")
        try session.give(.link("sample/S-100"))
        #expect(session.top?.qualifiedID == "samples/sample")
    }

    @Test("A save whose link's value is refused now is not restored, and the error says which value and why")
    func restore() throws {
        let manifest = try Lab.manifest()
        let session = VariantSession(manifest: manifest, registry: Lab.registry)
        try session.give(.link("sample/S-100"))
        var saved = session.savedNavigation
        #expect(
            try VariantSession(resuming: saved, manifest: manifest, registry: Lab.registry).top?.qualifiedID
                == "samples/sample")
        // As a release that took X- ids would have saved it.
        saved.entries = saved.entries.map { $0 == .link(address: "sample/S-100") ? .link(address: "sample/X-100") : $0 }
        let error = #expect(throws: RestoreError.self) {
            try VariantSession(resuming: saved, manifest: manifest, registry: Lab.registry)
        }
        #expect(error?.kind == .mismatch)
        #expect(
            error?.problem
                == "the link sample/X-100 was opened, and no root routes that address now. 'X-100' is no value of id: "
                + "the sample was thrown away.")
        #expect(
            error?.fix
                == "To fix, keep the values the link's parameter takes, or say what the app does with such a walk.")
    }

    @Test("The review report lists the refused class beside the addresses opened from every state")
    func report() throws {
        let manifest = try Lab.manifest()
        let html = ReviewReport.html(
            ReviewReport.Contents(
                variant: VariantGraph(manifest: manifest, registry: Lab.registry), rules: [], scripts: [],
                results: [], coverage: nil,
                requirements: RequirementCoverage(manifest: manifest, rules: [], scripts: [], results: []),
                diagram: .outline(reason: "No drawing here."), generator: "test"))
        #expect(html.contains("<td>sample/S-100</td><td>samples.sample: opens one sample</td>"))
        #expect(
            html.contains(
                "<td>sample/X-100</td><td>samples.sample: opens one sample</td><td>refused the same, running or not"
                    + "</td><td>refused before any flow saw it, from every state: id (class discarded): "
                    + "&#39;X-100&#39;: the sample was thrown away</td>"))
    }

    @Test("The module contract checks a link parameter's classes as an entry field's")
    func contract() {
        enum Sloppy: FeatureModule {
            static let id = "sloppy"
            static let summary = "A link whose representative is outside its class."
            static let options: [OptionSpec] = []
            static let entryFields = [
                FieldSpec(
                    "batch", .text, required: false,
                    classes: [ValueClass("any", label: "any", .pattern(".*"), representative: "B")])
            ]
            static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("closed", summary: "closed")] }
            static func links(for options: ModuleOptions) -> [LinkSpec] {
                [
                    LinkSpec(
                        "sample",
                        parameters: [
                            FieldSpec(
                                "id", .text,
                                classes: [
                                    ValueClass(
                                        "current", label: "S- and three digits", .pattern(#"S-\d{3}"#),
                                        representative: "S-1")
                                ])
                        ], summary: "opens one sample")
                ]
            }
            static func launch(
                instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
            ) -> ModuleLaunch {
                ModuleLaunch(Lab.SampleFlow(name: instance), entry: .list) { link in
                    link.arguments.text("id").map(Lab.SampleStep.linked)
                }
            }
        }
        let options = ModuleOptions(specs: [], values: [:])
        #expect(ModuleContract.problems(in: Lab.SampleModule.self, options: options) == [])
        let violations = ModuleContract.violations(in: Sloppy.self, options: options)
        #expect(violations.map(\.kind) == [.fieldDeclaration, .fieldDeclaration])
        // Classes on a handoff field would be promised and never checked.
        #expect(
            violations.first?.description.contains(
                "entry field 'batch' declares value classes, which are checked on a link's parameters only.") == true)
        #expect(
            violations.last?.description.contains(
                "link 'sample': field 'id', class 'current': its representative 'S-1' is not in the class") == true)
    }
}

/// The bundled home, routed so its link starts it (`"whenNotRunning":
/// "start"`, the default), after a support module the variant starts with.
@Suite("A link that starts a sectioned module")
struct LinkColdStartTests {
    static func manifest() throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "clinic", "name": "Clinic", "audience": "professional"},
             "modules": [
               {"id": "welcome", "module": "support", "options": {"hotline": "0800 1", "hours": "always"}},
               {"id": "home", "module": "home",
                "options": {"condition": "hba1c", "hotline": "0800 1", "hours": "always"}}],
             "start": "welcome",
             "routes": {"welcome.resume": "home", "welcome.quit": "end", "home.startTest": "end",
                        "home.signOut": "end"},
             "links": {"kept/{result}/{patient}": "home.kept"}}
            """
        return try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(text.utf8), file: "clinic.json")
    }

    @Test("At a cold start the link opens the kept tab; live it selects it over the tab that is up")
    func coldStart() throws {
        let manifest = try Self.manifest()
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        // The support module runs: the link ends it and starts the home at the link.
        try session.give(.link("kept/diabetes/P-2001"))
        #expect(session.top?.qualifiedID == "home/kept")
        let bar = try #require(session.presentation.layers.first?.sections.last)
        #expect(bar.tabs[bar.selected].name == "kept")
        // Live: from the tab that is up, the kept tab is selected.
        try session.give(.select("help"))
        #expect(session.top?.qualifiedID == "home/help")
        try session.give(.link("kept/normal/P-1024"))
        #expect(session.top?.qualifiedID == "home/kept")

        // The whole variant, the link opened from every state: no dead end
        // and no state without a way out.
        let graph = VariantGraph(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let stuck = graph.findings().filter { finding in finding.kind == .deadEnd || finding.kind == .noWayOut }
        #expect(stuck.map(\.description) == [])
    }
}
