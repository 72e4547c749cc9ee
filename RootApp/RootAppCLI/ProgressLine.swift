import Dispatch
import Stepflow
import StepflowGraph
import StepflowPlatform

/// The line a long command keeps up to date on a terminal's standard error
/// while it works ("exploring: 120,000 states"): shown once the command
/// has run for a while (2 seconds, or `ROOTAPP_PROGRESS_AFTER`), redrawn a
/// few times a second, and wiped before any other text is written and when
/// the command ends. Never shown when standard error is not a terminal, or
/// a dumb one.
final class ProgressLine: @unchecked Sendable {
    // @unchecked: `timer` is set once in init; its `cancel` may be called
    // from any thread. Everything else is behind `shown`'s lock.
    private let width: Int
    /// Whether a line is shown now (to wipe it), and whether it may be.
    private let shown = Locked((isShown: false, isStopped: false))
    private let timer: any DispatchSourceTimer

    /// A line at most `width` columns wide, drawn `seconds` after now and
    /// from then on.
    init(width: Int, after seconds: Double) {
        self.width = width
        timer = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "stepflow.progress"))
        timer.schedule(deadline: .now() + .milliseconds(Int(seconds * 1000)), repeating: .milliseconds(250))
        timer.setEventHandler { [weak self] in self?.draw() }
        timer.resume()
    }

    private func draw() {
        let line = WorkProgress.reading.map { String($0.prefix(max(10, width - 1))) }
        shown.withLock { state in
            guard !state.isStopped else { return }
            if let line {
                Platform.write("\r\(line)\u{1B}[K", to: 2)
                state.isShown = true
            } else if state.isShown {
                Platform.write("\r\u{1B}[K", to: 2)
                state.isShown = false
            }
        }
    }

    /// Writes `text` to `descriptor` with the line wiped first (it is drawn
    /// again at the next tick).
    func write(_ text: String, to descriptor: Int32) -> Int32? {
        shown.withLock { state in
            if state.isShown {
                Platform.write("\r\u{1B}[K", to: 2)
                state.isShown = false
            }
            return Platform.write(text, to: descriptor)
        }
    }

    /// Wipes the line and draws it no more.
    func stop() {
        timer.cancel()
        shown.withLock { state in
            if state.isShown { Platform.write("\r\u{1B}[K", to: 2) }
            state = (false, true)
        }
    }
}
