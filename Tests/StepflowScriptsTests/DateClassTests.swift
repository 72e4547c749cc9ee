import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// A claim form whose date of birth is classed relative to the day it is
/// judged on: 18 or over is taken; under 18 and a day still to come are
/// refused. With `byYear`, the flow judges age by the year of birth alone,
/// the mistake a class edge finds on the last day of `adult`.
enum AgeForm {
    enum FormStep: Step { case ask, read(String), sent }
    enum FormExit: ModuleExit { case done }
    static let classes = [
        ValueClass("adult", label: "18 or over", .dates(through: .yearsAgo(18)), representative: .yearsAgo(30)),
        ValueClass(
            "minor", label: "under 18", .dates(after: .yearsAgo(18), through: .today), representative: .yearsAgo(10),
            refusal: "You must be 18 or over."),
        ValueClass(
            "inFuture", label: "a day still to come", .dates(after: .today), representative: .daysAhead(1),
            refusal: "A date of birth cannot be in the future."),
    ]
    final class FormFlow: Flow {
        let name: String
        let byYear: Bool
        let today: CalendarDate
        init(name: String, byYear: Bool, today: CalendarDate) {
            self.name = name
            self.byYear = byYear
            self.today = today
        }
        func navigate(to step: FormStep) -> Navigation<FormStep, FormExit> {
            switch step {
            case .ask:
                return .show(
                    Screen(
                        id: "born", title: "Date of birth (\(byYear ? "by year" : "by class"))",
                        fields: [EntryField("born", label: "Date of birth", kind: .date, classes: AgeForm.classes)],
                        actions: [
                            ScreenAction("Continue", submitting: ["born"]) { [byYear, today] entered in
                                // The mistake: born in the year 18 years ago is not yet 18.
                                if byYear, let born = CalendarDate(entered["born"]) {
                                    return .read(born.year < today.year - 18 ? "adult" : "minor")
                                }
                                return .read(entered.valueClass(of: "born") ?? "none")
                            }
                        ]), as: .replace)
            case .read(let result):
                return .show(Screen(id: result, title: "Read: \(result)", actions: [ScreenAction("Done", .sent)]))
            case .sent: return .end(.done)
            }
        }
    }
    enum FormModule: FeatureModule {
        static let id = "ageform"
        static let summary = "A date of birth, classed by age."
        static let options = [
            OptionSpec("byYear", .boolean, default: .boolean(false), summary: "Whether the flow judges age by year.")
        ]
        static func exits(for options: ModuleOptions) -> [ExitSpec] { [ExitSpec("done", summary: "read")] }
        static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(
                FormFlow(
                    name: instance, byYear: options.boolean("byYear"),
                    today: environment.today ?? CalendarDate.today()),
                entry: .ask)
        }
    }

    static let registry = ModuleRegistry([FormModule.self])

    /// The variant, judged on `day` (`nil`: the day of the run).
    static func manifest(byYear: Bool = false, day: String? = "2026-11-29") throws -> Manifest {
        let text = """
            {"schema": 1, "app": {"id": "claim", "name": "Claim"},
            \(day.map { "\"referenceDate\": \"\($0)\"," } ?? "")
             "modules": [{"id": "form", "module": "ageform", "options": {"byYear": \(byYear)}}],
             "start": "form", "routes": {"form.done": "end"}}
            """
        return try ManifestLoader(registry: registry).decode(Array(text.utf8), file: "claim.json")
    }
}

@Suite("Date classes judged on a day")
struct DateClassTests {
    @Test func calendarDatesReadWriteAndMoveAsTheCalendarDoes() throws {
        #expect(CalendarDate("2026-11-29")?.description == "2026-11-29")
        #expect(CalendarDate("2027-02-29") == nil && CalendarDate("2026-1-29") == nil && CalendarDate("x") == nil)
        let leapDay = try #require(CalendarDate("2028-02-29"))
        // A year before a leap day is 28 February; 18 years after it too.
        #expect(leapDay.adding(years: -18).description == "2010-02-28")
        #expect(leapDay.adding(years: -4).description == "2024-02-29")
        #expect(leapDay.adding(days: 1).description == "2028-03-01")
        #expect(try #require(CalendarDate("2026-12-31")).adding(days: 1).description == "2027-01-01")
        #expect(try #require(CalendarDate("2026-01-31")).adding(months: 1).description == "2026-02-28")
        #expect(try #require(CalendarDate("2026-01-15")).adding(months: -13).description == "2024-12-15")
        // Day numbers round-trip over four centuries, leap rules included.
        var day = try #require(CalendarDate("1899-12-25"))
        for _ in 0..<(400 * 366) {
            let next = day.adding(days: 1)
            #expect(next > day)
            day = next
        }
        #expect(day.description == "2300-10-24", "as Python's datetime counts it")
    }

