import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A reading form whose classes can be declared wrong in the two ways a
/// class's claim breaks: a refusing class that overlaps a bound, and a
/// flow that reads the value where its class says otherwise.
enum EdgeForm {
    enum Mistake: String { case none, overlap, rawValue, codeLength }
    enum FormStep: Step { case ask, read(String), sent }
    enum FormExit: ModuleExit { case done }
    final class FormFlow: Flow {
        let name: String
        let mistake: Mistake
        init(name: String, mistake: Mistake) {
            self.name = name
            self.mistake = mistake
        }
        func navigate(to step: FormStep) -> Navigation<FormStep, FormExit> {
            let classes = [
                ValueClass(
                    "low", label: "below 4",
                    mistake == .overlap ? .range(from: nil, upTo: 4) : .range(from: nil, below: 4),
                    representative: "3", refusal: "Below what the device measures."),
                ValueClass("normal", label: "4 to below 5.7", .range(from: 4, below: 5.7), representative: "5.2"),
                ValueClass("high", label: "5.7 or more", .range(from: 5.7, upTo: 15), representative: "7.4"),
            ]
            // A code beside the reading: two or three capitals, or any text.
            let code = EntryField(
                "code", label: "Code", kind: .text,
                classes: [
                    ValueClass("code", label: "a code", .pattern("[A-Z]{2,3}"), representative: "ABC"),
                    ValueClass("other", label: "anything else", .pattern(".+"), representative: "hello"),
                ])
            let submitted = mistake == .codeLength ? ["reading", "code"] : ["reading"]
            switch step {
            case .ask:
                return .show(
                    Screen(
                        // The title tells the forms apart: equal screens
                        // share their action's step maker (StepMaker's ==).
                        id: "form", title: "Reading (\(mistake.rawValue))",
                        fields: [EntryField("reading", label: "Reading", kind: .number, classes: classes)]
                            + (mistake == .codeLength ? [code] : []),
                        actions: [
                            ScreenAction("Save", submitting: submitted) { [mistake] entered in
                                // The mistake: the flow decides by the number, at 6, not by the class.
                                if mistake == .rawValue, let value = Double(entered["reading"]) {
                                    return .read(value >= 6 ? "high" : "normal")
                                }
                                // The mistake: four capitals read as a code too.
                                if mistake == .codeLength {
                                    let text = entered["code"]
                                    let isCode = text.count == 4 && text.allSatisfy(\.isUppercase)
                                    if isCode || entered.valueClass(of: "code") == "code" { return .read("code") }
                                }
                                return .read(entered.valueClass(of: "reading") ?? "none")
                            }
                        ]), as: .replace)
            case .read(let result):
                return .show(
                    Screen(
                        id: result, title: "Read: \(result)", actions: [ScreenAction("Done", .sent)]))
            case .sent: return .end(.done)
            }
        }
    }
    enum FormModule: FeatureModule {
        static let id = "readingform"
        static let summary = "A reading, classed."
        static let options = [
            OptionSpec(
                "mistake", .choice(["none", "overlap", "rawValue", "codeLength"]), default: .text("none"),
                summary: "How the classes are declared wrong.")
        ]
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "read")] }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(
                FormFlow(name: instance, mistake: options.choice("mistake", as: Mistake.self)), entry: .ask)
        }
    }

    static let registry = ModuleRegistry([FormModule.self])

    static func manifest(_ mistake: Mistake) throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "reading", "name": "Reading"},
             "modules": [{"id": "form", "module": "readingform", "options": {"mistake": "\(mistake.rawValue)"}}],
             "start": "form", "routes": {"form.done": "end"}}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "reading.json")
    }

    static func findings(_ mistake: Mistake) throws -> [String] {
        let variant = VariantGraph(manifest: try manifest(mistake), registry: registry)
        return variant.findings().filter { $0.kind == .classMemberDiffers }.map(\.description)
    }
}

/// Each class is tried at its edges beside its representative: a member
/// that does otherwise is a finding, with its walk, which the live engine
/// confirms.
@Suite("Classes tried at their edges")
struct ClassEdgeTests {
    @Test func theEdgesAreTheBoundsInThePrecisionTheClassIsWrittenIn() {
        let normal = ValueClass("normal", label: "", .range(from: 4, below: 5.7), representative: "5.2")
        #expect(normal.edgeMembers(kind: .number).map(\.value) == ["4.0", "5.6"])
        let diabetes = ValueClass("diabetes", label: "", .range(from: 6.5, upTo: 15), representative: "7.4")
        #expect(diabetes.edgeMembers(kind: .number).map(\.value) == ["6.5", "15.0"])
        let count = ValueClass("some", label: "", .range(from: 1, below: 10), representative: "3")
        #expect(count.edgeMembers(kind: .number).map(\.value) == ["1", "9"])
        let open = ValueClass("any", label: "", .range(from: nil, upTo: nil), representative: "3")
        #expect(open.edgeMembers(kind: .number).isEmpty)
        let listed = ValueClass("yes", label: "", .values(["yes", "y", "true"]), representative: "yes")
        #expect(listed.edgeMembers(kind: .choice).map(\.value) == ["y", "true"])
        // Just past the edges: not members, tried as the next class's.
        #expect(normal.edgeNeighbours(kind: .number).map(\.value) == ["3.9", "5.7"])
        #expect(diabetes.edgeNeighbours(kind: .number).map(\.value) == ["6.4", "15.1"])
        #expect(normal.edgeNeighbours(kind: .number).last?.edge == "normal's upper bound, which it excludes")
    }

