#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowPlatform

/// Reads a line from a terminal while keeping the screen current: the
/// terminal is put in non-canonical mode, so the walk sees each key, echoes
/// it itself, and can redraw the prompt (a countdown) or a whole new screen
/// (a timer finished) without losing or hiding what the person typed.
///
/// The rule it keeps: a line always means what the visible screen says. If
/// the screen changes while a line is being typed, the new screen is drawn
/// at once and the partial line is dropped with a note, so nothing typed
/// for one screen is applied to another.
///
/// It sleeps until a key comes or ``wakeUp()`` is called (from any
/// thread: the session's change handler calls it); it wakes by itself
/// only while the prompt shows a countdown, to redraw it.
final class LineEditor: @unchecked Sendable {
    // @unchecked: other threads call `wakeUp()` alone, which only writes
    // to the pipe, whose descriptors never change after `init`.
    /// What `read` returns.
    enum Outcome: Equatable {
        /// A line, typed after the screen now showing was drawn.
        case line(String)
        /// The end of input (Ctrl-D on an empty line, or the terminal went).
        case end
    }

    private let descriptor: Int32
    private var saved: Platform.TerminalSettings?
    /// A pipe whose read end wakes `read`: [read, write], or -1 when the
    /// system gave none (then it looks four times a second).
    private let wake: [Int32]

    init(descriptor: Int32) {
        self.descriptor = descriptor
        var ends: [Int32] = [-1, -1]
        if pipe(&ends) == 0 {
            // Neither end may block: a full pipe already says "wake up".
            for end in ends { _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK) }
        } else {
            ends = [-1, -1]
        }
        wake = ends
    }

    deinit {
        restore()
        for end in wake where end >= 0 { close(end) }
    }

    /// Makes a waiting `read` look at the screen again; safe from any
    /// thread, and cheap when nothing waits.
    func wakeUp() {
        guard wake[1] >= 0 else { return }
        var byte: UInt8 = 1
        _ = withUnsafeBytes(of: &byte) { Platform.write(wake[1], from: $0) }
    }

    /// Empties the wake pipe.
    private func drainWake() {
        guard wake[0] >= 0 else { return }
        var bytes = [UInt8](repeating: 0, count: 64)
        while bytes.withUnsafeMutableBytes({ Platform.read(wake[0], into: $0) }) > 0 {}
    }

    /// Switches the terminal to reading key by key, without its own echo.
    /// Ctrl-C still interrupts (the signal handler restores the terminal).
    func begin() {
        guard saved == nil else { return }
        saved = Platform.readKeyByKey(descriptor)
    }

    /// Puts the terminal back as it was.
    func restore() {
        guard let saved else { return }
        Platform.restore(saved, on: descriptor)
        self.saved = nil
    }

    /// Reads one line. Each time it is woken (``wakeUp()``), and before
    /// each key, it asks `screenChanged`; if so, the prompt line is
    /// cleared, `drawScreen` draws the new screen, and the line typed so
    /// far is dropped with a note. Otherwise the prompt is redrawn when
    /// `prompt` changes, keeping what was typed; while `ticking` says a
    /// countdown shows, it wakes four times a second for that.
    func read(
        prompt: () -> String, ticking: () -> Bool, screenChanged: () -> Bool, drawScreen: () -> Void,
        draw: (String) -> Void
    ) -> Outcome {
        var typed: [UInt8] = []
        var shownPrompt = prompt()
        draw(shownPrompt)
        var byte: UInt8 = 0
        while true {
            var pollers = [
                pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake[0], events: Int16(POLLIN), revents: 0),
            ]
            // A countdown is redrawn four times a second, so its seconds
            // stay right; without a wake pipe the screen is looked at as
            // often. Otherwise it sleeps until a key or a wake-up.
            let timeout: Int32 = wake[0] < 0 || ticking() ? 250 : -1
            let ready = poll(&pollers, 2, timeout)
            drainWake()
            if screenChanged() {
                // Keys already typed were meant for the screen that went.
                tcflush(descriptor, TCIFLUSH)
                draw("\r\u{1B}[K")
                drawScreen()
                if !typed.isEmpty { draw("(The screen changed, so what you typed was not used.)\n") }
                typed.removeAll()
                shownPrompt = prompt()
                draw(shownPrompt)
            } else if prompt() != shownPrompt {
                shownPrompt = prompt()
                draw("\r\u{1B}[K" + shownPrompt + String(decoding: typed, as: UTF8.self))
            }
            if ready < 0 { if errno == EINTR { continue } else { return .end } }
            guard ready > 0, pollers[0].revents != 0 else { continue }
            let count = readByte(descriptor, &byte)
            if count < 0 && errno == EINTR { continue }
            guard count == 1 else { return .end }
            switch byte {
            case 0x0A, 0x0D:
                draw("\n")
                return .line(String(decoding: typed, as: UTF8.self))
            case 0x04 where typed.isEmpty:
                draw("\n")
                return .end
            case 0x7F, 0x08:
                // Remove the last character, not the last byte.
                var text = String(decoding: typed, as: UTF8.self)
                if !text.isEmpty { text.removeLast() }
                typed = Array(text.utf8)
                draw("\r\u{1B}[K" + shownPrompt + text)
            case 0x15:
                typed.removeAll()
                draw("\r\u{1B}[K" + shownPrompt)
            case 0x00..<0x20:
                continue
            default:
                typed.append(byte)
                // Echo whole characters: ASCII at once, a UTF-8 sequence
                // once it is complete (the line is then drawn again).
                if byte < 0x80 {
                    draw(String(UnicodeScalar(byte)))
                } else if let text = String(validating: typed, as: UTF8.self) {
                    draw("\r\u{1B}[K" + shownPrompt + text)
                }
            }
        }
    }
}

/// One byte from `descriptor`.
private func readByte(_ descriptor: Int32, _ byte: inout UInt8) -> Int {
    withUnsafeMutableBytes(of: &byte) { Platform.read(descriptor, into: $0) }
}