    @Test func aFieldJudgedOnADayClassesTheDaysAroundAnEighteenthBirthday() throws {
        let field = EntryField("born", label: "Born", kind: .date, classes: AgeForm.classes)
        let judged = field.judged(on: try #require(CalendarDate("2026-11-29")))
        func verdict(_ value: String) -> String {
            switch judged.classify(value) {
            case .accepted(let found): found.name
            case .refused(.refusedClass(_, let found)): "refused \(found.name)"
            case .refused(let reason): "refused: \(reason)"
            }
        }
        #expect(verdict("2008-11-29") == "adult")
        #expect(verdict("2008-11-30") == "refused minor")
        #expect(verdict("2026-11-29") == "refused minor")
        #expect(verdict("2026-11-30") == "refused inFuture")
        #expect(judged.classes.map(\.representative) == ["1996-11-29", "2016-11-29", "2026-11-30"])
        #expect(judged.classes[0].rule.description == "through 2008-11-29")
        #expect(field.classes[0].rule.description == "through 18 years before the day judged on")
        // A year on, the same day of birth is 18.
        let later = field.judged(on: try #require(CalendarDate("2027-11-29")))
        guard case .accepted(let found) = later.classify("2008-11-30") else { return #expect(Bool(false)) }
        #expect(found.name == "adult")
        // The edges: each class's first and last day, and the days past them.
        #expect(judged.classes[0].edgeMembers(kind: .date).map(\.value) == ["2008-11-29"])
        #expect(judged.classes[1].edgeMembers(kind: .date).map(\.value) == ["2008-11-30", "2026-11-29"])
        #expect(judged.classes[1].edgeNeighbours(kind: .date).map(\.value) == ["2008-11-29", "2026-11-30"])
    }

    @Test func theLiveEngineJudgesOnTheManifestsReferenceDate() throws {
        let session = VariantSession(manifest: try AgeForm.manifest(day: "2026-11-29"), registry: AgeForm.registry)
        let refusal = try #require(throws: SessionRefusal.self) {
            try session.give(.enter(field: "born", value: "2008-11-30"))
        }
        #expect("\(refusal)".contains("You must be 18 or over"), "\(refusal)")
        let dayLater = VariantSession(manifest: try AgeForm.manifest(day: "2026-11-30"), registry: AgeForm.registry)
        try dayLater.give(.enter(field: "born", value: "2008-11-30"))
        try dayLater.give(.choose(.label("Continue")))
        #expect(dayLater.trace.last == #"form.read("adult")"#)
    }

    @Test func validateNamesTheDayItJudgedOn() throws {
        let pinned = VariantGraph(manifest: try AgeForm.manifest(), registry: AgeForm.registry)
        #expect(pinned.datesJudgedOn == "2026-11-29 (the manifest's referenceDate)")
        #expect(pinned.findings().isEmpty, "\(pinned.findings())")
        // adult's last day, tried beside its representative; the day after
        // it is minor's, which the field refuses, so it is not tried.
        #expect(pinned.states.classEdgesTried == 1)
        let unpinned = VariantGraph(manifest: try AgeForm.manifest(day: nil), registry: AgeForm.registry)
        #expect(unpinned.datesJudgedOn == "\(CalendarDate.today()) (the day of the run)")
    }

    @Test func aFlowThatJudgesAgeByTheYearIsFoundOnTheLastDayOfAdult() throws {
        let variant = VariantGraph(manifest: try AgeForm.manifest(byYear: true), registry: AgeForm.registry)
        let findings = variant.findings().filter { $0.kind == .classMemberDiffers }.map(\.description)
        #expect(findings.count == 1, "\(findings)")
        let finding = try #require(findings.first)
        #expect(finding.contains("2008-11-29, the last day of adult"), "\(finding)")
        #expect(finding.contains(#"with 2008-11-29, will navigate form.read("minor")"#), "\(finding)")
        // The live engine, on the same day, does what the finding says.
        let session = VariantSession(manifest: try AgeForm.manifest(byYear: true), registry: AgeForm.registry)
        try session.give(.enter(field: "born", value: "2008-11-29"))
        try session.give(.choose(.label("Continue")))
        #expect(session.trace.last == #"form.read("minor")"#)
    }

    @Test func aReferenceDateThatIsNoDayIsAnErrorWithItsPlaceAndFix() {
        let error = #expect(throws: ManifestLoadError.self) { try AgeForm.manifest(day: "2026-02-30") }
        let said = error.map { "\($0)" } ?? ""
        #expect(said.contains("claim.json:2"), "\(said)")
        #expect(said.contains("referenceDate"), "\(said)")
        #expect(said.contains(#"written YYYY-MM-DD ("2026-11-29"), found "2026-02-30""#), "\(said)")
    }
}
