import BundledFixtures
import RootAppCLI
import Stepflow
import StepflowManifest
import StepflowReview
import Testing

/// A home of two tabs labelled by the module's texts, as the module guide
/// recommends; a page in each, and Done on the first ends the app.
enum TabbedModule: FeatureModule {
    static let id = "tabbed"
    static let summary = "Two tabs, labelled by its texts."
    static let options: [OptionSpec] = []
    static let texts = TextSpec.list([
        "tabs.news": "News", "tabs.help": "Help", "news.title": "What is new", "help.title": "Ask us",
        "done": "Done",
    ])
    static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "left the tabs")] }
    static func launch(
        instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
    ) -> ModuleLaunch {
        ModuleLaunch(TabbedFlow(text: ModuleTexts(texts, environment)), entry: .start)
    }

    enum HomeStep: Step { case start, done }
    enum HomeExit: ModuleExit { case done }
    enum PageStep: Step { case start, done }
    enum PageExit: ModuleExit { case done }

    final class TabbedFlow: Flow {
        let text: ModuleTexts
        init(text: ModuleTexts) { self.text = text }
        func navigate(to step: HomeStep) -> Navigation<HomeStep, HomeExit> {
            switch step {
            case .start:
                .sections([
                    Section(
                        "news", label: text["tabs.news"], flow: PageFlow(text: text, page: "news"),
                        with: OneStepper(.start), onExit: { _ in .done }),
                    Section(
                        "help", label: text["tabs.help"], flow: PageFlow(text: text, page: "help"),
                        with: OneStepper(.start), onExit: { _ in .done }),
                ])
            case .done: .end(.done)
            }
        }
    }

    final class PageFlow: Flow {
        let text: ModuleTexts
        let page: String
        init(text: ModuleTexts, page: String) {
            self.text = text
            self.page = page
        }
        func navigate(to step: PageStep) -> Navigation<PageStep, PageExit> {
            switch step {
            case .start:
                .show(
                    Screen(
                        id: page, title: text["\(page).title"], actions: [ScreenAction(text["done"], .done)]))
            case .done: .end(.done)
            }
        }
    }
}

@Suite("A variant's tabs in every locale it ships")
struct SectionLocaleTests {
    static let manifest = """
        {"schema": 1, "app": {"id": "tabs", "name": "Tabs"}, "locales": ["de", "en"], "strings": "tabs.xcstrings",
         "modules": [{"id": "home", "module": "tabbed"}], "start": "home", "routes": {"home.done": "end"}}
        """

    /// The catalog: German for every text.
    static var catalog: String {
        let german = [
            "app:name": "Reiter", "tabbed/tabs.news": "Neues", "tabbed/tabs.help": "Hilfe",
            "tabbed/news.title": "Was es Neues gibt", "tabbed/help.title": "Fragen Sie uns", "tabbed/done": "Fertig",
        ]
        let entries = german.sorted { $0.key < $1.key }.map { key, value in
            """
            "\(key)": {"localizations": {"de": {"stringUnit": {"state": "translated", "value": "\(value)"}}}}
            """
        }
        return #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + entries.joined(separator: ", ") + "}}"
    }

    /// The labels are read in each locale, so the select inputs' labels
    /// differ; the states and transitions do not. The prototype compared
    /// the labels too, and refused: "in en the variant has other states
    /// than in de".
    @Test func thePrototypeOfAGermanVariantWithTabsLabelledByTextsIsWritten() throws {
        let folder = TemporaryFiles.folder(["tabs.json": Self.manifest, "tabs.xcstrings": Self.catalog])
        let registry = ModuleRegistry([TabbedModule.self])
        let manifest = try ManifestLoader(registry: registry).load(path: folder + "/tabs.json")
        let prototype = try Prototype(manifest: manifest, registry: registry)
        #expect(prototype.locales == ["de", "en"])
        #expect(prototype.states.count == 3)
        // The page shows each locale's tab labels.
        let page = PrototypePage.html(prototype, manifestPath: folder + "/tabs.json")
        #expect(page.contains("Neues") && page.contains("News"))
    }
}
