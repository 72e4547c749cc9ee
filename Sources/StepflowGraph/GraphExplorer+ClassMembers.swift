import Stepflow

extension StateExplorer {
    /// A member at an edge of a field's class did otherwise than the
    /// class's representative: a finding, with both and the walk.
    func classMemberDiffers(_ probe: ClassMemberProbe, from index: Int, top: PresentedScreen) {
        let input = StateGraph.Input(
            screen: top.qualifiedID,
            kind: Self.kind(of: .choose(position: probe.position, probe.action, entries: probe.entries)))
        let valueClass = probe.valueClass
        let representative = valueClass.representative
        report(
            Finding(
                .classMemberDiffers, "\(top.qualifiedID) \(probe.field)",
                """
                \(probe.member), \(probe.edge) of \(valueClass.name) (\(valueClass.rule)), does not do what the \
                class's representative \(representative) does: with \(representative), \
                \(probe.representativeDid?.withoutFullStop ?? "nothing more happens"); with \(probe.member), \
                \(probe.memberDid?.withoutFullStop ?? "nothing more happens"). A class says its members behave \
                alike, and the graph enters only its representative. To fix, make the class's rule say what the \
                app does with its members (split the class, or move the bound), or treat them alike. The walk: \
                \([walkText(to: index), "\(input)"].filter { !$0.isEmpty }.joined(separator: "; "))
                """))
    }
}
