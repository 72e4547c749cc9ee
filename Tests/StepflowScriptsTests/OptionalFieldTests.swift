import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A form with a required name and an optional note: what a script and a
/// walk give when the note is left empty.
enum Note {
    enum FormStep: Step { case ask, sent(name: String, note: String), again }
    enum FormExit: ModuleExit { case done }
    final class FormFlow: Flow {
        let name: String
        init(name: String) { self.name = name }
        func navigate(to step: FormStep) -> Navigation<FormStep, FormExit> {
            let any = [ValueClass("any", label: "any text", .pattern(".+"), representative: "x")]
            switch step {
            case .ask:
                return .show(
                    Screen(
                        id: "form", title: "Your details",
                        fields: [
                            EntryField("name", label: "Name", kind: .text, classes: any),
                            EntryField("note", label: "Note", kind: .text, required: false, classes: any),
                        ],
                        actions: [
                            ScreenAction("Send", submitting: ["name", "note"]) { entered in
                                .sent(name: entered["name"], note: entered["note"])
                            }
                        ]), as: .replace)
            case .sent:
                return .show(
                    Screen(id: "sent", title: "Sent", actions: [ScreenAction("Change", .again, role: .back)]))
            case .again: return .pop
            }
        }
    }
    enum FormModule: FeatureModule {
        static let id = "noteform"
        static let summary = "A name and an optional note."
        static let options: [OptionSpec] = []
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "sent")] }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(FormFlow(name: instance), entry: .ask)
        }
    }

    static let registry = ModuleRegistry([FormModule.self])

    static func session() throws -> VariantSession {
        let text = """
            {"schema": 1, "app": {"id": "note", "name": "Note"},
             "modules": [{"id": "form", "module": "noteform"}], "start": "form", "routes": {"form.done": "end"}}
            """
        let manifest = try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "note.json")
        return VariantSession(manifest: manifest, registry: registry)
    }
}

@Suite("Fields as a person types them")
struct OptionalFieldTests {
    @Test("An optional field is left empty by `enter <field> \"\"`, in a script as in a walk's empty line")
    func optionalLeftEmpty() throws {
        let session = try Note.session()
        for line in [#"enter name "Ada""#, #"enter note "some words""#, #"enter note """#, "choose Send"] {
            try session.give(try Input(line: line))
        }
        #expect(session.trace.last == #"form.sent(name: "Ada", note: "")"#)
        // A required field is not left empty that way.
        let other = try Note.session()
        #expect(throws: SessionRefusal.self) { try other.give(try Input(line: #"enter name """#)) }
    }

    @Test("A field keeps its value until the person changes it: after a submit, back on its screen")
    func keepsItsValue() throws {
        let session = try Note.session()
        try session.give(.enter(field: "name", value: "Ada"))
        try session.give(.choose(.label("Send")))
        #expect(session.entered.isEmpty, "another screen is on top")
        try session.give(.back)
        #expect(session.top?.qualifiedID == "form/form")
        #expect(session.entered == ["name": "Ada"])
        // Sent again as it stands, then changed.
        try session.give(.choose(.label("Send")))
        #expect(session.trace.last == #"form.sent(name: "Ada", note: "")"#)
        try session.give(.back)
        try session.give(.enter(field: "name", value: "Grace"))
        try session.give(.choose(.label("Send")))
        #expect(session.trace.last == #"form.sent(name: "Grace", note: "")"#)
    }

    @Test("A label typed with a keyboard's apostrophe or quotes names the typographic one")
    func typographicQuotes() {
        #expect(Input.Action.names("Los geht's", "Los geht’s"))
        #expect(Input.Action.names("LOS GEHT'S", "Los geht’s"))
        #expect(Input.Action.names(#""OK""#, "„OK“"))
        #expect(!Input.Action.names("Los gehts", "Los geht’s"))
    }
}

@Suite("The tools' own words")
struct ToolWordsTests {
    /// Every word the tools say in English they say in German too: a key
    /// only English has would put English in a German walk.
    @Test func everyLocaleTheToolsSpeakHasEveryWord() {
        let english = Set(ToolWords(locale: "en").all.keys)
        for locale in ToolWords.locales where locale != "en" {
            let own = Set(ToolWords.table[locale]?.keys.map { $0 } ?? [])
            #expect(english.subtracting(own).sorted() == [], "\(locale) lacks these")
            #expect(own.subtracting(english).sorted() == [], "\(locale) has words English has not")
        }
        #expect(ToolWords(locale: "de")["walk.steps.one", ["count": "1"]] == "1 Schritt")
        #expect(ToolWords(locale: "de").counted("walk.inputs", 2) == "2 Eingaben")
    }
}
