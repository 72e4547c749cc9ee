import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowTesting
import Testing

@Suite("Texts, overrides and locales")
struct TextTests {
    static let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)

    /// A lay variant of onboarding and support only, shipping `locales`,
    /// with `texts` (a JSON object) and a catalog of `catalog` entries.
    static func variant(
        locales: String = #"["de", "en"]"#, texts: String = "{}", catalog: String?,
        strings: String = #""strings": "v.xcstrings","#
    ) -> String {
        let manifest = """
            {"schema": 1, "app": {"id": "v", "name": "V"},
             "locales": \(locales),
             \(strings)
             "modules": [{"id": "onboarding", "module": "onboarding", "options": {"howItWorksPages": 1}}],
             "start": "onboarding",
             "routes": {"onboarding.completed": "end", "onboarding.declined": "end"},
             "texts": \(texts)}
            """
        var files = ["v.json": manifest]
        if let catalog {
            files["v.xcstrings"] = #"{"sourceLanguage": "en", "version": "1.0", "strings": {"# + catalog + "}}"
        }
        return TemporaryFiles.folder(files) + "/v.json"
    }

    /// A catalog entry with one German stringUnit.
    static func de(_ key: String, _ value: String, state: String = "translated") -> String {
        #""\#(key)": {"localizations": {"de": {"stringUnit": {"state": "\#(state)", "value": "\#(value)"}}}}"#
    }

    /// Every German text the small variant shows.
    static let complete = [
        de("onboarding/welcome.title", "Willkommen"),
        de("onboarding/welcome.lay.body", "Diese App führt Sie durch den Test."),
        de("onboarding/welcome.lay.start", "Los geht’s"),
        de("onboarding/howItWorks.title", "{title} ({page} von {pages})"),
        de("onboarding/howItWorks.1.title", "Was Sie brauchen"), de("onboarding/howItWorks.1.body", "Das Testset."),
        de("onboarding/howItWorks.next", "Weiter"), de("onboarding/back", "Zurück"),
        de("onboarding/privacy.title", "Datenschutz"),
        de("onboarding/privacy.body", "Ihr Ergebnis bleibt hier."), de("onboarding/privacy.agree", "Ich stimme zu"),
        de("onboarding/privacy.decline", "Ich stimme nicht zu"),
        // The app's name in English: the manifest's is the first locale's.
        #""app:name": {"localizations": {"en": {"stringUnit": {"state": "translated", "value": "V"}}}}"#,
    ]

    static func messages(_ path: String) -> [String] {
        do {
            let manifest = try loader.load(path: path)
            return manifest.warnings.map(\.description)
        } catch {
            return error.description.split(separator: "\n").map(String.init)
        }
    }

    static func lastPart(_ message: String) -> String {
        // The folder differs per run: keep the file's name on.
        guard let range = message.firstRange(of: "/v.") else { return message }
        return "v." + message[range.upperBound...]
    }

    @Test func aCountedTextTakesTheFormItsLanguageCountsAsOne() {
        let template = TextTemplate(other: "{n} Minuten", one: "{n} Minute", count: "n")
        #expect(template.filled(["n": "1"], locale: "de") == "1 Minute")
        #expect(template.filled(["n": "15"], locale: "de-AT") == "15 Minuten")
        #expect(template.filled(["n": "0"], locale: "de") == "0 Minuten")
        #expect(template.filled(["n": "0"], locale: "fr") == "0 Minute", "French counts 0 as one")
        #expect(TextTemplate.placeholders(in: "{a} and {b}, not {} or {c d}") == ["a", "b"])
        // One pass: a value holding a placeholder is shown as it is, and
        // an unknown placeholder stays as written.
        #expect(
            TextTemplate(other: "{a} and {b}, {c}").filled(["a": "{b}", "b": "x"], locale: "en") == "{b} and x, {c}")
    }

    /// Filling reads the template's bytes in place: on a thousand seeded
    /// templates (braces open, closed, nested and missing, letters beyond
    /// ASCII) it gives what a scan character by character gives.
    @Test func aFilledTextIsWhatACharacterScanMakesOfIt() {
        var random = SeededRandom(seed: 27)
        let pieces = ["{", "}", "a", "b", "ab", " ", "é", "ü", "🧪", "{a}", "{b}", "{ab}", "{é}", "{}", "x"]
        let names = ["a", "b", "ab", "é", "c"]
        for _ in 0..<1_000 {
            let form = (0..<random.next(below: 12)).map { _ in pieces[random.next(below: pieces.count)] }.joined()
            var arguments: [String: String] = [:]
            for name in names where random.next(below: 2) == 0 {
                arguments[name] = ["1", "{a}", "Ä", "", "two words"][random.next(below: 5)]
            }
            #expect(
                TextTemplate(other: form).filled(arguments, locale: "en") == Self.reference(form, arguments),
                "\(form) with \(arguments)")
        }
    }

    /// Each `{name}` with an argument replaced, scanning characters; a `{`
    /// without one is kept and the scan goes on after it.
    static func reference(_ form: String, _ arguments: [String: String]) -> String {
        if arguments.isEmpty { return form }
        let characters = Array(form)
        var text = ""
        var position = 0
        while position < characters.count {
            guard characters[position] == "{",
                let close = characters[(position + 1)...].firstIndex(of: "}"),
                let value = arguments[String(characters[(position + 1)..<close])]
            else {
                text.append(characters[position])
                position += 1
                continue
            }
            text += value
            position = close + 1
        }
        return text
    }

    @Test func textsWithoutArgumentsShowAsWrittenAndEachListKeepsItsOwnTexts() {
        // No arguments: nothing is filled, a placeholder stays as written,
        // and a counted text takes its `other` form.
        #expect(
            TextTemplate(other: "{n} Minuten", one: "{n} Minute", count: "n").filled([:], locale: "de") == "{n} Minuten"
        )
        #expect(TextTemplate(other: "Ready in {minutes}").filled([:], locale: "en") == "Ready in {minutes}")
        // Texts are made from a list once per list (its storage): lists
        // made again, or changed, are read anew, never from another's table.
        func list(_ title: String) -> [TextSpec] { [TextSpec("title", title), TextSpec("body", "Body of \(title)")] }
        var lists = (0..<300).map { list("Title \($0)") }
        for (number, specs) in lists.enumerated() {
            let texts = ModuleTexts(specs, source: TextSource())
            #expect(texts["title"].value == "Title \(number)")
            #expect(ModuleTexts(specs, source: TextSource())["body"].value == "Body of Title \(number)")
        }
        lists[7].append(TextSpec("extra", "Extra"))
        #expect(ModuleTexts(lists[7], source: TextSource())["extra"].value == "Extra")
        #expect(ModuleTexts(lists[8], source: TextSource())["extra"].value == "[extra]")
        // The first spec of a key wins, as before.
        #expect(ModuleTexts([TextSpec("a", "one"), TextSpec("a", "two")], source: TextSource())["a"].value == "one")
    }

    @Test func aTranslatedVariantShowsItsLanguageAndEnglishOnRequest() throws {
        let path = Self.variant(catalog: Self.complete.joined(separator: ", "))
        let manifest = try Self.loader.load(path: path)
        #expect(manifest.locales == ["de", "en"])
        let german = VariantGraph(manifest: manifest, registry: BundledModules.registry)
        #expect(german.locale == "de")
        #expect(german.findings().filter { $0.kind == .missingTranslation }.isEmpty)
        let labels = Set(german.graph.nodes.map(\.label))
        #expect(labels.contains("Was Sie brauchen (1 von 1)"), "a text filled into another is translated too")
        let english = VariantGraph(manifest: manifest, registry: BundledModules.registry, locale: "en")
        #expect(Set(english.graph.nodes.map(\.label)).contains("What you need (1 of 1)"))
        // The same walks, whatever the language.
        #expect(german.states.states.count == english.states.states.count)
    }

    @Test func oneGermanStringDeletedIsFoundWhereAPersonWouldSeeIt() throws {
        let path = Self.variant(
            catalog: Self.complete.filter { !$0.contains("privacy.decline") }.joined(separator: ", "))
        let manifest = try Self.loader.load(path: path)
        let missing = VariantGraph(manifest: manifest, registry: BundledModules.registry).findings().filter {
            $0.kind == .missingTranslation
        }
        #expect(missing.count == 1)
        #expect(missing.first?.subject == "onboarding/privacy.decline")
        #expect(
            missing.first.map { Self.lastPart($0.detail) }?.hasPrefix(
                "v.xcstrings: 'onboarding/privacy.decline' has no 'de' text, so it would show in English.") == true)
    }

    @Test func catalogProblemsNameTheCatalogLineAndFix() {
        let entries =
            Self.complete + [
                Self.de("onboarding/privacy.titel", "Datenschutz"),
                Self.de("procedure/timer.title", "Warten"),
                #""onboarding/howItWorks.1.body": {"localizations": {"de": {"stringUnit": {"state": "needs_review", "#
                    + #""value": "Das Testset."}}}}"#,
            ]
        let catalog =
            entries.filter {
                !$0.contains("\"onboarding/howItWorks.title\"")
                    && !$0.contains(
                        """
                        \"onboarding/howItWorks.1.body\": {\"localizations\": {\"de\": {\"stringUnit\": \
                        {\"state\": \"translated\"
                        """
                    )
            }
            + [Self.de("onboarding/howItWorks.title", "{title} ({seite} von {pages})")]
        let messages = Self.messages(Self.variant(catalog: catalog.joined(separator: ",\n"))).map(Self.lastPart)
        #expect(
            messages.contains {
                $0.hasPrefix("v.xcstrings:")
                    && $0.contains(
                        """
                        error: strings[\"onboarding/howItWorks.title\"].localizations.de: the de text drops {page} \
                        and invents {seite}
                        """
                    )
            })
        #expect(
            messages.contains {
                $0.contains(
                    """
                    warning: strings[\"onboarding/privacy.titel\"]: module 'onboarding' has no text \
                    'privacy.titel'. Did you mean 'privacy.title'?
                    """
                )
            })
        #expect(
            messages.contains {
                $0.contains(
                    "warning: strings[\"procedure/timer.title\"]: no instance of this variant is of module 'procedure'")
            })
        #expect(
            messages.contains {
                $0.contains(
                    """
                    warning: strings[\"onboarding/howItWorks.1.body\"].localizations.de: the de text is in state \
                    'needs_review'
                    """
                )
            })
    }

    @Test func aBrokenOrMissingCatalogIsAnErrorAtItsPlace() {
        let broken = Self.messages(
            Self.variant(
                catalog:
                    #""onboarding/back": {"localizations": {"de": {"stringUnit": {"state": "done", "value": "#
                    + #""Zurück"}}}}"#
            )
        ).map(Self.lastPart)
        #expect(
            broken.contains {
                $0.hasPrefix("v.xcstrings:1:")
                    && $0.contains(
                        "error: strings[\"onboarding/back\"].localizations.de.stringUnit.state: unknown state 'done'.")
            })
        let missing = Self.messages(Self.variant(catalog: nil)).map(Self.lastPart)
        #expect(
            missing.contains {
                $0.hasPrefix("v.json:3:")
                    && $0.contains("error: strings: no String Catalog 'v.xcstrings' beside the manifest.")
            })
        let none = Self.messages(Self.variant(catalog: nil, strings: "")).map(Self.lastPart)
        #expect(
            none.contains {
                $0.contains("error: locales: the variant ships de but names no String Catalog to translate it.")
            })
    }

    @Test func reWordingOnlyTheEnglishOfAGermanVariantIsTheOverlayTrap() {
        let messages = Self.messages(
            Self.variant(
                texts: #"{"onboarding/welcome.title": "Hello there"}"#, catalog: Self.complete.joined(separator: ", "))
        ).map(Self.lastPart)
        #expect(
            messages.contains {
                $0.contains(
                    """
                    error: texts[\"onboarding/welcome.title\"]: 'onboarding/welcome.title' re-words the English \
                    only, but the variant ships de: de would still show the module's old text. To fix, give every \
                    locale: {\"de\": \"…\", \"en\": \"…\"}.
                    """
                )
            })
    }

    @Test func overridesNameAnInstanceAKeyAndEveryLocaleWithTheirPlaceholders() {
        let texts = #"""
            {"onbording/welcome.title": {"de": "Hallo", "en": "Hello"},
             "onboarding/welcome.titel": {"de": "Hallo", "en": "Hello"},
             "onboarding/howItWorks.title": {"de": "{title} ({page})", "en": "{title} ({page} of {pages})"},
             "onboarding/privacy.title": {"de": "Datenschutz", "fr": "Vie privée"}}
            """#
        let messages = Self.messages(Self.variant(texts: texts, catalog: Self.complete.joined(separator: ", "))).map(
            Self.lastPart)
        #expect(
            messages.contains {
                $0.contains(
                    """
                    error: texts[\"onbording/welcome.title\"]: unknown instance 'onbording'. Did you mean \
                    'onboarding'?
                    """
                )
            })
        #expect(
            messages.contains {
                $0.contains(
                    """
                    error: texts[\"onboarding/welcome.titel\"]: module 'onboarding' has no text 'welcome.titel'. \
                    Did you mean 'welcome.title'?
                    """
                )
            })
        #expect(
            messages.contains {
                $0.contains("error: texts[\"onboarding/howItWorks.title\"].de: the de text drops {pages}")
            })
        #expect(
            messages.contains {
                $0.contains("error: texts[\"onboarding/privacy.title\"].fr: the variant does not ship 'fr'.")
            })
        #expect(
            messages.contains {
                $0.contains("error: texts[\"onboarding/privacy.title\"]: 'onboarding/privacy.title' has no en text")
            })
    }

    @Test func localesAreKnownLanguagesEachOnce() {
        let messages = Self.messages(
            Self.variant(locales: #"["de", "de", "xx"]"#, catalog: Self.complete.joined(separator: ", "))
        ).map(Self.lastPart)
        #expect(messages.contains { $0.contains("error: locales[1]: 'de' is listed twice.") })
        #expect(messages.contains { $0.contains("error: locales[2]: Stepflow has no plural rule for 'xx' yet") })
        #expect(
            Self.messages(Self.variant(locales: "[]", catalog: nil)).contains {
                $0.contains("error: locales: the variant ships no locale.")
            })
    }
}
