import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowReview
import StepflowScripts
import StepflowTesting
import Testing

/// The prototype is the variant's state graph, shown as the live engine
/// shows it. (`Tests/Browser/prototype_test.py` clicks through the page in
/// Chromium; `.ci/run` runs it.)
@Suite("The prototype page")
struct PrototypeTests {
    // Every bundled variant with STEPFLOW_EXHAUSTIVE=1 (CI); the lay ones
    // otherwise (the clinics take half a minute each in a debug build).
    @Test(arguments: BundledManifests.wholeVariantNames)
    func theStatesAndTransitionsAreTheExplorersAndEveryScreenIsTheLiveOnes(_ name: String) throws {
        let manifest = try BundledManifests.load(name)
        let prototype = try Prototype(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let variant = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        #expect(prototype.states.count == variant.states.states.count)
        #expect(prototype.transitions.count == variant.states.transitions.count)
        #expect(prototype.locales == manifest.locales)
        for (index, transition) in prototype.transitions.enumerated() {
            #expect(transition.from == variant.states.transitions[index].from)
            #expect(transition.to == variant.states.transitions[index].to)
        }
        for (index, state) in prototype.states.enumerated() {
            #expect(state.screen == variant.states.states[index].top)
            // A screen in every locale, with a label for every action.
            #expect(state.views.count == (state.screen == nil ? 0 : prototype.locales.count))
            for view in state.views.map({ prototype.views[$0] }) {
                #expect(!view.title.isEmpty)
                #expect(view.actions.count == view.isBack.count)
            }
        }
        // The first screen reads as the live engine shows it.
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let first = prototype.views[prototype.states[0].views[0]]
        #expect(first.title == session.top?.title)
        #expect(first.actions == session.top?.actions.map(\.label))
        #expect(prototype.startSteps == session.trace)
    }

    @Test func anActionThatCancelsIsNeverTheMainButton() throws {
        let manifest = try BundledManifests.load("strep-a-home")
        let prototype = try Prototype(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let waiting = try #require(prototype.views.first { $0.title == "Waiting for the result" })
        #expect(waiting.actions == ["Cancel the test"])
        #expect(waiting.isCancel == [true])
        let confirm = try #require(prototype.views.first { $0.title == "Cancel the test?" })
        #expect(confirm.isCancel == [false, true], "Keep waiting is the main button")
        let page = PrototypePage.html(prototype, manifestPath: manifest.file)
        #expect(page.contains("button.back, button.secondary"))
    }

    @Test func theGermanVariantShowsEachLocalesOwnWords() throws {
        let manifest = try BundledManifests.load("covid-antigen-home-de")
        let prototype = try Prototype(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        #expect(prototype.locales == ["de", "en"])
        let start = prototype.states[0].views.map { prototype.views[$0].title }
        for (index, locale) in prototype.locales.enumerated() {
            let live = VariantSession(
                manifest: manifest, registry: BundledModules.registry, services: BundledModules.services,
                locale: locale)
            #expect(start[index] == live.top?.title)
        }
        #expect(start[0] != start[1])
    }

    @Test func thePageSpeaksEachLocaleItShipsAroundTheScreensToo() throws {
        let manifest = try BundledManifests.load("covid-antigen-home-de")
        let prototype = try Prototype(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        #expect(prototype.appNames == ["COVID-19 Antigen-Selbsttest", "COVID-19 Antigen Self-Test"])
        let html = PrototypePage.html(prototype, manifestPath: "covid-antigen-home-de.json")
        // Opened in German, the page's own words are German before its script runs…
        for german in ["Jetzt ablaufen lassen", "Verlauf", "Neu beginnen", "Diesen Weg herunterladen", "Sprache"] {
            #expect(html.contains(">\(german)</span>"), "\(german)")
        }
        // …and the script has every word in both locales, and no English of its own.
        let data = try JSONParser.parse(Array(PrototypePage.data(prototype, initial: 0).utf8))
        let words = try #require(data["words"]?.array)
        #expect(words.count == 2)
        #expect(words[0]["page.asks"]?.string == "Die App fragt nach {question}. Antwort:")
        #expect(words[1]["page.asks"]?.string == "The app asks for {question}. Answer:")
        #expect(Set(words[0].members?.map(\.key) ?? []) == Set(words[1].members?.map(\.key) ?? []))
        for english in ["The app asks", "A timer is running", "Let it finish", "has ended", "Not now", "\"Back\""] {
            #expect(!PrototypePage.script.contains(english), "\(english)")
        }
    }

    @Test func thePageAsksNothingOfTheNetworkAndCarriesItsData() throws {
        let manifest = try BundledManifests.load("covid-antigen-home")
        let prototype = try Prototype(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let html = PrototypePage.html(prototype, manifestPath: "covid-antigen-home.json")
        #expect(html.contains("default-src 'none'"))
        #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src="))
        // The data is JSON and no text in it ends the script element.
        let data = PrototypePage.data(prototype, initial: 0)
        #expect(!data.contains("<"))
        #expect(throws: Never.self) { try JSONParser.parse(Array(data.utf8)) }
    }

    @Test func theCommandWritesThePageAndRefusesWhatItCannotDo() throws {
        let folder = TemporaryFiles.folder([:])
        let made = Harness.run(["prototype", BundledManifests.path("strep-a-home"), "-o", folder + "/p.html"])
        #expect(made.code == 0, "\(made.err)")
        #expect(made.err.contains("81 states"))
        let page = try #require(GoldenFile.read(folder + "/p.html"))
        #expect(page.hasPrefix("<!DOCTYPE html>"))
        #expect(Harness.run(["prototype", BundledManifests.path("strep-a-home")]).code == 64)  // -o is required
        let wrongLocale = Harness.run(
            ["prototype", BundledManifests.path("strep-a-home"), "-o", folder + "/q.html", "--locale", "fr"])
        #expect(wrongLocale.code == 64)
        #expect(wrongLocale.err.contains("does not ship the locale 'fr'"))
        let overwrite = Harness.run(
            ["prototype", BundledManifests.path("strep-a-home"), "-o", BundledManifests.path("strep-a-home")])
        #expect(overwrite.code == 73)
    }
}
