public import Stepflow

/// Synthetic variants of any size, for tests and benchmarks: a root flow
/// that runs `modules` child flows one after another, each a chain of
/// `stepsPerModule` screens with a next, a skip ahead, a back and a retry
/// loop, like a long questionnaire.
///
/// Each question replaces the last (a questionnaire shows one question at
/// a time, and its back goes to the previous question), so the variant has
/// about as many waiting states as steps: a chain of pushes with a skip
/// ahead would have a state for every subset of the questions passed.
///
/// ```swift
/// let (root, stepper) = SyntheticVariant.make(modules: 100, stepsPerModule: 1_000)
/// let graph = GraphExplorer.explore(root, with: stepper)   // ~100k steps
/// ```
public enum SyntheticVariant {
    /// A synthetic step: cheap to hash and to name.
    public enum Step: Stepflow.Step {
        /// The root starts module `n`.
        case enter(Int)
        /// Module step `n`.
        case step(Int)
        /// Back (no longer emitted: each question's back action names the
        /// question before it).
        case back
        /// The module ended.
        case done(Int)

        /// `enter(3)`, `s42`, `back`, `done(3)`: built without reflection.
        public var stepID: String {
            switch self {
            case .enter(let module): "enter(\(module))"
            case .step(let index): "s\(index)"
            case .back: "back"
            case .done(let module): "done(\(module))"
            }
        }
    }

    /// How a synthetic module ends.
    public enum Exit: Stepflow.Step {
        /// It reached its last step.
        case finished
    }

    /// The root: module after module, then the end.
    public final class Root: Flow {
        /// How many modules.
        public let modules: Int
        /// Steps in each module.
        public let stepsPerModule: Int
        /// A root of `modules` modules of `stepsPerModule` steps.
        public init(modules: Int, stepsPerModule: Int) {
            self.modules = modules
            self.stepsPerModule = stepsPerModule
        }
        /// `app`.
        public var name: String { "app" }
        /// Starts module after module.
        public func navigate(to step: Step) -> Navigation<Step, Exit> {
            switch step {
            case .enter(let module):
                return .start(
                    Module(index: module, steps: stepsPerModule), with: OneStepper(.step(0)),
                    onExit: { _ in .done(module) })
            case .done(let module):
                return module + 1 < modules ? .forward(.enter(module + 1)) : .end(.finished)
            case .step, .back:
                return .unhandled
            }
        }
    }

    /// One module: a chain of screens.
    public final class Module: Flow {
        /// Its position.
        public let index: Int
        /// Its length.
        public let steps: Int
        /// Module `index` of `steps` steps.
        public init(index: Int, steps: Int) {
            self.index = index
            self.steps = steps
        }
        /// `m<index>`.
        public var name: String { "m\(index)" }
        /// Screen after screen; the last ends the module.
        public func navigate(to step: Step) -> Navigation<Step, Exit> {
            switch step {
            case .step(let position) where position + 1 >= steps:
                return .end(.finished)
            case .step(let position):
                var actions = [ScreenAction("Next", Step.step(position + 1))]
                if position + 2 < steps { actions.append(ScreenAction("Skip", .step(position + 2))) }
                if position > 0 { actions.append(ScreenAction("Back", .step(position - 1), role: .back)) }
                if position % 10 == 9 { actions.append(ScreenAction("Retry", .step(position - 9))) }
                return .show(Screen(id: "q\(position)", title: "Question \(position)", actions: actions), as: .replace)
            case .back:
                return .unhandled
            case .enter, .done:
                return .unhandled
            }
        }
    }

    /// A root and its stepper for a variant of about `modules × stepsPerModule` steps.
    public static func make(modules: Int, stepsPerModule: Int) -> (root: Root, stepper: OneStepper<Step>) {
        (Root(modules: modules, stepsPerModule: stepsPerModule), OneStepper(.enter(0)))
    }

