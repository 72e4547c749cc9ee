/// A member at an edge of a field's class that did not do what the
/// class's representative does, in one state: the action, the entries as
/// given with the member, and what each did (the events, in words, the
/// member's written as the representative's so only behaviour differs).
package struct ClassMemberProbe {
    /// The action's position on the screen, and the action.
    package let position: Int
    package let action: ActionSummary
    /// The entries given with the member (its class the declared one).
    package let entries: [FieldEntry]
    /// The field, its class, the member and the edge it is.
    package let field: String
    package let valueClass: ValueClass
    package let member: String
    package let edge: String
    /// The first event in which they differ: the representative's and the
    /// member's (`nil`: it had no such event).
    package let representativeDid: String?
    package let memberDid: String?
}

extension StateSearch {
    /// Tries the class claim on the screen on top: for each action that
    /// submits fields, each accepted class of each field it submits, the
    /// class's edge members (``ValueClass/edgeMembers(kind:)``) are given
    /// beside its representative, the other fields at their first class;
    /// a member whose input does other than the representative's is told
    /// to `visitor`. Each member is tried once per screen (of an
    /// instance), action and field, in the first state that shows it: an
    /// action's step is made from the values entered alone (``StepMaker``),
    /// and the flow that takes it is the instance's, so another state
    /// showing the screen makes the same steps.
    func probeClassMembers(of state: EngineState, index: Int, top: PresentedScreen?, visitor: some StateSearchVisitor) {
        guard let top, state.openQuestions.isEmpty else { return }
        for (position, action) in top.actions.enumerated() where !action.submits.isEmpty {
            // The other fields' entries, made only when a member is left to
            // try (after the first state showing the screen, none is).
            lazy var base = FieldEntry.combinations(submitting: action.submits, fields: top.fields).first ?? []
            for name in action.submits {
                guard let field = top.fields.first(where: { $0.name == name }) else { continue }
                // Each class's edge members, and the values just past its
                // edges as members of the class that takes them (none when
                // the field refuses them): each against its class's
                // representative.
                let tries = field.edgeTries.filter {
                    probedMembers.insert("\(top.qualifiedID) \(position) \(name) \($0.value)").inserted
                }
                guard !tries.isEmpty else { continue }
                func entries(_ value: String, of valueClass: ValueClass) -> [FieldEntry] {
                    let entry = FieldEntry(field: name, valueClass: valueClass.name, value: value)
                    let others = base.filter { $0.field != name }
                    return action.submits.compactMap { submitted in
                        submitted == name ? entry : others.first { $0.field == submitted }
                    }
                }
                var expectations: [String: [String]] = [:]
                for (valueClass, member, edge) in tries {
                    let representative = valueClass.representative
                    let expected =
                        expectations[valueClass.name]
                        ?? events(choosing: position, on: top, entries(representative, of: valueClass), in: state)
                    expectations[valueClass.name] = expected
                    let did = events(choosing: position, on: top, entries(member, of: valueClass), in: state).map {
                        $0.replacingToken(member, with: representative)
                    }
                    guard did != expected else { continue }
                    let first =
                        zip(expected, did).enumerated().first { $0.element.0 != $0.element.1 }?.offset
                        ?? min(expected.count, did.count)
                    visitor.classMemberDiffers(
                        ClassMemberProbe(
                            position: position, action: action, entries: entries(member, of: valueClass),
                            field: name, valueClass: valueClass, member: member, edge: edge,
                            representativeDid: expected.indices.contains(first) ? expected[first] : nil,
                            memberDid: did.indices.contains(first)
                                ? did[first].replacingToken(representative, with: member) : nil),
                        from: index, top: top)
                }
            }
        }
    }

    /// The events, in words, of choosing action `position` on `top` with
    /// `entries` in `state` (a copy), the queue drained.
    private func events(
        choosing position: Int, on top: PresentedScreen, _ entries: [FieldEntry], in state: EngineState
    ) -> [String] {
        var copy = state
        let entered = Dictionary(entries.map { ($0.field, $0.value) }) { first, _ in first }
        let (events, _) = Self.settle(
            &copy, maxStepsPerInput: maxStepsPerInput, names: names, observes: true,
            { state, transaction in state.select(action: position, on: top, entering: entered, &transaction) },
            assume: { _ in })
        return events.map { "\($0)" }
    }
}

extension String {
    /// The text with each whole occurrence of `token` (not part of a longer
    /// number or word) replaced by `replacement`.
    package func replacingToken(_ token: String, with replacement: String) -> String {
        guard !token.isEmpty, contains(token) else { return self }
        func isPart(_ character: Character?) -> Bool {
            guard let character else { return false }
            return character.isLetter || character.isNumber || character == "_"
        }
        var result = ""
        var rest = self[...]
        while let found = rest.firstRange(of: token) {
            let before = found.lowerBound == rest.startIndex ? result.last : rest[rest.index(before: found.lowerBound)]
            var after = found.upperBound < rest.endIndex ? rest[found.upperBound] : nil
            // `4.0.` ends a sentence; `4.05` is another number.
            if after == ".", rest.index(after: found.upperBound) < rest.endIndex {
                let next = rest[rest.index(after: found.upperBound)]
                after = next.isNumber ? next : nil
            }
            let whole = !isPart(before) && before != "." && !isPart(after)
            result += rest[..<found.lowerBound]
            result += whole ? replacement : token
            rest = rest[found.upperBound...]
        }
        return result + rest
    }
}
