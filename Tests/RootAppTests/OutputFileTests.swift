#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import Dispatch
import Stepflow
import StepflowTesting
import Testing

/// `-o` writes as Unix tools do: through links, into devices and pipes,
/// and never replaces what is not a regular file.
@Suite("Output files")
struct OutputFileTests {
    static let manifest = BundledManifests.path("strep-a-home")

    static func mode(_ path: String, following: Bool = false) -> mode_t? {
        var status = stat()
        guard (following ? stat(path, &status) : lstat(path, &status)) == 0 else { return nil }
        return status.st_mode
    }

    static func text(_ path: String) -> String { GoldenFile.read(path) ?? "" }

    @Test func aFullDeviceIsAWriteErrorAndStaysADevice() throws {
        // /dev/full takes no byte: 74, and it is still a character device
        // (run as root, the old rename made it a regular file).
        let run = Harness.run(["graph", Self.manifest, "--format", "dot", "-o", "/dev/full"])
        #expect(run.code == 74, "\(run.err)")
        #expect(run.err.contains("'/dev/full'"))
        let mode = try #require(Self.mode("/dev/full"))
        #expect(mode & S_IFMT == S_IFCHR)
    }

    @Test func aSymbolicLinkIsFollowedAndStaysALink() throws {
        let folder = TemporaryFiles.folder(["target.dot": "old\n"])
        #expect(symlink("target.dot", folder + "/link.dot") == 0)
        chmod(folder + "/target.dot", 0o640)
        let run = Harness.run(["graph", Self.manifest, "--format", "dot", "-o", folder + "/link.dot"])
        #expect(run.code == 0, "\(run.err)")
        #expect(try #require(Self.mode(folder + "/link.dot")) & S_IFMT == S_IFLNK)
        #expect(Self.text(folder + "/target.dot").hasPrefix("digraph"))
        // The file it replaced keeps its permissions.
        #expect(try #require(Self.mode(folder + "/target.dot")) & 0o777 == 0o640)
    }

    @Test func aLinkToAFileNotYetThereMakesTheFile() {
        let folder = TemporaryFiles.folder([:])
        #expect(symlink(folder + "/made.dot", folder + "/dangling.dot") == 0)
        let run = Harness.run(["graph", Self.manifest, "--format", "dot", "-o", folder + "/dangling.dot"])
        #expect(run.code == 0, "\(run.err)")
        #expect(Self.text(folder + "/made.dot").hasPrefix("digraph"))
    }

    @Test func aFIFOIsWrittenInPlaceNotReplaced() throws {
        let folder = TemporaryFiles.folder([:])
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // A reader on the other end, the way a shell's >(…) has one: its
        // open waits for the writer, its reads end when the writer closes.
        let received = Locked([UInt8]())
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let reader = open(fifo, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while reader >= 0 {
                let count = read(reader, &buffer, buffer.count)
                if count < 0, errno == EINTR { continue }
                if count <= 0 { break }
                received.withLock { $0 += buffer[..<count] }
            }
            close(reader)
            done.signal()
        }
        let run = Harness.runBinary(["graph", Self.manifest, "--format", "mermaid", "-o", fifo])
        #expect(run.code == 0, "\(run.err)")
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(try #require(Self.mode(fifo)) & S_IFMT == S_IFIFO)
        #expect(String(decoding: received.withLock { $0 }, as: UTF8.self).contains("flowchart"))
    }

    @Test func aPrototypeBesideTheReportNeverReplacesAFileThePersonKeeps() {
        let folder = TemporaryFiles.folder(["r.prototype.html": "my notes\n"])
        let refused = Harness.run(["report", Self.manifest, "-o", folder + "/r.html"])
        #expect(refused.code == 73)
        #expect(refused.err.contains("--force"))
        #expect(Self.text(folder + "/r.prototype.html") == "my notes\n")
        let forced = Harness.run(["report", Self.manifest, "-o", folder + "/r.html", "--force"])
        #expect(forced.code == 0, "\(forced.err)")
        #expect(Self.text(folder + "/r.prototype.html").contains("<meta name=\"generator\""))
        // A page this tool wrote is replaced without --force.
        let again = Harness.run(["report", Self.manifest, "-o", folder + "/r.html"])
        #expect(again.code == 0, "\(again.err)")
    }

    @Test func aReportIntoADeviceWritesNoPageBesideIt() {
        let run = Harness.run(["report", Self.manifest, "-o", "/dev/null"])
        #expect(run.code == 0, "\(run.err)")
        #expect(Self.mode("/dev/null.prototype.html") == nil)
    }

    @Test func aRecordingOnStandardOutputIsTheScriptAloneAndChecksAsIs() throws {
        let run = Harness.run(["walk", Self.manifest, "--record", "-"], input: ["1", "1"])
        #expect(run.code == 0, "\(run.err)")
        #expect(run.out.hasPrefix("# Strep A Throat Self-Test: recorded by rootapp walk"))
        #expect(!run.out.contains("──"), "the screens go to standard error")
        #expect(run.err.contains("Get started"))
        let folder = TemporaryFiles.folder(["walk.txt": run.out])
        let check = Harness.run(["check", Self.manifest, folder + "/walk.txt"])
        #expect(check.code == 0, "\(check.out)\(check.err)")
    }
}