    /// A form of `screens` screens, one after another, each with `fields`
    /// text fields of `classes` classes (each class a pattern: a letter,
    /// then digits of its own length) and a Next that submits them; or,
    /// with `fields` 0, the same screens with a Next button alone. The
    /// values entered do not change where Next leads: fields multiply the
    /// transitions by their classes, never the states.
    public final class Form: Flow {
        /// Its screens.
        public let screens: Int
        /// Fields on each screen.
        public let fields: Int
        /// Classes of each field.
        public let classes: Int
        /// A form of `screens` screens of `fields` fields of `classes` classes.
        public init(screens: Int, fields: Int, classes: Int) {
            self.screens = screens
            self.fields = fields
            self.classes = classes
        }
        /// `form`.
        public var name: String { "form" }

        private func field(_ number: Int) -> EntryField {
            EntryField(
                "f\(number)", label: "Field \(number)", kind: .text,
                classes: (1...classes).map { length in
                    ValueClass(
                        "c\(length)", label: "\(length) digits", .pattern("[A-Z]\\d{\(length)}"),
                        representative: "A" + String(repeating: "1", count: length))
                })
        }

        /// Screen after screen; the last ends the form.
        public func navigate(to step: Step) -> Navigation<Step, Exit> {
            switch step {
            case .step(let position) where position >= screens:
                return .end(.finished)
            case .step(let position):
                let names = (0..<fields).map { "f\($0)" }
                let next =
                    fields == 0
                    ? ScreenAction("Next", Step.step(position + 1))
                    : ScreenAction("Next", submitting: names) { _ in Step.step(position + 1) }
                let back = position > 0 ? [ScreenAction("Back", Step.step(position - 1), role: .back)] : []
                return .show(
                    Screen(
                        id: "q\(position)", title: "Page \(position)", fields: (0..<fields).map(field),
                        actions: [next] + back), as: .replace)
            case .enter, .done, .back:
                return .unhandled
            }
        }
    }

    /// A form and its stepper (see ``Form``).
    public static func form(screens: Int, fields: Int, classes: Int) -> (root: Form, stepper: OneStepper<Step>) {
        (Form(screens: screens, fields: fields, classes: classes), OneStepper(.step(0)))
    }

    /// A home of `count` sections side by side (tabs), each a ring of
    /// `states` screens (Next goes round, Back goes one back): sections
    /// that never act on one another, so exploration composes them. Their
    /// product has `states` to the power `count` combinations.
    public final class Tabs: Flow {
        /// How many sections.
        public let count: Int
        /// Screens (states) in each section.
        public let states: Int
        /// `count` sections of `states` screens each.
        public init(count: Int, states: Int) {
            self.count = count
            self.states = states
        }
        /// `home`.
        public var name: String { "home" }
        /// Shows the sections, the first selected.
        public func navigate(to step: Step) -> Navigation<Step, Never> {
            guard case .enter = step else { return .unhandled }
            return .sections(
                (0..<count).map { index in
                    Section(
                        "tab\(index)", label: "Tab \(index)", flow: Ring(index: index, states: states),
                        with: OneStepper(.step(0)))
                }, selected: "tab0")
        }
    }

    /// One section of ``Tabs``: screen after screen, round.
    public final class Ring: Flow {
        /// Its position.
        public let index: Int
        /// Its screens.
        public let states: Int
        /// Section `index` of `states` screens.
        public init(index: Int, states: Int) {
            self.index = index
            self.states = states
        }
        /// `tab<index>`.
        public var name: String { "tab\(index)" }
        /// The screen at `position`; Next goes round.
        public func navigate(to step: Step) -> Navigation<Step, Never> {
            guard case .step(let position) = step else { return .unhandled }
            var actions = [ScreenAction("Next", Step.step((position + 1) % states))]
            if position > 0 { actions.append(ScreenAction("Back", .step(position - 1), role: .back)) }
            return .show(Screen(id: "q\(position)", title: "Screen \(position)", actions: actions), as: .replace)
        }
    }

    /// A home of sections and its stepper (see ``Tabs``).
    public static func tabs(count: Int, states: Int) -> (root: Tabs, stepper: OneStepper<Step>) {
        (Tabs(count: count, states: states), OneStepper(.enter(0)))
    }
}
