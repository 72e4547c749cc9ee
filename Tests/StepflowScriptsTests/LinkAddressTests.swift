import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

/// A shelf app: an item link whose `id` is in the path and whose `view` (an
/// optional choice) may come in the query, so a query item is either one
/// of the link's declared parameters or ignored.
enum Shelf {
    enum ShelfStep: Step { case list, item(String, String), close }
    enum ShelfExit: ModuleExit { case closed }
    final class ShelfFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: ShelfStep) -> Navigation<ShelfStep, ShelfExit> {
            switch step {
            case .list: .show(Screen(id: "list", title: "Shelf", actions: [ScreenAction("Close", .close)]))
            case .item: .show(Screen(id: "item", title: "Item", actions: [ScreenAction("Back", .list, role: .back)]))
            case .close: .end(.closed)
            }
        }
    }
    enum ShelfModule: FeatureModule {
        static let id = "shelf"
        static let summary = "Items on a shelf."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("closed", summary: "closed")] }
        static func links(for options: ModuleOptions) -> [LinkSpec] {
            [
                LinkSpec(
                    "item",
                    parameters: [
                        FieldSpec("id", .text),
                        FieldSpec("view", .choice(["front", "back"]), required: false),
                    ], summary: "opens an item")
            ]
        }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(ShelfFlow(name: instance), entry: .list) { link in
                link.arguments.text("id").map { ShelfStep.item($0, link.arguments.text("view") ?? "front") }
            }
        }
    }

    static let registry = ModuleRegistry([ShelfModule.self])

    /// The shelf manifest, its app with `app` members added.
    static func manifest(app: String = "") throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "shelf", "name": "Shelf"\(app)},
             "modules": [{"id": "shelf", "module": "shelf"}], "start": "shelf", "routes": {"shelf.closed": "end"},
             "links": {"item/{id}": "shelf.item"}}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "shelf.json")
    }

    /// The errors `app` members give, each as `path: message`.
    static func errors(app: String) -> [String] {
        do {
            _ = try manifest(app: app)
            return []
        } catch {
            guard case .invalid(let list) = error as? ManifestLoadError else { return ["\(error)"] }
            return list.map { "\($0.path): \($0.message)" }
        }
    }
}

@Suite("Link addresses as the platform hands them to an app")
struct LinkAddressTests {
    /// hba1c-clinic's router.
    static func clinic() throws -> RootFlow {
        RootFlow(
            manifest: try BundledManifests.load("hba1c-clinic"), registry: BundledModules.registry,
            environment: ModuleEnvironment(services: BundledModules.services))
    }

    @Test(
        "The forms iOS hands over open the link the relative address opens",
        arguments: [
            "org.example.stepflow.hba1c.clinic://kept/normal/P-1024",
            "ORG.example.stepflow.hba1c.clinic://kept/normal/P-1024",
            "https://hba1c.example.org/kept/normal/P-1024",
            "https://HBA1C.example.org/kept/normal/P-1024/",
            "kept/normal/P-1024/",
            "/kept/normal/P-1024",
            "kept/normal/P%2D1024",
            "kept/%6Eormal/P-1024",
            "kept/normal/P-1024?src=push",
            "kept/normal/P-1024?src=push&utm_campaign=x#top",
            "org.example.stepflow.hba1c.clinic://kept/normal/P-1024/?src=push",
        ])
    func platformForms(address: String) throws {
        let root = try Self.clinic()
        let canonical = try root.route(link: "kept/normal/P-1024").get()
        let delivery = try root.route(link: address).get()
        #expect(delivery == canonical)
        // One canonical address: the engine, its saves and its graph see one input.
        #expect(delivery.address == "kept/normal/P-1024")
    }

