public import Stepflow

extension SyntheticVariant {
    /// A forms-heavy variant (issue 57), as a module: `pages` question
    /// pages of four fields each, every value kept in the variant's record;
    /// then a bounded repeat (items added one at a time, up to
    /// `repeatBound`); then a check-your-answers page whose Change opens any
    /// question page again and comes back to it.
    ///
    /// Each field has three classes, as a form's fields do: one taken, two
    /// refused with a reason (a number of four digits, fewer, more).
    /// The states grow with the pages and the repeat, as a real form's do:
    /// `pages` + (`repeatBound` + 1) x (`pages` + 1) + 2 x `repeatBound` +
    /// 2 (the end among them), each holding the record of what was
    /// answered.
    public enum FormsModule: FeatureModule {
        /// `forms`.
        public static let id = "forms"
        /// One line for a module list.
        public static let summary = "Question pages of four fields, a bounded repeat, and a summary with Change."
        /// The pages and the repeat's bound.
        public static let options = [
            OptionSpec("pages", .integer(1...2000), default: .integer(50), summary: "How many question pages."),
            OptionSpec(
                "repeatBound", .integer(0...1000), default: .integer(4), summary: "How many items the repeat takes."),
        ]

        /// `submitted`.
        public static func exits(for options: ModuleOptions) -> [ExitSpec] {
            [ExitSpec("submitted", summary: "the answers are sent")]
        }

        /// Each page's four answers.
        public static func record(for options: ModuleOptions) -> [RecordSpec] {
            (0..<options.integer("pages")).flatMap { page in
                (0..<4).map { field in
                    RecordSpec.writes(
                        FormsFlow.key(page, field), label: "Answer \(field + 1) of page \(page + 1)", kind: .number,
                        classes: FormsFlow.classes, summary: "a number of four digits")
                }
            }
        }

        /// The first page.
        public static func launch(
            instance: String, options: ModuleOptions, environment: ModuleEnvironment, handoff: Handoff
        ) -> ModuleLaunch {
            ModuleLaunch(
                FormsFlow(
                    name: instance, pages: options.integer("pages"), repeatBound: options.integer("repeatBound")),
                entry: .page(0, changing: false))
        }
    }

    /// How the form ends.
    public enum FormsExit: ModuleExit {
        /// The answers are sent.
        case submitted
    }

    /// A forms variant's steps.
    public enum FormsStep: Stepflow.Step {
        /// Question page `index`, opened from the summary when `changing`.
        case page(Int, changing: Bool)
        /// Page `index` answered.
        case answered(Int, changing: Bool)
        /// The repeat's list, `count` items added.
        case items(Int)
        /// The page of item `number` (from 1).
        case item(Int)
        /// The answers to check, `count` items added.
        case summary(Int)
        /// Back to the summary, or the answers sent.
        case back, send
    }

    /// The form's flow.
    public final class FormsFlow: Flow {
        /// The instance's name.
        public let name: String
        let pages: Int
        let repeatBound: Int

        init(name: String, pages: Int, repeatBound: Int) {
            self.name = name
            self.pages = pages
            self.repeatBound = repeatBound
        }

        /// A four-digit number; refused below or above. (Its edges, 1000
        /// and 9999, are no page's or item's number: the class-member check
        /// compares events as text, with the member's value read as the
        /// representative's.)
        static let classes = [
            ValueClass(
                "tooLow", label: "below 1000", .range(from: nil, below: 1000), representative: "5",
                refusal: "Enter a number of four digits."),
            ValueClass("fourDigits", label: "1000 to 9999", .range(from: 1000, below: 10000), representative: "4242"),
            ValueClass(
                "tooHigh", label: "10000 or more", .range(from: 10000, upTo: nil), representative: "50000",
                refusal: "Enter a number of four digits."),
        ]

        static func key(_ page: Int, _ field: Int) -> String { "p\(page)f\(field)" }

        /// Each page in turn, the repeat, the summary; a change comes back.
        public func navigate(to step: FormsStep) -> Navigation<FormsStep, FormsExit> {
            switch step {
            case .page(let index, let changing):
                let fields = (0..<4).map { field in
                    EntryField("f\(field)", label: "Answer \(field + 1)", kind: .number, classes: Self.classes)
                        .recorded(as: Self.key(index, field))
                }
                return .show(
                    Screen(
                        id: "page-\(index)", title: "Question \(index + 1)", fields: fields,
                        actions: [
                            ScreenAction("Continue", submitting: fields.map(\.name)) { _ in
                                .answered(index, changing: changing)
                            }
                        ]), as: changing ? .push : .replace)
            case .answered(let index, let changing):
                if changing { return .pop }
                return index + 1 < pages ? navigate(to: .page(index + 1, changing: false)) : navigate(to: .items(0))
            case .items(let count):
                var actions = [ScreenAction("No more items", FormsStep.summary(count))]
                if count < repeatBound { actions.insert(ScreenAction("Add an item", .item(count + 1)), at: 0) }
                return .show(Screen(id: "items", title: "Items (\(count) added)", actions: actions), as: .replace)
            case .item(let number):
                let field = EntryField("name", label: "Item name", kind: .text, classes: Self.itemClasses)
                return .show(
                    Screen(
                        id: "item", title: "Item \(number)", fields: [field],
                        actions: [ScreenAction("Add", submitting: ["name"]) { _ in .items(number) }]), as: .replace)
            case .summary(let count):
                let changes = (0..<pages).map { index in
                    ScreenAction("Change page \(index + 1)", FormsStep.page(index, changing: true))
                }
                return .show(
                    Screen(
                        id: "check", title: "Check your answers (\(count) items)",
                        actions: [ScreenAction("Send", FormsStep.send)] + changes), as: .replace)
            case .back:
                return .pop
            case .send:
                return .end(.submitted)
            }
        }

        /// An item's name: any text; refused when empty.
        static let itemClasses = [ValueClass("given", label: "a name", .pattern(".+"), representative: "Item")]
    }

    /// The manifest of a forms variant: one instance, its pages and bound.
    public static func formsManifest(pages: Int, repeatBound: Int) -> String {
        """
        {"schema": 1, "app": {"id": "forms-\(pages)x\(repeatBound)", "name": "Forms"},
         "modules": [{"id": "form", "module": "forms", "options": {"pages": \(pages), "repeatBound": \(repeatBound)}}],
         "start": "form", "routes": {"form.submitted": "end"}}
        """
    }
}
