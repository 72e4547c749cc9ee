import BundledFixtures
import StepflowManifest
import Testing

/// The exports say one thing: a path `trace --format json` prints is a
/// path of `graph --format json`, and a step the app asks about is
/// reached at the same input in `trace` and in a walk.
@Suite("Exports that agree")
struct ExportAgreementTests {
    @Test(arguments: BundledManifests.wholeVariantNames)
    func everyTracePathIsAPathOfTheGraph(name: String) throws {
        let manifest = BundledManifests.path(name)
        let trace = Harness.run(["trace", manifest, "--format", "json"])
        let graph = Harness.run(["graph", manifest, "--format", "json"])
        #expect(trace.code == 0 && graph.code == 0)
        let edgeList = try #require(try JSONParser.parse(Array(graph.out.utf8))["edges"]?.array)
        let edges = Set(edgeList.map { edge in "\(edge["from"]?.string ?? "") -> \(edge["to"]?.string ?? "")" })
        let targets = Set(edgeList.compactMap { $0["to"]?.string })
        let steps = try #require(try JSONParser.parse(Array(trace.out.utf8))["steps"]?.array)
        #expect(!steps.isEmpty)
        for step in steps {
            let path = try #require(step["path"]?.array).compactMap(\.string)
            // A link goes back to the start, where the outside world opens
            // it. A step run in a hidden section (a tab's first step started
            // unseen, or a step a hidden tab's stepper sends) runs beside the
            // way: it is a step with an edge into it (from its section, which
            // the person does not see), and the way goes on from where it was.
            var way = path[0]
            for to in path.dropFirst() {
                if to == "start" || to == way || edges.contains("\(way) -> \(to)") {
                    way = to
                } else {
                    let beside = steps.contains { $0["id"]?.string == to } && targets.contains(to)
                    #expect(beside, "\(name): \(step["id"]?.string ?? ""): \(way) -> \(to)")
                }
            }
        }
    }

    @Test func aStepTheAppAsksAboutIsReachedWhenAskedInTheWalkAsInTheTrace() throws {
        let manifest = BundledManifests.path("covid-antigen-home")
        let upToTheQuestion = [
            "Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next",
            "Done, start the timer", "s", "Read the result", "Take a photo",
        ]
        let asked = Harness.run(["walk", manifest], input: upToTheQuestion + ["t"])
        let askedTrace = try #require(asked.out.split(separator: "Trace (").dropFirst().first)
        #expect(askedTrace.contains("16. test.read\n  17. test.readByPhoto\n\n"), "\(askedTrace)")
        // `trace` reaches the step with the same input.
        let trace = Harness.run(["trace", manifest])
        let entry = try #require(trace.out.split(separator: "\n\n").first { $0.contains(" test.readByPhoto\n") })
        #expect(entry.hasSuffix("test/read: choose \"Take a photo\""), "\(entry)")
        // The answer that navigates the same step does not list it again.
        let answered = Harness.run(
            ["walk", manifest], input: upToTheQuestion + ["answer camera-permission granted", "t"])
        let answeredTrace = try #require(answered.out.split(separator: "Trace (").dropFirst().first)
        #expect(answeredTrace.split(separator: "\n").filter { $0.hasSuffix(" test.readByPhoto") }.count == 1)
    }

    /// The lines `trace --format json` says a person types, and the lines
    /// it prints, reach each step in `rootapp walk`: the JSON's inputs are
    /// the walk's own. Walks that begin alike are walked once: the longest
    /// of them, with `t` (print the trace) typed where each shorter one
    /// ends, its step last in what `t` prints there.
    @Test(arguments: BundledManifests.wholeVariantNames, [true, false])
    func theTypedLinesOfTheTraceJSONWalkToTheirStep(name: String, asPrinted: Bool) throws {
        let manifest = BundledManifests.path(name)
        let trace = Harness.run(["trace", manifest, "--format", "json"])
        let steps = try #require(try JSONParser.parse(Array(trace.out.utf8))["steps"]?.array)
        // An answer the app's own services give (the demo patient
        // records find P-1024, the outbox sends a kept result) is typed
        // by hand, as printed walks do.
        let sources = Set(
            steps.flatMap { $0["inputs"]?.array ?? [] }.compactMap { input in
                input["kind"]?.string == "answer" ? input["source"]?.string : nil
            })
        let byHand = sources.isEmpty ? [] : ["--by-hand", sources.sorted().joined(separator: ",")]
        // Each step's lines: what a person types (`Next`, `s`), or the line
        // as printed (`choose "Next"`, `wait (TimerStepper: timerDone)`).
        var walks: [(lines: [String], id: String)] = []
        for step in steps {
            let inputs = try #require(step["inputs"]?.array)
            let lines = inputs.compactMap { input in
                input["typed"]?.string == nil ? nil : input[asPrinted ? "input" : "typed"]?.string
            }
            walks.append((lines, try #require(step["id"]?.string)))
        }
        // Longest first: a walk that begins another one is typed within it.
        walks.sort { $0.lines.count > $1.lines.count }
        var typed: [(lines: [String], stops: [Int: [String]])] = []
        for walk in walks {
            if let host = typed.firstIndex(where: { $0.lines.starts(with: walk.lines) }) {
                typed[host].stops[walk.lines.count, default: []].append(walk.id)
            } else {
                typed.append((walk.lines, [walk.lines.count: [walk.id]]))
            }
        }
        // Long steps wrap: compared with every run of white space as one.
        func words(_ text: some StringProtocol) -> String {
            text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        }
        for walk in typed {
            var input: [String] = []
            var expected: [[String]] = []
            for typedSoFar in 0...walk.lines.count {
                if typedSoFar > 0 { input.append(walk.lines[typedSoFar - 1]) }
                if let ids = walk.stops[typedSoFar] {
                    input.append("t")
                    expected.append(ids)
                }
            }
            let run = Harness.run(["walk", manifest] + byHand, input: input)
            // What each `t` printed: the trace, up to the blank line after it.
            // (A German variant's walk says "Verlauf".)
            let printed = run.out.replacing("Verlauf (", with: "Trace (").split(separator: "Trace (").dropFirst().map {
                chunk in
                words(chunk.split(separator: "\n\n", maxSplits: 1, omittingEmptySubsequences: false)[0]) + " "
            }
            // (A walk that ends prints its trace once more, last.)
            #expect(printed.count >= expected.count, "\(name): \(walk.lines)")
            for (trace, ids) in zip(printed, expected) {
                for id in ids {
                    #expect(trace.contains(". \(words(id)) "), "\(name): \(id) after \(walk.lines)")
                }
            }
        }
    }
}
