import BundledFixtures
import BundledModules
import Procedure
import RootAppCLI
import Stepflow
import Testing

/// A camera whose permission dialog always says no, at once.
private struct DenyingCamera: CameraAccess {
    func requestAccess(_ answer: @escaping @Sendable (Bool) -> Void) { answer(false) }
}

/// A printed walk types back into `walk` for an app whose own services
/// answer: `--by-hand` gives the person the answers the walk prints.
@Suite("Printed walks typed back with real services")
struct ByHandTests {
    /// `rootapp` with a camera service that denies.
    static let tool = RootApp(
        registry: BundledModules.registry,
        services: BundledModules.services.providing((any CameraAccess).self, DenyingCamera()))
    static let manifest = BundledManifests.path("covid-antigen-home")

    /// What a person types for each input `paths` prints under a walk.
    static func typed(_ printed: [Substring]) -> [String] {
        printed.map { line in
            let input = line.split(separator: ": ", maxSplits: 1).last.map(String.init) ?? ""
            if input.hasPrefix("choose \"") { return String(input.dropFirst(8).prefix { $0 != "\"" }) }
            if input.hasPrefix("wait ") { return "s" }
            if input.hasPrefix("back ") { return "b" }
            // `answer camera-permission granted (camera allowed)`
            return input.split(separator: " ").prefix(3).joined(separator: " ")
        }
    }

    /// The first walk `paths` prints to `node`, as typed lines.
    static func firstPath(to node: String) throws -> [String] {
        let run = Harness.run(["paths", manifest, "--to", node, "--limit", "1"], tool: tool)
        #expect(run.code == 0, "\(run.err)")
        let lines = run.out.split(separator: "\n").dropFirst().filter { $0.hasPrefix("     ") }
        return typed(Array(lines))
    }

    @Test func aPrintedAnswerTheServiceWouldGiveOtherwiseIsRefusedWithTheWayToGiveIt() throws {
        let lines = try Self.firstPath(to: "test/photo")
        #expect(lines.last == "answer camera-permission granted")
        let run = Harness.run(["walk", Self.manifest], input: lines + ["t"], tool: Self.tool)
        // The service denied: the person reads by eye, and the printed answer cannot be given.
        #expect(run.err.contains("Nothing waits for an answer from 'camera-permission' on test/manual."))
        #expect(run.unwrappedErr.contains("walk with --by-hand camera-permission to give its answers yourself"))
        #expect(run.out.contains("test.readByHand"), "the service denied")
    }

    @Test(arguments: ["camera-permission", "all"])
    func withByHandThePrintedWalkReachesItsNode(sources: String) throws {
        let lines = try Self.firstPath(to: "test/photo")
        let run = Harness.run(
            ["walk", Self.manifest, "--by-hand", sources], input: lines + ["t"], tool: Self.tool)
        #expect(run.err.contains("Nothing waits") == false, "\(run.err)")
        #expect(run.out.contains("test.readByPhoto"))
        #expect(!run.out.contains("test.readByHand"), "the service was not asked")
    }

    @Test(arguments: [
        ("camera-permision", "Did you mean 'camera-permission'?"), ("", "--by-hand needs a source"),
        ("camera-permission,lab", "'lab' is no outside source"),
    ])
    func anUnknownSourceIsAUsageErrorWithTheSourcesThereAre(sources: String, message: String) {
        let run = Harness.run(["walk", Self.manifest, "--by-hand", sources], input: [], tool: Self.tool)
        #expect(run.code == 64)
        #expect(run.unwrappedErr.contains(message), "\(run.err)")
        #expect(run.unwrappedErr.contains("Sources: camera-permission, or all."), "\(run.err)")
    }
}
