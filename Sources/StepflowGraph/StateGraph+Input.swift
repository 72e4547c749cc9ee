public import Stepflow

extension StateGraph {
    /// What a person or the app did in a state.
    public struct Input: Hashable, Sendable, CustomStringConvertible {
        /// The kinds of input.
        ///
        /// This enum grows: later versions add cases. End a `switch` over it
        /// with `@unknown default:`, so a new case is a warning to handle, not
        /// a build that breaks.
        public enum Kind: Hashable, Sendable {
            /// Choose action `index` of the screen on top.
            case choose(index: Int, label: String, role: ActionRole)
            /// Enter `entries` in the fields of the screen on top (one
            /// value per field, each its class's representative) and
            /// choose action `index`, which submits them.
            case submit(index: Int, label: String, role: ActionRole, entries: [FieldEntry])
            /// A live stepper emitted one of the steps it declared.
            case emit(stepper: String, step: String, isTimer: Bool)
            /// The outside world answered: an open question (`isQuestion`)
            /// or a stepper that speaks for a service. `source` and
            /// `answer` are what a script types (`answer camera-permission
            /// denied`), the labels what people read.
            case answer(source: String, sourceLabel: String, answer: String, label: String, isQuestion: Bool)
            /// The outside world opened the link at `address` (a
            /// notification, a universal link), routed by the manifest.
            case link(address: String)
            /// A person selected the section `section` (labelled `label`)
            /// of a flow called `flow` that shows sections side by side.
            case select(section: String, label: String, flow: String)
            /// The app, ended with entries its device keeps (a result
            /// waiting for the lab), was opened again.
            case relaunch

            /// A hash of the strings that tell kinds apart, as the label
            /// interner hashes strings (a `Hasher` over every string of a
            /// kind, for each transition, was a percent of exploring).
            var quickHash: UInt64 {
                switch self {
                case .choose(let index, let label, _):
                    StringInterner.hash(label) &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
                case .submit(let index, let label, _, let entries):
                    entries.reduce(
                        StringInterner.hash(label) &+ UInt64(truncatingIfNeeded: index) &* 0x9E37_79B9_7F4A_7C15
                    ) { hash, entry in
                        (hash &* 0xBF58_476D_1CE4_E5B9) ^ StringInterner.hash(entry.field)
                            ^ StringInterner.hash(entry.value) &* 0x94D0_49BB_1331_11EB
                    }
                case .emit(let stepper, let step, _):
                    StringInterner.hash(stepper) &* 0xBF58_476D_1CE4_E5B9 ^ StringInterner.hash(step)
                case .answer(let source, _, let answer, _, _):
                    StringInterner.hash(source) &* 0x94D0_49BB_1331_11EB ^ StringInterner.hash(answer)
                case .link(let address):
                    StringInterner.hash(address) &* 0xD6E8_FEB8_6659_FD93
                case .select(let section, _, let flow):
                    StringInterner.hash(section) &* 0xC2B2_AE3D_27D4_EB4F ^ StringInterner.hash(flow)
                case .relaunch:
                    0x1656_67B1_9E37_79F9
                }
            }
        }

        /// The screen on top when it was given (`instance/screen`).
        package let screen: String?
        /// What it was.
        public let kind: Kind

        /// The input's lines as `trace` and `paths` print them, each of
        /// which ``Input/init(line:)`` reads back: one line, or for an
        /// action that submits fields, an `enter` line per value (its class
        /// as the note) and then the choice.
        package var lines: [String] {
            guard case .submit(_, let label, let role, let entries) = kind else { return [description] }
            return entries.map {
                StepflowGraph.Input.enter(field: $0.field, value: $0.value).scriptLine + " (\($0.valueClass))"
            } + [role == .back ? "back (\"\(label)\")" : given.scriptLine]
        }

        /// The values entered before the input, in the fields the chosen
        /// action submits (empty for any other input).
        package var entries: [FieldEntry] {
            if case .submit(_, _, _, let entries) = kind { return entries }
            return []
        }

        /// The inputs as a script, a walk or a test gives them: an
        /// `enter` line per value, then ``given``.
        package var givenInputs: [StepflowGraph.Input] {
            entries.map { .enter(field: $0.field, value: $0.value) } + [given]
        }

        /// The input as a script, a walk or a test gives it: an action by
        /// its label (a way back as `back`), a timer as `wait`. The values
        /// entered before it are ``givenInputs``.
        package var given: StepflowGraph.Input {
            switch kind {
            case .choose(_, let label, let role), .submit(_, let label, let role, _):
                role == .back ? .back : .choose(.label(label))
            case .emit(let stepper, let step, let isTimer): isTimer ? .wait : .emit(stepper: stepper, step: step)
            case .answer(let source, _, let answer, _, _): .answer(source: source, answer: answer)
            case .link(let address): .link(address)
            case .select(let section, _, _): .select(section)
            case .relaunch: .relaunch
            }
        }

        /// What a person types in `rootapp walk` to give it (``Input/typed``);
        /// `nil` for an emission that comes by itself.
        package var typed: String? {
            if case .emit(_, _, isTimer: false) = kind { return nil }
            return given.typed
        }

        /// The input's script line and what it was, as `trace` and `paths`
        /// print it: `choose "Next"`, `back ("Back")`, `wait (TimerStepper:
        /// timerDone)`, `answer camera-permission denied (camera permission
        /// denied)`, `emit SendWhenConnected sentLater`. ``Input/init(line:)``
        /// reads it back.
        public var description: String {
            switch kind {
            case .choose(_, let label, let role): role == .back ? "back (\"\(label)\")" : given.scriptLine
            case .submit: lines.joined(separator: "; ")
            case .emit(let stepper, let step, let isTimer):
                isTimer ? "\(given.scriptLine) (\(stepper): \(step))" : given.scriptLine
            case .answer(_, let sourceLabel, let answer, let label, _):
                "\(given.scriptLine) (\(label == answer ? "\(sourceLabel): \(label)" : label))"
            case .link, .relaunch: given.scriptLine
            case .select(_, let label, _): "\(given.scriptLine) (\"\(label)\")"
            }
        }
    }
}
