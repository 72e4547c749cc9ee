/// Keeps an observation registered with ``Coordinator/observe(_:)``.
public final class ObservationToken: Sendable {
    private weak let coordinator: Coordinator?
    private let id: UInt64

    init(coordinator: Coordinator, id: UInt64) {
        self.coordinator = coordinator
        self.id = id
    }

    /// Stops the observation; events already queued may still arrive.
    package func cancel() {
        coordinator?.removeObserver(id)
    }
}