    @Test("An address the platform would not hand this variant is refused, saying what it opens")
    func refusals() throws {
        let root = try Self.clinic()
        func refusal(_ address: String) -> String {
            guard case .failure(let refusal) = root.route(link: address) else { return "opened" }
            return refusal.message
        }
        let forms =
            "it opens addresses such as 'kept/normal/P-1024', "
            + "'org.example.stepflow.hba1c.clinic://kept/normal/P-1024', 'https://hba1c.example.org/kept/normal/P-1024'"
        #expect(
            refusal("myapp://kept/normal/P-1024").contains("its scheme is org.example.stepflow.hba1c.clinic, not myapp")
        )
        #expect(refusal("myapp://kept/normal/P-1024").contains(forms))
        #expect(refusal("http://hba1c.example.org/kept/normal/P-1024").contains("a universal link is https"))
        #expect(
            refusal("https://evil.example.org/kept/normal/P-1024")
                == "'https://evil.example.org/kept/normal/P-1024' is no link of hba1c-clinic: evil.example.org is "
                + "none of its hosts ('hba1c.example.org').")
        #expect(refusal("kept/normal/P%2").contains("'P%2' is no percent-encoding of UTF-8 text"))
        #expect(refusal("kept/normal/P%FF").contains("is no percent-encoding of UTF-8 text"))
        #expect(refusal("kept//P-1024").contains("an empty segment"))
        #expect(refusal("kept/normal/P-1024//").contains("an empty segment"))
        #expect(refusal("kept/normal").contains("It routes 'kept/{result}/{patient}'; \(forms)."))
        // A path parameter given again in the query is ambiguous, not ignored.
        #expect(refusal("kept/normal/P-1024?patient=P-2001").contains("gives patient twice, in its path and its query"))
        // A refused value is refused in every form.
        #expect(refusal("org.example.stepflow.hba1c.clinic://kept/normal/1024").contains("is no value of patient"))
    }

    @Test("A refused link value is told in the variant's words: the class's refusal is a module text")
    func refusalInTheVariantsWords() throws {
        let reworded = "the patient id on the notice is P- and four digits"
        let text = try #require(GoldenFile.read(BundledManifests.path("hba1c-clinic")))
        let folder = TemporaryFiles.folder([
            "clinic.json": text.replacing(
                "\"start\": \"onboarding\",",
                with: "\"start\": \"onboarding\", \"texts\": {\"home/link.patient.refusal\": \"\(reworded)\"},")
        ])
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
            path: folder + "/clinic.json")
        let root = RootFlow(manifest: manifest, registry: BundledModules.registry)
        guard case .failure(let refusal) = root.route(link: "kept/normal/1024") else {
            Issue.record("a malformed patient id opened")
            return
        }
        #expect(refusal.message == "'1024' is no value of patient: \(reworded).")
        // And the texts are ones a catalog translates.
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        #expect(variant.shownTexts.contains { $0.instance == "home" && $0.key == "link.patient.refusal" })
    }

    @Test("A variant that declares no scheme or host says how to declare one")
    func undeclared() throws {
        let root = RootFlow(manifest: try Shelf.manifest(), registry: Shelf.registry)
        guard case .failure(let scheme) = root.route(link: "shelf://item/7") else {
            Issue.record("a scheme the app does not declare opened")
            return
        }
        #expect(scheme.message.contains("it declares no URL scheme; it opens addresses such as 'item/id-1'"))
        #expect(scheme.message.contains("add \"linkScheme\": \"shelf\" to the app"))
        guard case .failure(let host) = root.route(link: "https://shelf.example.org/item/7") else {
            Issue.record("a host the app does not declare opened")
            return
        }
        #expect(host.message.contains("it declares no universal-link host"))
        #expect(try root.route(link: "item/7").get().address == "item/7")
    }

    @Test("A query item is a declared parameter the path does not carry, or ignored; values keep their encoding")
    func query() throws {
        let root = RootFlow(
            manifest: try Shelf.manifest(app: #", "linkScheme": "shelf", "linkHosts": ["shelf.example.org"]"#),
            registry: Shelf.registry)
        let back = try root.route(link: "shelf://item/7?view=back&src=push").get()
        #expect(back.step.stepID == #"item("7", "back")"#)
        // The canonical address carries the declared query item, so a restore routes it alike.
        #expect(back.address == "item/7?view=back")
        #expect(try root.route(link: back.address).get() == back)
        #expect(try root.route(link: "item/7?src=push").get().step.stepID == #"item("7", "front")"#)
        #expect(throws: LinkRefusal.self) { try root.route(link: "item/7?view=side").get() }
        #expect(throws: LinkRefusal.self) { try root.route(link: "item/7?view=back&view=front").get() }
        // A value with a '/', a space or a '%' travels encoded and arrives whole.
        let slashed = try root.route(link: "https://shelf.example.org/item/a%2Fb%20c%25").get()
        #expect(slashed.step.stepID == #"item("a/b c%", "front")"#)
        #expect(slashed.address == "item/a%2Fb%20c%25")
        #expect(try root.route(link: slashed.address).get() == slashed)
        // Every form of every address the analysis opens routes alike.
        for delivery in root.representativeLinks {
            for (form, address) in root.platformForms(of: delivery.address) {
                #expect(try root.route(link: address).get() == delivery, "\(form): \(address)")
            }
        }
    }

    @Test("The app's scheme and hosts are checked where they are written")
    func declarations() {
        #expect(Shelf.errors(app: #", "linkScheme": "shelf", "linkHosts": ["shelf.example.org"]"#).isEmpty)
        #expect(
            Shelf.errors(app: #", "linkScheme": "shelf://""#).first?.contains(
                "app.linkScheme: 'shelf://' is not a URL scheme. To fix, write a letter") == true)
        #expect(
            Shelf.errors(app: #", "linkScheme": "https""#).first?.contains("is the web's scheme, not the app's own")
                == true)
        #expect(
            Shelf.errors(app: #", "linkHosts": ["https://shelf.example.org"]"#).first?.hasPrefix(
                "app.linkHosts[0]: expected a host name such as \"clinic.example.org\" (no scheme, path or port)")
                == true)
        #expect(Shelf.errors(app: #", "linkHosts": []"#).first?.contains("expected the universal-link hosts") == true)
        #expect(
            Shelf.errors(app: #", "linkHosts": ["a.example.org", "A.example.org"]"#).first?.contains(
                "'A.example.org' is listed twice") == true)
        #expect(Shelf.errors(app: #", "linkSchemes": "shelf""#).first?.contains("linkSchemes") == true)
    }

    @Test("validate opens every address in every form a device hands over, and all route alike")
    func proof() throws {
        let manifest = try BundledManifests.load("hba1c-clinic")
        let variant = VariantGraph(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        // One address (kept/normal/P-1024 …) per representative value, each in 6 forms.
        #expect(
            variant.states.links.formsOpened == RootFlow(manifest: manifest, registry: BundledModules.registry)
                .representativeLinks.count * 6)
        #expect(variant.states.links.formsDiffering.isEmpty)
        #expect(variant.states.links.summary.contains("routed otherwise"))
    }
}
