public import Stepflow

/// A change a person made through the UI itself, not through an action
/// the engine offered: it has already happened on screen, and the engine
/// must follow. An interactive pop cancelled half-way changed nothing and
/// is no move; a toolkit reports a move once its gesture finished.
public enum UserMove: Hashable, Sendable {
    /// The top layer was popped back to this screen (a back swipe, the
    /// navigation bar's back button, a long press on it): every screen
    /// above it is gone.
    case popped(to: ScreenInstanceID)
    /// The top modal layer, starting at this screen, was dismissed by the
    /// person (a sheet dragged away).
    case dismissed(root: ScreenInstanceID)
    /// The person tapped the tab of section `section` in the section bar
    /// of flow `owner` on the top layer (``PresentationTree/SectionBar/owner``).
    case selected(section: String, of: FlowInfo)
}

extension Coordinator {
    /// Tells the engine that the UI showing `tree` made `move` itself: each
    /// screen it removed, top first, as ``screenRemovedByUI(_:)``. The next
    /// render takes the UI from ``PresentationTree/after(_:)`` to whatever
    /// the engine made of it (usually nothing more to do).
    ///
    /// - Returns: Whether the move fits `tree` (a screen of its top layer).
    @discardableResult
    public func handle(_ move: UserMove, in tree: PresentationTree) -> Bool {
        guard let layer = tree.layers.last, tree.after(move) != nil else { return false }
        let removed: ArraySlice<PresentationTree.Screen>
        switch move {
        case .selected(let section, let owner):
            select(section: section, of: owner)
            return true
        case .popped(let to):
            guard let index = layer.screens.firstIndex(where: { $0.id == to }) else { return false }
            removed = layer.screens[(index + 1)...]
        case .dismissed:
            removed = layer.screens[...]
        }
        let state = currentState
        for screen in removed.reversed() {
            guard let presented = state.screen(screen.id) else { continue }
            screenRemovedByUI(presented)
        }
        return true
    }
}
