import Stepflow
import StepflowScripts

// A walk's script (`walk --script`), line by line, before the person goes on.
extension TerminalWalk {
    /// Gives `script`'s lines, each printed before it runs; returns how the
    /// walk ends when a line fails, `nil` when every line passed.
    func give(_ script: Script) -> ExitCode? {
        for line in script.lines {
            console.print(console.dim("> \(line.instruction.line)"))
            let screen = session.top?.qualifiedID ?? "the app"
            var refused = perform(line.instruction)
            if let expecting = line.refusal {
                // Refused as the next line expects: said, and the walk goes
                // on from the same screen.
                if let refused, expecting.expected.judge(refused, on: screen) == nil { show(refused) }
                console.print(console.dim("> \(expecting.expected.line)"))
                refused = expecting.expected.judge(refused, on: screen)
            }
            if let refusal = refused {
                // A refusal other than expected is the expecting line's.
                var number = line.number
                if case .notRefused = refusal, let expecting = line.refusal { number = expecting.line }
                for said in console.wrap(
                    "\(script.file):\(number): \(words.refusal(refusal))", indent: "    ", firstIndent: "")
                {
                    console.error(said)
                }
                return finish(words["walk.stopped.script"], status: .findings)
            }
            showIfChanged()
        }
        return nil
    }
}
