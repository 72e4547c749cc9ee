// The outside inputs a device cannot give by itself, and the flows a
// team fills in for them.
extension MaestroExporter {
    /// An outside input a device cannot give by itself: an answer from a
    /// source, or a stepper's emission, that a placeholder flow stands for.
    package struct OutsideInput: Hashable, Sendable, Comparable {
        /// The question's or outside source's id, or the stepper's type.
        package let source: String
        /// The answer's name, or the step's id.
        package let answer: String
        /// `answers/<source>/<answer>.yaml`: the flow that gives it.
        package var placeholderPath: String {
            "answers/\(FlowWriter.fileSafe(source))/\(FlowWriter.fileSafe(answer)).yaml"
        }

        /// In the order of their paths.
        package static func < (left: Self, right: Self) -> Bool { left.placeholderPath < right.placeholderPath }
    }

    /// A flow of the team's that gives one outside answer on a device:
    /// written once, as a failing placeholder, for the team to fill in.
    package struct Placeholder: Sendable {
        /// `answers/<source>/<answer>.yaml`.
        package let path: String
        /// The YAML: a flow that fails, saying what to fill in.
        package let text: String
    }
}
