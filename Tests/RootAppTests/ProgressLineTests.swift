#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import Testing

/// A long command says how far it has got on a terminal, and nowhere else.
@Suite("Progress on a terminal")
struct ProgressLineTests {
    @Test func aTerminalSeesTheCountsAndTheLineIsWipedBeforeTheResults() throws {
        // Shown at once here (the default waits two seconds).
        let terminal = try #require(
            PseudoTerminal(
                arguments: [Harness.rootappBinary, "validate", BundledManifests.path("hba1c-clinic")],
                environment: ["TERM=xterm", "NO_COLOR=1", "ROOTAPP_PROGRESS_AFTER=0", "PATH=/usr/bin:/bin"]))
        #expect(terminal.waitFor("exploring: ", seconds: 30))
        #expect(terminal.waitFor("requirements covered)", seconds: 60))
        #expect(terminal.finish() == 0)
        // Counted in thousands, on one line redrawn in place.
        #expect(terminal.output.contains(/\rexploring: [0-9,]+ states\u{1B}\[K/))
        // Wiped before any result is written: no result line starts after
        // a count on the same line.
        let last = try #require(terminal.output.ranges(of: "exploring: ").last)
        let after = terminal.output[last.upperBound...]
        let wipe = try #require(after.firstRange(of: "\r\u{1B}[K"))
        #expect(!after[..<wipe.lowerBound].contains("\n"))
    }

    @Test func aFamilyCountsItsManifestsNotOneVariantsStates() throws {
        // Several variants are explored at once: a count of one of them
        // (which one is chance) would say nothing of the whole.
        let family = ["hba1c-clinic", "covid-antigen-clinic", "strep-a-home"].map(BundledManifests.path)
        let terminal = try #require(
            PseudoTerminal(
                arguments: [Harness.rootappBinary, "validate"] + family,
                environment: ["TERM=xterm", "NO_COLOR=1", "ROOTAPP_PROGRESS_AFTER=0", "PATH=/usr/bin:/bin"]))
        #expect(terminal.waitFor("validating: ", seconds: 30))
        #expect(terminal.waitFor("strep-a-home.json: valid", seconds: 90))
        #expect(terminal.finish() == 0)
        #expect(terminal.output.contains(/\rvalidating: [0-3] of 3 manifests\u{1B}\[K/))
        #expect(!terminal.output.contains("exploring: "))
    }

    @Test func aPipeOrADumbTerminalSeesNone() throws {
        let piped = Harness.runBinary(
            ["validate", BundledManifests.path("hba1c-clinic")], environment: ["ROOTAPP_PROGRESS_AFTER=0"])
        #expect(piped.code == 0)
        #expect(!piped.err.contains("exploring"))
        #expect(!piped.err.contains("\u{1B}"))
        let dumb = try #require(
            PseudoTerminal(
                arguments: [Harness.rootappBinary, "validate", BundledManifests.path("hba1c-clinic")],
                environment: ["TERM=dumb", "ROOTAPP_PROGRESS_AFTER=0", "PATH=/usr/bin:/bin"]))
        #expect(dumb.waitFor("requirements covered)", seconds: 60))
        #expect(dumb.finish() == 0)
        #expect(!dumb.output.contains("exploring: "))
    }

    @Test func aDelayOutOfRangeIsAUsageErrorThatNamesIt() throws {
        let terminal = try #require(
            PseudoTerminal(
                arguments: [Harness.rootappBinary, "validate", BundledManifests.path("strep-a-home")],
                environment: ["TERM=xterm", "ROOTAPP_PROGRESS_AFTER=soon", "PATH=/usr/bin:/bin"]))
        #expect(terminal.waitFor("ROOTAPP_PROGRESS_AFTER is 'soon'"))
        #expect(terminal.finish() == 64)
    }
}
