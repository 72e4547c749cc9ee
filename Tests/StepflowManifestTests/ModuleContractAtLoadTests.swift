import BundledFixtures
import BundledModules
import Stepflow
import Testing
@testable import StepflowManifest

/// An outside module that can end with an exit it does not declare.
private enum SloppyStep: Step { case ask, yes, no }
private enum SloppyExit: ModuleExit { case agreed, refused }
private final class SloppyFlow: Flow {
    let name = "sloppy"
    func navigate(to step: SloppyStep) -> Navigation<SloppyStep, SloppyExit> {
        switch step {
        case .ask:
            .show(Screen(id: "ask", title: "Agree?", actions: [ScreenAction("Yes", .yes), ScreenAction("No", .no)]))
        case .yes: .end(.agreed)
        case .no: .end(.refused)
        }
    }
}
private enum SloppyModule: FeatureModule {
    static let id = "sloppy"
    static let summary = "Declares 'agreed' only, but can also end 'refused'."
    static let options: [OptionSpec] = []
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("agreed", summary: "yes")] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(SloppyFlow(), entry: .ask)
    }
}

/// What loading proves of the modules a manifest names, for bundled and
/// outside modules alike: each keeps its contract with the options given,
/// required options are given, translatable options give every locale.
@Suite("Module contracts and options, checked when a manifest loads")
struct ModuleContractAtLoadTests {
    static let registry = ModuleRegistry(BundledModules.all + [SloppyModule.self])

    static func diagnostics(_ text: String, registry: ModuleRegistry = registry) -> [String] {
        do {
            return try ManifestLoader(registry: registry, services: BundledModules.services).decode(
                Array(text.utf8), file: "m.json"
            ).warnings.map(\.description)
        } catch {
            guard case .invalid(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.map(\.description)
        }
    }

    @Test func aModuleThatCanEndWithAnUndeclaredExitIsRefusedNamingTheModuleTheExitAndTheFix() {
        let manifest = """
            {"schema": 1, "app": {"id": "s", "name": "S"},
             "modules": [{"id": "gate", "module": "sloppy"}],
             "start": "gate", "routes": {"gate.agreed": "end"}}
            """
        #expect(
            Self.diagnostics(manifest) == [
                """
                m.json:2:39: error: modules[0].module: module 'sloppy' (instance 'gate') breaks its contract: its \
                flow can end with the exit 'refused', which it does not declare, so no route can take it and a \
                walk would drop it. To fix, the module's author declares 'refused' in SloppyModule.exits(for:) or \
                stops ending with it; no route in this manifest can fix it.
                """
            ])
    }

    @Test func theRouteValidationOnceAdvisedIsNotOfferedForAnUndeclaredExit() {
        // Before, `validate` advised a route for 'gate.refused' and loading
        // then refused that route. Now the only error is the contract's.
        let manifest = """
            {"schema": 1, "app": {"id": "s", "name": "S"},
             "modules": [{"id": "gate", "module": "sloppy"}],
             "start": "gate", "routes": {"gate.agreed": "end"}}
            """
        let messages = Self.diagnostics(manifest)
        #expect(messages.count == 1)
        #expect(!messages.contains { $0.contains("\"routes\"") })
    }

    @Test func everyBundledModuleKeepsItsContractWithTheOptionsOfEveryBundledManifest() throws {
        for name in [
            "covid-antigen-home", "covid-antigen-home-de", "covid-antigen-clinic", "hba1c-clinic", "strep-a-home",
        ] {
            let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
                .load(path: "RootApp/Manifests/\(name).json")
            #expect(manifest.warnings.isEmpty, "\(name): \(manifest.warnings)")
        }
    }

    static let supportOnly = """
        {"schema": 1, "app": {"id": "s", "name": "S"},
         "modules": [{"id": "help", "module": "support"OPTIONS}],
         "start": "help", "routes": {"help.resume": "end", "help.quit": "end"}}
        """

