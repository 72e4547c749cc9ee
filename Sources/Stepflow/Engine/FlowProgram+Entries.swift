// The type-erased entry points: what the engine calls on a program it
// holds as `any FlowProgram`, opened here to the flow's own step type.
extension FlowProgramOf {
    package func accepts(_ step: any Step) -> Bool { step is StepType }

    package func deliverDeepLink(
        _ step: any Step, to tally: Int, in state: inout EngineState, _ transaction: inout Transaction
    ) {
        guard let step = step as? StepType else { return }
        state.expectAnswer(to: tally)
        let info = self.info
        let declined = { (state: inout EngineState, transaction: inout Transaction) in
            state.record(info, handled: false, to: tally, &transaction)
        }
        switch flow.adapt(step: step) {
        case .step(let adapted):
            let handled = navigate(adapted, origin: .deepLink, in: &state, &transaction)
            state.record(info, handled: handled, to: tally, &transaction)
        case .none:
            state.reportDropped(record(step, nil), .filteredByAdapt, &transaction)
            state.record(info, handled: false, to: tally, &transaction)
        case .deferred(let ask):
            deferAdaptation(ask, of: step, onDrop: declined, &transaction) { program, adapted, state, transaction in
                let handled = program.navigate(adapted, origin: .deepLink, in: &state, &transaction)
                state.record(info, handled: handled, to: tally, &transaction)
            }
        case .ask(let question):
            open(question, about: step, origin: .deepLink, onDrop: declined, in: &state, &transaction) {
                program, adapted, _, state, transaction in
                let handled = program.navigate(adapted, origin: .deepLink, in: &state, &transaction)
                state.record(info, handled: handled, to: tally, &transaction)
            }
        }
    }

    package func replaySelect(
        action index: Int, step: String, on screen: ScreenInstanceID, id: String, entering entered: [String: String],
        in state: inout EngineState, _ transaction: inout Transaction
    ) -> String? {
        guard let entry = state.flows[info.id]?.screens[screen], let typed = entry.part.value(as: Screen<StepType>.self)
        else {
            // Gone: dropped, as it was when it was saved.
            state.statistics.dropped += 1
            return nil
        }
        let qualifiedID = "\(info.name)/\(typed.id)"
        guard qualifiedID == id else {
            return
                """
                an action was chosen on \(id), and screen #\(screen.rawValue) is now \(qualifiedID). A module \
                changed since it was saved.
                """
        }
        // Named through the transaction: a tool that restores many saves
        // names each action's step once.
        guard typed.actions.indices.contains(index), transaction.id(of: typed.actions[index].step) == step else {
            let steps = typed.actions.map(\.step.stepID).joined(separator: ", ")
            return
                """
                action \(index) of \(id) was \(step), and its actions now are \(steps.isEmpty ? "none" : steps). A \
                module changed since it was saved.
                """
        }
        // While a question waits for its answer, a choice was refused live
        // (the engine's `select`): it is refused again, not applied.
        if !state.openQuestions.isEmpty {
            state.statistics.dropped += 1
            return nil
        }
        let presented =
            state.navigation.screen(screen)
            ?? PresentedScreen(id: screen, flow: info, screen: typed, presentation: .push, visibility: entry.visibility)
        select(action: index, on: presented, entering: entered, in: &state, &transaction)
        return nil
    }

    package func select(
        action index: Int, on screen: PresentedScreen, entering entered: [String: String],
        in state: inout EngineState, _ transaction: inout Transaction
    ) {
        guard let entry = state.flows[info.id]?.screens[screen.id],
            let typed = entry.part.value(as: Screen<StepType>.self)
        else {
            let step = screen.actions.indices.contains(index) ? screen.actions[index].step : "action[\(index)]"
            return state.reportDropped(
                StepRecord(flow: info, step: step), .screenDismissed(screen: screen.qualifiedID), &transaction)
        }
        guard typed.actions.indices.contains(index) else {
            let labels = typed.actions.enumerated().map { "\($0.offset) '\($0.element.label)'" }
            return state.reportDropped(
                StepRecord(flow: info, step: "action[\(index)]"),
                .noSuchAction(
                    screen: screen.qualifiedID,
                    action: "\(index); it has \(labels.isEmpty ? "none" : labels.joined(separator: ", "))"),
                &transaction
            )
        }
        let action = typed.actions[index]
        if let reason = state.gate(screen.id, qualifiedID: screen.qualifiedID, visibility: entry.visibility) {
            return state.reportDropped(record(action.step, nil), reason, &transaction)
        }
        var step = action.step
        var label = action.label
        if !action.submits.isEmpty {
            // Checked before the flow sees them: a flow never gets a value
            // its field refuses.
            switch EnteredValues.check(entered, submitting: action.submits, fields: typed.fields) {
            case .success(let values):
                // What a bound field held goes into the record first: the
                // flow's step reads it there with its class and origin.
                state.recordEntered(
                    values, fields: typed.fields, submitting: action.submits, on: screen.qualifiedID, by: info,
                    &transaction)
                step = action.step(entering: values)
                // The classes entered tell the ways on apart (`Save the
                // value [reading: prediabetes]`): the graph's edge says which.
                let classes = action.submits.compactMap { name in values.valueClass(of: name).map { "\(name): \($0)" } }
                if !classes.isEmpty { label += " [" + classes.joined(separator: ", ") + "]" }
            case .failure(let refusal):
                return state.reportDropped(
                    record(action.step, nil), .entryRefused(screen: screen.qualifiedID, refusal), &transaction)
            }
        }
        receive(step, origin: .screen(screen.id, screenID: typed.id, action: label), in: &state, &transaction)
    }
}
