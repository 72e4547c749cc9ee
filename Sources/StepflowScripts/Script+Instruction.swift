import Stepflow
package import StepflowGraph
import StepflowManifest

// A script's instructions: the inputs it gives and what it expects.
extension Script {
    /// One instruction: an input to give, or what must be showing.
    ///
    /// This enum grows: later versions add cases. End a `switch` over it
    /// with `@unknown default:`, so a new case is a warning to handle, not
    /// a build that breaks.
    package enum Instruction: Hashable, Sendable {
        /// Give `input` (``Input``: choose, back, wait, answer, emit).
        case input(Input)
        /// This screen (`instance/screen`) must be on top.
        case expectScreen(String)
        /// The app must have ended; through `instance.exit` if given.
        case expectEnd(String?)
        /// The UI must show these layers: the root stack, then each modal
        /// layer above it, each a list of screens (`instance/screen`),
        /// bottom first, as ``VariantSession/presentation`` says.
        case expectLayers([[String]])
        /// The variant's record must hold entry `key` as `expected` says:
        /// `expect entry reading 6.1`, `expect entry patient none`,
        /// `expect entry kept count 1`.
        case expectEntry(String, EntryExpectation)
        /// The input on the line before must be refused: a value entered
        /// in `field` (in the class `valueClass`, when given) refused when
        /// the action submits it (`expect refused reading tooHigh`). The
        /// screen stays, and the script goes on from it.
        case expectRefused(field: String, valueClass: String?)

        /// What a script expects of a record entry.
        public enum EntryExpectation: Hashable, Sendable, CustomStringConvertible {
            /// It holds this value (its text, as typed).
            case value(String)
            /// It holds nothing.
            case none
            /// It is a list of this many items.
            case count(Int)

            /// `6.1`, `none`, `count 1`, as a script writes it.
            package var description: String {
                switch self {
                case .value(let text): Escaping.scriptValue(text)
                case .none: "none"
                case .count(let count): "count \(count)"
                }
            }
        }

        /// The input it gives, if it gives one.
        package var input: Input? {
            if case .input(let input) = self { return input }
            return nil
        }

        /// The line a script holds for it: the input's ``Input/scriptLine``,
        /// `expect screen <id>`, `expect end [<exit>]` or `expect layers
        /// <id> <id> | <id>` (a `|` between layers).
        package var line: String {
            switch self {
            case .input(let input): input.scriptLine
            case .expectScreen(let id): "expect screen \(id)"
            case .expectEnd(let exit): "expect end" + (exit.map { " \($0)" } ?? "")
            case .expectLayers(let layers): "expect layers " + Self.layersText(layers)
            case .expectEntry(let key, let expected): "expect entry \(key) \(expected)"
            case .expectRefused(let field, let valueClass):
                "expect refused \(field)" + (valueClass.map { " \($0)" } ?? "")
            }
        }

        /// For `expect refused`: `nil` when `refused` (how the input
        /// before it ended on `screen`; `nil`: taken) is the refusal it
        /// expects, else what to report (the input's own refusal when it
        /// was refused for another reason than a value).
        package func judge(_ refused: SessionRefusal?, on screen: String) -> SessionRefusal? {
            guard case .expectRefused(let field, let valueClass) = self else { return refused }
            guard let refused else {
                return .notRefused(field: field, valueClass: valueClass, screen: screen, refused: nil)
            }
            guard case .entryRefused(_, let refusal) = refused else { return refused }
            var matches = refusal.field == field
            if let valueClass {
                if case .refusedClass(_, let found) = refusal.reason {
                    matches = matches && found.name == valueClass
                } else {
                    matches = false
                }
            }
            return matches ? nil : .notRefused(field: field, valueClass: valueClass, screen: screen, refused: refusal)
        }

        /// Layers as a script writes them: screens by spaces, `|` between
        /// layers (`onboarding/welcome onboarding/privacy | support/help`).
        package static func layersText(_ layers: [[String]]) -> String {
            layers.map { $0.joined(separator: " ") }.joined(separator: " | ")
        }
    }
}
