@testable import Stepflow
import Testing

/// A step with ever new values, to fill an explorer's tables.
private enum Numbered: Step {
    case number(Int)
}

@Suite("An explorer's remembered names")
struct StepNamesTests {
    /// What one exploration remembered is handed to the next only while
    /// it is small: tables grown past the bound are let go, so a process
    /// that explores many variants keeps a bounded amount.
    @Test func tablesGrownPastTheBoundAreLetGo() {
        let grown = StepNames()
        for number in 0...StepNames.keptCapacity { _ = grown.id(of: Numbered.number(number)) }
        #expect(grown.entryCount > StepNames.keptCapacity)
        StepNames.giveBack(grown)
        // Other tests' explorations take and give back too: none of the
        // tables anyone takes now is the one grown past the bound.
        let taken = (0..<4).map { _ in StepNames.take() }
        #expect(!taken.contains { $0 === grown })
        for names in taken { StepNames.giveBack(names) }
    }

    /// A remembered id is the one the step renders.
    @Test func rememberedIDsAreTheStepsOwn() {
        let names = StepNames.take()
        defer { StepNames.giveBack(names) }
        for number in [3, 1, 3, 2] {
            #expect(names.id(of: Numbered.number(number)) == Numbered.number(number).stepID)
        }
    }
}