    @Test("A pattern's edges are its shortest and longest members; one character off on each side is not in it")
    func patternEdges() {
        func edges(_ pattern: String, _ kind: EntryField.Kind = .text) -> [String] {
            ValueClass("c", label: "", .pattern(pattern), representative: "").edgeMembers(kind: kind).map(\.value)
        }
        func past(_ pattern: String) -> [String] {
            ValueClass("c", label: "", .pattern(pattern), representative: "").edgeNeighbours(kind: .text).map(\.value)
        }
        #expect(edges(#"P-\d{4}"#) == ["P-7777"], "shortest and longest are one")
        #expect(edges(#"[A-Z]{2} ?\d\d ?\d\d ?\d\d ?[A-D]"#) == ["XX777777A", "XX 77 77 77 A"])
        #expect(edges("yes|no") == ["no", "yes"])
        #expect(edges(".+") == ["x"], "no longest member")
        #expect(edges("[^0-9]{1,3}") == ["x", "xxx"])
        #expect(past("[A-Z]{2,3}") == ["X", "XXXX"])
        #expect(past(".*") == [], "nothing shorter than empty, nothing longer than unbounded")
        // A member must be a value of the field's kind: 1977-77-77 is no date.
        #expect(edges(#"(19\d\d|200[0-7])-\d\d-\d\d"#, .date) == [])
    }

    @Test("A value one character past a pattern's longest member is tried as the class that takes it")
    func aValueJustPastAPatternIsTriedAsItsNeighboursMember() throws {
        let findings = try EdgeForm.findings(.codeLength)
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(
            finding.contains(
                "XXXX, one character longer than code's longest member, so a member of other (matches .+)"),
            "\(finding)")
        #expect(finding.contains(#"with XXXX, will navigate form.read("code")"#), "\(finding)")
        let session = VariantSession(manifest: try EdgeForm.manifest(.codeLength), registry: EdgeForm.registry)
        try session.give(.enter(field: "reading", value: "5.2"))
        try session.give(.enter(field: "code", value: "XXXX"))
        try session.give(.choose(.label("Save")))
        #expect(session.trace.last == #"form.read("code")"#)
    }

    @Test func aWellDeclaredFormHasNoFinding() throws {
        #expect(try EdgeForm.findings(.none) == [])
        // 4.0 and 5.6 of normal, 5.7 and 15.0 of high; 3.9 (refused) and
        // 15.1 (in no class) just past them are not tried.
        let variant = VariantGraph(manifest: try EdgeForm.manifest(.none), registry: EdgeForm.registry)
        #expect(variant.states.classEdgesTried == 4)
    }

    @Test func aRefusingClassThatTakesTheLowerBoundOfTheNextIsFoundAndTheLiveEngineRefusesIt() throws {
        let findings = try EdgeForm.findings(.overlap)
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding.hasPrefix("error: class member differs: form/form reading: 4.0, the lower bound of normal"))
        #expect(finding.contains("with 5.2, will navigate form.read(\"normal\")"), "\(finding)")
        #expect(finding.contains("'4.0': Below what the device measures"), "\(finding)")
        #expect(finding.hasSuffix(#"The walk: enter reading 4.0 (normal); choose "Save""#), "\(finding)")
        // The live engine does what the finding says.
        let session = VariantSession(manifest: try EdgeForm.manifest(.overlap), registry: EdgeForm.registry)
        #expect(throws: SessionRefusal.self) { try session.give(.enter(field: "reading", value: "4.0")) }
        let taken = VariantSession(manifest: try EdgeForm.manifest(.overlap), registry: EdgeForm.registry)
        try taken.give(.enter(field: "reading", value: "5.2"))
        try taken.give(.choose(.label("Save")))
        #expect(taken.trace.last == #"form.read("normal")"#)
    }

    @Test func aFlowThatDecidesByTheNumberNotTheClassIsFoundAtTheLowerBoundOfHigh() throws {
        let findings = try EdgeForm.findings(.rawValue)
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding.contains("5.7, the lower bound of high (from 5.7 up to 15)"), "\(finding)")
        #expect(finding.contains(#"with 7.4, will navigate form.read("high")"#), "\(finding)")
        #expect(finding.contains(#"with 5.7, will navigate form.read("normal")"#), "\(finding)")
        let session = VariantSession(manifest: try EdgeForm.manifest(.rawValue), registry: EdgeForm.registry)
        try session.give(.enter(field: "reading", value: "5.7"))
        try session.give(.choose(.label("Save")))
        #expect(session.trace.last == #"form.read("normal")"#)
    }
}
