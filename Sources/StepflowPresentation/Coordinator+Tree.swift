public import Stepflow

extension Coordinator {
    /// Chooses action `index` of a screen as the UI drew it from a
    /// ``PresentationTree``, with the values a person typed in its fields
    /// (by field name), as a person tapping it would: the same as
    /// `select(action:on:entering:)` of Stepflow on the screen the engine presents
    /// with that id.
    ///
    /// ```swift
    /// // In a page's button action:
    /// coordinator.select(action: 0, on: screen, entering: ["patientID": typed])
    /// ```
    ///
    /// - Returns: `false`, and nothing is chosen, when the engine no longer
    ///   presents the screen (it changed while the person tapped): the
    ///   next tree the UI draws no longer shows it either.
    @discardableResult
    public func select(
        action index: Int, on screen: PresentationTree.Screen, entering entered: [String: String] = [:]
    ) -> Bool {
        guard let presented = currentState.screen(screen.id) else { return false }
        select(action: index, on: presented, entering: entered)
        return true
    }
}
