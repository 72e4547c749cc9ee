import Stepflow
import StepflowGraph

// Values the app refuses, entered by the suite: a refusing class's
// representative, submitted where the walk first submits its field, with
// the line that expects the refusal.
extension SuiteGenerator {
    /// One refusing class of a field an action submits, on a screen.
    struct RefusalCheck: Hashable {
        /// The screen (`instance/screen`).
        let screen: String
        /// The action's position on it.
        let action: Int
        /// The field.
        let field: String
        /// The refusing class.
        let valueClass: String
    }

    /// The refusing classes of the fields `input` submits on `top`, in the
    /// order of its entries and each field's classes.
    static func refusalChecks(
        for input: StateGraph.Input, on top: PresentedScreen
    ) -> [(check: RefusalCheck, valueClass: ValueClass)] {
        guard case .submit(let index, _, _, let entries) = input.kind else { return [] }
        return entries.flatMap { entry -> [(check: RefusalCheck, valueClass: ValueClass)] in
            guard let field = top.fields.first(where: { $0.name == entry.field }) else { return [] }
            return field.classes.filter { $0.refusal != nil }.map { valueClass in
                (
                    RefusalCheck(
                        screen: top.qualifiedID, action: index, field: field.name, valueClass: valueClass.name),
                    valueClass
                )
            }
        }
    }

    /// Enters each refusing class of the fields `input` submits on `top`
    /// that no script has entered yet (`entered`), on the live session,
    /// and returns the script's lines: the refused value typed into its
    /// field, and `expect refused <field> <class>` (the app refuses it as
    /// it is typed). The session stays on `top`, its fields as they were.
    func refusalLines(
        for input: StateGraph.Input, on top: PresentedScreen, session: VariantSession, script number: Int,
        entered: inout Set<RefusalCheck>
    ) throws(Refusal) -> [String] {
        var lines: [String] = []
        for (check, valueClass) in Self.refusalChecks(for: input, on: top) where !entered.contains(check) {
            entered.insert(check)
            let enter = Input.enter(field: check.field, value: valueClass.representative)
            let expected = Script.Instruction.expectRefused(field: check.field, valueClass: check.valueClass)
            var line = Script.Line(number: 0, instruction: .input(enter))
            line.refusal = (expected, 0)
            do throws(SessionRefusal) { try session.run(line) } catch {
                throw Refusal(
                    message:
                        """
                        the live engine did not refuse \(valueClass.representative), the representative of the \
                        refusing class \(check.valueClass) of \(check.field), on \(top.qualifiedID) in script \
                        \(number): \(error.description) To fix, give the class a representative its rule refuses \
                        and no earlier class takes (the module contract says which).
                        """)
            }
            lines += [enter.scriptLine, expected.line]
        }
        return lines
    }
}
