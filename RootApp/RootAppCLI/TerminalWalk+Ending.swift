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

// How a walk ends: the trace, the save, the recording, the exit code.
extension TerminalWalk {
    /// `Patient id: P-1024 (P- and four digits)`: what a field took, its
    /// class by its label; `Roll number: —` for an optional one left empty.
    func announce(_ value: String, in field: EntryField) {
        switch field.classify(value) {
        case .accepted(let found):
            console.print(
                words["walk.field.entered", ["label": field.label, "value": value, "class": found.shown]])
        case .refused:
            console.print(words["walk.field.empty", ["label": field.label]])
        }
    }

    /// Ctrl-C: the trace and the recording, from another thread.
    func interrupted() {
        terminalEditor?.restore()
        _ = report(words["walk.interrupted"], status: .interrupted)
    }

    /// Ends a walk whose app has ended.
    func finished() -> ExitCode {
        finish(words["walk.finished", ["exit": session.endingExit ?? ""]], status: .success)
    }

    /// Ends the walk: the trace, the recording, the exit code.
    func finish(_ reason: String, status: ExitCode) -> ExitCode {
        report(reason, status: status)
    }

    func report(_ reason: String, status: ExitCode) -> ExitCode {
        session.clock.onFiringByItself(nil)
        console.print("")
        console.print(console.bold(reason))
        printTrace()
        var status = status
        if let savePath {
            let saved = session.savedNavigation
            let written = OutputFile.write(SavedNavigationJSON.encode(saved), to: savePath, console)
            if written == .success {
                let inputs = words.counted("walk.inputs", saved.givenCount)
                let line = words[
                    session.ending != nil ? "walk.saved.finished" : "walk.saved", ["inputs": inputs, "path": savePath]]
                for part in console.wrap(line) { console.error(console.dim(part)) }
            } else {
                status = written
            }
        }
        guard let recordPath else { return status }
        if let exit = session.endingExit {
            note("expect end \(exit)")
        } else if let top = session.top {
            note("expect screen \(top.qualifiedID)")
        }
        let written = OutputFile.write(
            recorded.withLock { $0 }.joined(separator: "\n") + "\n", to: recordPath, scriptConsole)
        if written == .success {
            let line = words[recordPath == "-" ? "walk.recorded.stdout" : "walk.recorded", ["path": recordPath]]
            for part in console.wrap(line) { console.error(console.dim(part)) }
        }
        return written == .success ? status : written
    }
}
