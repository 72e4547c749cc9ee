import BundledFixtures
import Testing

/// A step that runs in a hidden section (help's contact tab, started unseen
/// when help opens on its topics) is a step a person's input causes: `trace`
/// lists it, `paths` finds the walk, and that walk, typed into `walk`, runs it.
@Suite("Steps run in a hidden section")
struct HiddenSectionStepTests {
    @Test(
        arguments: BundledManifests.cases(
            [("hba1c-clinic", "help.contact"), ("covid-antigen-clinic", "resultHelp.contact")],
            plain: [("covid-antigen-clinic", "resultHelp.contact")]))
    func pathsFindsTheWalkTraceListsAndTheLiveWalkRunsIt(name: String, step: String) throws {
        let manifest = BundledManifests.path(name)
        let trace = Harness.run(["trace", manifest])
        #expect(trace.out.contains("  \(step)\n"), "trace lists \(step)")

        let paths = Harness.run(["paths", manifest, "--to", step, "--limit", "1"])
        #expect(paths.code == 0, "\(paths.err)")
        #expect(!paths.out.contains("No walk"), "\(paths.out)")
        // `     help/topics: choose "Get help"`: the input after the screen.
        let inputs = paths.out.split(separator: "\n").filter { $0.hasPrefix("     ") }.map { line in
            line.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? ""
        }
        #expect(!inputs.isEmpty)

        let script = TemporaryFiles.folder(["walk.txt": inputs.joined(separator: "\n") + "\n"]) + "/walk.txt"
        let walk = Harness.run(["walk", manifest, "--script", script])
        #expect(walk.code == 0, "\(walk.err)")
        // The live walk's trace ends with the step, run by the walk's last input.
        let live = walk.out.split(separator: "\n").filter { $0.hasPrefix("  ") && $0.contains(". ") }
        #expect(live.last.map { $0.hasSuffix(". \(step)") } == true, "\(live.suffix(3))")
    }
}
