/// A promise a feature module breaks: found by ``ModuleContract`` in a
/// module's tests, and by the manifest loader for every instance a
/// manifest names.
package struct ContractViolation: Hashable, Sendable, CustomStringConvertible {
    /// What kind of promise is broken. A struct of static members, not an
    /// enum: new kinds can be added without breaking a client's `switch`.
    package struct Kind: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name (`undeclaredExit`).
        package let name: String
        /// Whether a variant using the module cannot be trusted with it:
        /// the manifest loader refuses it.
        package let isError: Bool

        /// A declared exit no path reaches (a warning: its route is never used).
        package static let unreachedExit = Kind(name: "unreachedExit", isError: false)
        /// An exit the flow can end with that the module does not declare:
        /// no manifest can route it, and a live walk would drop it.
        package static let undeclaredExit = Kind(name: "undeclaredExit", isError: true)
        /// An exit hands on other fields than it declares.
        package static let handoffMismatch = Kind(name: "handoffMismatch", isError: true)
        /// An exit hands on a value its field does not accept.
        package static let handoffValue = Kind(name: "handoffValue", isError: true)
        /// A reachable step the flow does not handle.
        package static let unhandledStep = Kind(name: "unhandledStep", isError: true)
        /// A screen with no action and no stepper: nobody can leave it.
        package static let screenWithoutAction = Kind(name: "screenWithoutAction", isError: true)
        /// More steps are reachable than exploration allows.
        package static let unbounded = Kind(name: "unbounded", isError: false)
        /// A declared link the module's launch maps to no step: every
        /// address routed to it would be refused.
        package static let unmappedLink = Kind(name: "unmappedLink", isError: true)
        /// A text shown with a key the module does not declare: it shows as `[key]`.
        package static let undeclaredText = Kind(name: "undeclaredText", isError: true)
        /// A text shown without a key by a module that declares its texts.
        package static let literalText = Kind(name: "literalText", isError: false)
        /// A text key declared twice.
        package static let duplicateTextKey = Kind(name: "duplicateTextKey", isError: true)
        /// A kit's text, option or exit the module that uses it does not
        /// declare as the kit does.
        package static let kitNotDeclared = Kind(name: "kitNotDeclared", isError: true)
        /// A screen's fields are declared wrongly: a bad rule, a
        /// representative outside its class, an action that submits a
        /// field the screen does not have.
        package static let fieldDeclaration = Kind(name: "fieldDeclaration", isError: true)
        /// The module writes or reads an entry of the variant's record it
        /// does not declare (``FeatureModule/record(for:)``), or adds to a
        /// full list: the engine would refuse it, and what the person gave
        /// would not be kept.
        package static let undeclaredRecord = Kind(name: "undeclaredRecord", isError: true)
        /// A record entry declared written that no walk writes (a warning:
        /// a manifest may route on it in vain).
        package static let unwrittenRecord = Kind(name: "unwrittenRecord", isError: false)
        /// A record entry declared wrongly: twice, or with classes whose
        /// representatives they do not take.
        package static let recordDeclaration = Kind(name: "recordDeclaration", isError: true)

        /// The name.
        package var description: String { name }
    }

    /// The kind of promise broken.
    package let kind: Kind
    /// The module's id.
    package let module: String
    /// What was checked: the module and its options (`procedure with sample: "nasal", …`).
    package let context: String
    /// What the violation is about: an exit's name, a step id, a screen id, a text key.
    package let subject: String
    /// What is wrong (`exit 'x' is reached but not declared.`).
    package let problem: String
    /// How the module's author fixes it (`add it to exits(for:).`), when
    /// there is a fix to say.
    package let fix: String?

    /// What is wrong and how to fix it, as one sentence pair.
    package var message: String { fix.map { "\(problem) To fix, \($0)" } ?? problem }

    /// A violation: what is wrong, and how to fix it.
    package init(_ kind: Kind, module: String, context: String, subject: String, problem: String, fix: String?) {
        self.kind = kind
        self.module = module
        self.context = context
        self.subject = subject
        self.problem = problem
        self.fix = fix
    }

    /// A violation whose message says both what is wrong and the fix.
    package init(_ kind: Kind, module: String, context: String, subject: String, message: String) {
        self.init(kind, module: module, context: context, subject: subject, problem: message, fix: nil)
    }

    /// `procedure with …: exit 'x' is reached but not declared. To fix, …`
    package var description: String { "\(context): \(message)" }
}

/// A clock on which nothing ever fires: checking a contract runs no timer,
/// it reads what timers declare.
public struct IdleClock: StepClock {
    /// A clock that never fires.
    public init() {}

    private struct Nothing: ScheduledAction { func cancel() {} }

    /// Never runs `action`.
    public func schedule(after delay: Duration, _ action: @escaping @Sendable () -> Void) -> any ScheduledAction {
        Nothing()
    }
}
