/// One attached stepper: its immutable attachment and what it has spent.
package struct AttachmentRecord {
    /// The attachment: the stepper's declarations and binding.
    package let unit: any StepperAttachmentProtocol
    /// For each of its emissions with a limit: whether it has been spent.
    /// Empty when no emission has a limit.
    package internal(set) var spent: [Bool]
}

extension AttachmentRecord {
    /// Whether the stepper declared emissions and has spent every one (a
    /// timer that fired): it can emit nothing more.
    package var isSpent: Bool {
        !unit.declaresNoEmission && unit.emissionInputs(spent: spent, names: nil).isEmpty
    }
}