    @Test func aRequiredOptionLeftOutIsRefusedNamingItInsteadOfShippingAMadeUpPhoneNumber() {
        let messages = Self.diagnostics(Self.supportOnly.replacing("OPTIONS", with: ""))
        #expect(
            messages == [
                """
                m.json:2:39: error: modules[0]: module 'support' needs the option 'hotline' (text: The support \
                phone number shown.), which has no default: the variant must choose it. To fix, add \"options\": \
                {\"hotline\": \"0800 123 4567\"} with this variant's own value.
                """,
                """
                m.json:2:39: error: modules[0]: module 'support' needs the option 'hours' (text: When the hotline \
                answers, in words a person reads.), which has no default: the variant must choose it. To fix, add \
                \"options\": {\"hours\": \"Monday to Friday, 8:00 to 18:00\"} with this variant's own value.
                """,
            ])
    }

    @Test func aRequiredOptionIsRequiredOnlyWhereItApplies() {
        func results(_ options: String) -> [String] {
            Self.diagnostics(
                """
                {"schema": 1, "app": {"id": "s", "name": "S"},
                 "modules": [{"id": "result", "module": "results", "options": {\(options)}}],
                 "start": "result", "routes": {"result.retest": "end", "result.done": "end", "result.needsHelp": "end"}}
                """)
        }
        // A lay result screen sends nothing to a lab (it declares a link,
        // which this manifest does not route: a warning, no error).
        let lay = results("\"advice\": \"lay\", \"condition\": \"covid\"")
        #expect(lay.count == 1 && lay[0].hasPrefix("m.json: warning: links: result.advice"), "\(lay)")
        let professional = results("\"advice\": \"professional\", \"condition\": \"covid\"")
        #expect(professional.count == 1)
        #expect(professional.first?.contains("needs the option 'lab' when advice is \"professional\"") == true)
        #expect(results("\"advice\": \"lay\"").first?.contains("needs the option 'condition'") == true)
    }

    static let germanSupport = """
        {"schema": 1, "app": {"id": "s", "name": "S"}, "locales": ["de", "en"], "strings": "none.xcstrings",
         "modules": [{"id": "help", "module": "support", "options": {"hotline": "0800 1", "hours": HOURS}}],
         "start": "help", "routes": {"help.resume": "end", "help.quit": "end"}}
        """

    @Test func aTranslatableOptionGivenPerLocaleMustGiveEveryLocaleTheVariantShips() {
        let messages = Self.diagnostics(
            Self.germanSupport.replacing("HOURS", with: "{\"de\": \"montags\", \"fr\": \"lundi\"}"))
        #expect(
            messages.contains { $0.contains("modules[0].options.hours.fr: the variant does not ship the locale 'fr'") })
        let missing = Self.diagnostics(Self.germanSupport.replacing("HOURS", with: "{\"de\": \"montags\"}"))
        #expect(missing.contains { $0.contains("modules[0].options.hours: no text for 'en'") })
    }

    @Test func anOptionThatIsNotTranslatableCannotBeGivenPerLocale() {
        let messages = Self.diagnostics(
            Self.supportOnly.replacing(
                "OPTIONS", with: ", \"options\": {\"hotline\": {\"en\": \"1\"}, \"hours\": \"x\"}"))
        #expect(
            messages.contains {
                $0.contains(
                    """
                    modules[0].options.hotline: expected text, found an object. Only an option the module declares \
                    translatable can be given per locale.
                    """
                )
            })
    }

    @Test func aRootFlowShowsATranslatableOptionInTheLocaleItShows() throws {
        let manifest = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(
            path: "RootApp/Manifests/covid-antigen-home-de.json")
        let help = try #require(manifest.instance("help"))
        #expect(manifest.options(of: help, in: "de").text("hours") == "montags bis freitags von 8 bis 18 Uhr")
        #expect(manifest.options(of: help, in: "en").text("hours") == "Monday to Friday, 8:00 to 18:00")
        #expect(manifest.options(of: help, in: "en").text("hotline") == "0800 123 4567")
    }

    @Test func theDigestIgnoresWhitespaceAndKeyOrderButNotAnEditToTheVariant() throws {
        let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
        let base =
            #"{"schema": 1, "app": {"id": "s", "name": "S"}, "modules": [{"id": "help", "module": "support", "#
            + #""options": {"hotline": "1", "hours": "x"}}], "start": "help", "routes": {"help.resume": "end", "#
            + #""help.quit": "end"}}"#
        let spaced = "\n\n" + base.replacing(", ", with: ",\n    ") + "\n"
        let reordered =
            #"{"start": "help", "routes": {"help.quit": "end", "help.resume": "end"}, "app": {"name": "S", "id": "#
            + #""s"}, "schema": 1, "modules": [{"options": {"hours": "x", "hotline": "1"}, "module": "support", "#
            + #""id": "help"}]}"#
        let edited = base.replacing(#""hotline": "1""#, with: #""hotline": "2""#)
        func digest(_ text: String) throws -> String { try loader.decode(Array(text.utf8), file: "m.json").digest }
        #expect(try digest(spaced) == digest(base))
        #expect(try digest(reordered) == digest(base))
        #expect(try digest(edited) != digest(base))
    }

    /// A saved walk and a sign-off carry the digest: it must stay what
    /// earlier releases computed for the same manifest, escapes, control
    /// characters and non-ASCII text included (the value is release
    /// 0.4.0's).
    @Test func theDigestIsTheOneEarlierReleasesComputed() throws {
        let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
        let text =
            #"{"schema": 1, "app": {"id": "s", "name": "Say \"hi\" \\ \u00fc ✓ \u0001\t\/"}, "modules": [{"id": "#
            + #""help", "module": "support", "options": {"hotline": "1", "hours": "x"}}], "start": "help", "routes": "#
            + #"{"help.resume": "end", "help.quit": "end"}}"#
        #expect(try loader.decode(Array(text.utf8), file: "g.json").digest == "0c6bc3972fb82b86")
    }

    @Test func aStringCatalogCarriesATranslatableOptionsWordsForAnInstance() throws {
        let catalog = """
            {"sourceLanguage": "en", "version": "1.0", "strings": {
              "option:help.hours": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": \
            "montags"}}}},
              "option:help.hotline": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "0800"}}}}
            }}
            """
        let manifest = """
            {"schema": 1, "app": {"id": "s", "name": "S"}, "locales": ["de", "en"], "strings": "c.xcstrings",
             "modules": [{"id": "help", "module": "support", "options": {"hotline": "0800 1", "hours": "Mondays"}}],
             "start": "help", "routes": {"help.resume": "end", "help.quit": "end"}}
            """
        let folder = TemporaryFiles.folder(["m.json": manifest, "c.xcstrings": catalog])
        let loaded = try ManifestLoader(registry: BundledModules.registry).load(path: folder + "/m.json")
        let help = try #require(loaded.instance("help"))
        #expect(loaded.options(of: help, in: "de").text("hours") == "montags")
        #expect(loaded.options(of: help, in: "en").text("hours") == "Mondays")
        // The hotline is no words to translate: an entry for it is said to
        // be wrong, and not shown.
        #expect(loaded.options(of: help, in: "de").text("hotline") == "0800 1")
        #expect(
            loaded.warnings.map(\.description).contains {
                $0.contains("'option:help.hotline' is no translatable option of this variant.")
            })
    }
}
