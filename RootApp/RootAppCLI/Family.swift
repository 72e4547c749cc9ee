import Dispatch
import Stepflow
import StepflowGraph

/// Runs one command over a family of manifests on every core, and writes
/// each manifest's output whole, in the order the manifests were named, as
/// soon as the ones before it are done: the output reads as if they were
/// checked one by one.
enum Family {
    /// Manifests handed out at once: a batch keeps both cores busy and lets
    /// the first results show before the last manifest is read.
    static let batch = 32

    /// `work` for each of `items` (a manifest, a manifest and its page),
    /// each given a console that keeps its lines until they are written to
    /// `console` in order; the results, in the order of `items`. One item
    /// runs on `console` itself, so its output streams as it comes.
    ///
    /// A terminal's progress line counts the family's manifests done
    /// (`validating: 12 of 40 manifests`), not the states of whichever
    /// variant is being explored: several are at once.
    static func run<Item: Sendable, Result: Sendable>(
        _ items: [Item], doing phase: String, console: Console, _ work: @Sendable (Item, Console) -> Result
    ) -> [Result] {
        guard items.count > 1 else { return items.map { work($0, console) } }
        let progress = WorkProgress.start(phase, unit: "manifests", total: items.count)
        defer { WorkProgress.finish(progress) }
        var results: [Result] = []
        results.reserveCapacity(items.count)
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(start + Self.batch, items.count)])
            let done = Locked([Int: (result: Result, lines: [Line])]())
            DispatchQueue.concurrentPerform(iterations: batch.count) { index in
                let kept = Locked([Line]())
                let buffer = Console(
                    out: { text in kept.withLock { $0.append(.out(text)) } },
                    err: { text in kept.withLock { $0.append(.err(text)) } },
                    isInteractive: false, usesColor: console.usesColor, width: console.width)
                let result = work(batch[index], buffer)
                WorkProgress.advance(progress)
                let lines = kept.withLock { $0 }
                done.withLock { $0[index] = (result, lines) }
            }
            let finished = done.withLock { $0 }
            for index in batch.indices {
                guard let (result, lines) = finished[index] else {
                    preconditionFailure("concurrentPerform runs every iteration before it returns")
                }
                for line in lines {
                    switch line {
                    case .out(let text): console.out(text)
                    case .err(let text): console.err(text)
                    }
                }
                results.append(result)
            }
            start += batch.count
        }
        return results
    }

    /// The status a family exits with: the worst of its members' (the
    /// highest code: a missing file over a finding over success).
    static func worst(_ codes: [ExitCode]) -> ExitCode {
        codes.max { $0.rawValue < $1.rawValue } ?? .success
    }

    /// A piece of output kept for later, and where it goes.
    private enum Line: Sendable {
        case out(String)
        case err(String)
    }
}
