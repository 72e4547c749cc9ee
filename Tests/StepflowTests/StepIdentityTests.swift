import Stepflow
import Testing

@Suite("Step identities")
struct StepIdentityTests {
    enum Result: Step { case positive, negative }
    enum Sample: Step {
        case start
        case captured(Result)
        case patient(id: String, age: Int)
        case pages(Int)
        case optional(Result?)
        case custom
        var stepID: String {
            if case .custom = self { return "my-custom-id" }
            return StepIdentity.render(self)
        }
    }

    @Test(arguments: [
        (Sample.start, "start"),
        (.captured(.positive), "captured(positive)"),
        (.patient(id: "A-\"12\"", age: 40), #"patient(id: "A-\"12\"", age: 40)"#),
        (.pages(3), "pages(3)"),
        (.optional(nil), "optional(nil)"),
        (.optional(.negative), "optional(negative)"),
        (.custom, "my-custom-id"),
    ])
    func stepIDsRenderCasesWithoutTypeNames(step: Sample, expected: String) {
        #expect(step.stepID == expected)
    }

    @Test func distinctStepsHaveDistinctIdentities() {
        let steps: [Sample] = [
            .start, .captured(.positive), .captured(.negative), .patient(id: "a", age: 1), .patient(id: "a", age: 2),
        ]
        #expect(Set(steps.map(\.stepID)).count == steps.count)
    }

    enum Plain: Step { case start, page(Int), named(String) }

    @Test func theDefaultIdentityIsTheRendering() {
        let values = [Plain.start, .named("x")] + (0..<100).map(Plain.page)
        let expected = ["start", #"named("x")"#] + (0..<100).map { "page(\($0))" }
        #expect(values.map(\.stepID) == expected)
        #expect(values.map { StepIdentity.render($0) } == expected)
    }
}
