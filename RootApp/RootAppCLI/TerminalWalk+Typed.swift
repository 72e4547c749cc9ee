#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform
import StepflowPresentation
import StepflowScripts

extension TerminalWalk {
    /// A line as scripts, trace and paths print it (`choose "Next"`,
    /// `enter name Sam`, `link …`): performed, or its syntax error explained.
    func perform(typedInput choice: String) {
        do throws(Input.SyntaxError) {
            let input = try Input(line: choice)
            if let refusal = perform(input, record: true) {
                // A source the app's own service answers can be
                // given by hand, as printed walks do, with --by-hand.
                var hint = ""
                if case .answer(let source, _) = input, !session.coordinator.answeredByHand.contains(source),
                    !session.waitingAnswers.contains(where: { $0.source == source })
                {
                    hint = " " + words["walk.byHand", ["source": source.shortened()]]
                }
                show(refusal, hint)
            } else if case .enter(let field, let value) = input,
                let spec = session.top?.fields.first(where: { $0.name == field })
            {
                announce(value, in: spec)
            }
        } catch {
            var sentence = error.sentence
            // The variant's own addresses, in every form it opens.
            if error.keyword == "link", let example = session.manifest.exampleLinkAddress {
                let forms = session.manifest.app.linkForms(of: example)
                sentence += " " + words["walk.linkExamples", ["addresses": Suggestion.list(forms)]]
            }
            // The variant's own sections, those a person can select now.
            let tabs = (session.presentation.layers.last?.sections ?? []).filter(\.isSelectable)
                .flatMap { $0.tabs.map(\.name) }
            if error.keyword == "select" {
                sentence +=
                    " "
                    + (tabs.isEmpty
                        ? words["walk.noSelectable"]
                        : words["walk.selectable", ["names": tabs.joined(separator: ", ")]])
            }
            for line in console.wrap(sentence) { console.error(line) }
        }
    }

    /// A line that is no input keyword: an answer to the open question, a
    /// tab, a value for the one field, or an action by its number or label.
    func perform(typed choice: String) {
        if let question {
            if let input = answer(choice, to: question) {
                if let refusal = perform(input, record: true) { show(refusal) }
            } else {
                let names = question.answers.enumerated().map { "\($0.offset + 1) (\($0.element.name))" }
                    .joined(separator: ", ")
                for line in console.wrap(
                    words["walk.waitsFor", ["question": question.label, "answers": names]])
                {
                    console.error(line)
                }
            }
            showIfChanged()
            return
        }
        // A tab's label or name, where no action has it, taps the tab.
        if !isActionLabel(choice), let section = tab(named: choice) {
            if let refusal = perform(.select(section), record: true) { show(refusal) }
            showIfChanged()
            return
        }
        let action = Input.Action(typed: choice)
        // On a screen of one field, a value that names no action
        // goes into the field, as `enter <field> <value>`.
        if let screen = session.top, screen.fields.count == 1, (try? session.actionIndex(of: action)) == nil {
            let field = screen.fields[0]
            if let refusal = perform(.enter(field: field.name, value: choice), record: true) {
                // It may have been meant as an action.
                let numbered = VariantSession.numbered(screen).count
                let or = words["walk.or"]
                let numbers = numbered == 0 ? "" : numbered == 1 ? "1 \(or) " : "1-\(numbered) \(or) "
                let labels = screen.actions.map { "'\($0.label)'" }.joined(separator: ", ")
                show(refusal, " " + words["walk.orAction", ["numbers": numbers, "labels": labels]])
            } else {
                announce(choice, in: field)
            }
            showIfChanged()
            return
        }
        // An action that submits fields asks for what is missing first.
        if let index = try? session.actionIndex(of: action), let screen = session.top,
            !screen.actions[index].submits.isEmpty, !fillFields(submittedBy: screen.actions[index], on: screen)
        {
            console.error(words["walk.field.cancelled"])
            showIfChanged()
            return
        }
        if let refusal = perform(.choose(action), record: true) {
            // Only the keys that do something here: b where the
            // screen has a way back, s while a timer waits.
            let canGoBack = canGoBack
            let letters = (canGoBack ? ["b"] : []) + ["t"] + (session.timerWaits ? ["s"] : [])
            let keys = letters.joined(separator: ", ") + " \(words["walk.or"]) q"
            show(refusal, " " + words["walk.orType", ["keys": keys]])
        }
    }
}
