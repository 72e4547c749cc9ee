import BundledFixtures
import Procedure
import Stepflow
import StepflowManifest
import Testing

/// A counted text in Xcode's String Catalog form: format specifiers
/// Xcode varies by plural, read back to Stepflow's named placeholders.
@Suite("Counted texts as Xcode's String Catalog holds them")
struct CatalogFormatTests {
    @Test func oneCountIsAnIntegerSpecifierAndALiteralPercentIsDoubled() {
        #expect(
            CatalogFormat.specifiers("Read within {minutes} minutes.", placeholders: ["minutes"], counted: "minutes")
                == "Read within %lld minutes.")
        #expect(
            CatalogFormat.specifiers("{n} % done", placeholders: ["n"], counted: "n") == "%lld %% done")
    }

    @Test func severalPlaceholdersArePositionalInTheEnglishsOrder() {
        let order = ["patient", "minutes"]
        let text = "{patient}: ready in {minutes} minutes"
        let xcode = CatalogFormat.specifiers(text, placeholders: order, counted: "minutes")
        #expect(xcode == "%1$@: ready in %2$lld minutes")
        // A translation may put them in another order: positions say which.
        #expect(
            CatalogFormat.named("in %2$lld Minuten: %1$@", placeholders: order) == "in {minutes} Minuten: {patient}")
        #expect(CatalogFormat.named(xcode, placeholders: order) == text)
    }

    @Test func readingBackKeepsWhatIsNoSpecifier() {
        #expect(CatalogFormat.named("%lld Minuten", placeholders: ["minutes"]) == "{minutes} Minuten")
        #expect(CatalogFormat.named("%d Minute", placeholders: ["minutes"]) == "{minutes} Minute")
        #expect(CatalogFormat.named("5.7 % und %%", placeholders: ["n"]) == "5.7 % und %")
        #expect(CatalogFormat.named("{minutes} Minuten", placeholders: ["minutes"]) == "{minutes} Minuten")
        #expect(CatalogFormat.named("no placeholder", placeholders: []) == "no placeholder")
    }

    @Test func theOrderIsTheEnglishsFirstAppearance() {
        let spec = TextSpec(
            "wait", one: "{name}: {minutes} minute", other: "{name}: {minutes} minutes", count: "minutes")
        #expect(CatalogFormat.order(of: spec) == ["name", "minutes"])
    }

    /// The German variant's catalog holds its counted texts in Xcode's
    /// form (`%lld`): the walk shows them with the count, singular or plural.
    @Test func theBundledCatalogsCountedTextsReadWithTheirCount() throws {
        let manifest = try BundledManifests.load("covid-antigen-home-de")
        let source = manifest.texts.source(for: "test", locale: "de")
        let texts = ModuleTexts(ProcedureModule.texts, source: source)
        #expect(texts["timer.body", ["minutes": 15]].value.contains("in 15 Minuten fertig"))
        #expect(texts["timer.body", ["minutes": 1]].value.contains("in 1 Minute fertig"))
        #expect(!texts["timer.body", ["minutes": 15]].value.contains("%"))
    }
}
