#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import Dispatch
import StepflowTesting
import Testing

/// `rootapp walk` on a pseudo-terminal, as a person at a terminal meets
/// it: keys typed one by one, a countdown redrawn, a timer that finishes
/// while the person waits.
final class PseudoTerminal {
    let master: Int32
    let pid: pid_t
    private(set) var output = ""

    init?(arguments: [String], environment: [String]) {
        // posix_openpt and friends are not in Swift's Glibc module: the
        // same through /dev/ptmx and its two ioctls (Linux).
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        var unlock: Int32 = 0
        var number: UInt32 = 0
        guard master >= 0,
            ioctl(master, UInt(0x4004_5431), &unlock) == 0,  // TIOCSPTLCK
            ioctl(master, UInt(0x8004_5430), &number) == 0  // TIOCGPTN
        else { return nil }
        let slavePath = "/dev/pts/\(number)"
        var size = winsize(ws_row: 40, ws_col: 90, ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in Int32(0)...2 { posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0) }
        posix_spawn_file_actions_addclose(&actions, master)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the terminal becomes the walk's own
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var child: pid_t = 0
        guard posix_spawn(&child, arguments[0], &actions, &attributes, argv, envp) == 0 else { return nil }
        pid = child
    }

    /// Reads until `text` has appeared in the output (after `from`), or
    /// `seconds` pass; returns whether it appeared.
    @discardableResult
    func waitFor(_ text: String, after from: String.Index? = nil, seconds: Double = 10) -> Bool {
        let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            if output[(from ?? output.startIndex)...].contains(text) { return true }
            let now = DispatchTime.now().uptimeNanoseconds
            guard now < deadline else { return false }
            var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, Int32(min(200, (deadline - now) / 1_000_000))) > 0 else { continue }
            let count = read(master, &buffer, buffer.count)
            guard count > 0 else { return output[(from ?? output.startIndex)...].contains(text) }
            output += String(decoding: buffer[..<count], as: UTF8.self)
        }
    }

    func type(_ text: String) {
        _ = text.withCString { write(master, $0, strlen($0)) }
    }

    /// Waits for the process and returns its exit code.
    func finish() -> Int32 {
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        close(master)
        return (status >> 8) & 0xFF
    }
}

@Suite("The walk on a terminal")
struct TerminalWalkTests {
    @Test func theWalkDrawsTheStackTheSheetAndTheBusyStateAsTheAppsUIWould() throws {
        let manifest = BundledManifests.path("covid-antigen-clinic")
        // Sign in, main clinic, start a test from the home, type an id the
        // records do not hold; the person answers the lookup (by hand),
        // and "not found" is a sheet.
        let run = Harness.run(
            ["walk", manifest, "--by-hand", "patient-lookup"],
            input: ["1", "1", "1", "1", "1", "2", "1", "P-9999", "?", "b", "2", "t", "q"])
        let out = run.out
        #expect(out.contains("  stack   intake/identify › intake/type-id\n── Type the patient id"))
        #expect(out.contains("  stack   intake/identify › intake/type-id\n  sheet   intake/not-found\n── No patient"))
        // While the app asks, its help offers answers, and no way back.
        let help = try #require(out.split(separator: "What you can type here:").dropFirst().first)
        #expect(help.contains("the answer with that number to the patient's record"))
        #expect(!help.contains("\n  b "))
        #expect(run.unwrappedErr.contains("The app waits for the patient's record; give its answer first"))
        // The first screen alone draws no stack.
        #expect(out.split(separator: "── Welcome").first?.contains("stack") == false)
    }

    @Test func aTimerThatFinishesWhileThePersonWaitsIsDrawnAtOnceAndTypedTextIsNeverMisapplied() throws {
        // The lay COVID test with a one-minute timer, run 30 times faster.
        let source = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home")))
        let manifest = "/tmp/rootapp-pty-\(getpid()).json"
        let recording = "/tmp/rootapp-pty-\(getpid()).txt"
        defer {
            unlink(manifest)
            unlink(recording)
        }
        let parts = source.split(separator: #""waitMinutes": 15"#, omittingEmptySubsequences: false)
        #expect(parts.count == 2)
        let quick = parts.joined(separator: #""waitMinutes": 1"#)
        manifest.withCString { path in
            let file = fopen(path, "w")
            fputs(quick, file)
            fclose(file)
        }
        let directory = String(
            CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
                separator: "/"))
        let terminal = try #require(
            PseudoTerminal(
                arguments: [directory + "/rootapp", "walk", manifest, "--record", recording],
                environment: ["TERM=xterm", "NO_COLOR=1", "ROOTAPP_TIME_SCALE=30", "PATH=/usr/bin:/bin"]
            ))
        #expect(terminal.waitFor("── Welcome"))
        #expect(terminal.waitFor("─ onboarding\r\n"), "the rule names the instance")
        // The terminal is 90 columns wide: the rule fills it.
        // (A terminal ends lines with "\r\n", one Character in Swift.)
        let rule = terminal.output.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }).first {
            $0.hasPrefix("── Welcome")
        }
        #expect(rule?.count == 90)
        // Through the onboarding and the instructions to the timer.
        for title in [
            "What you need", "How the test works", "Reading your result", "Your privacy", "Check your kit", "Prepare",
            "Take the swab", "Mix", "Apply the sample", "Waiting for the result",
        ] {
            let mark = terminal.output.endIndex
            terminal.type("1\r")
            #expect(terminal.waitFor("── \(title)", after: mark), "\(title)")
        }
        // Type without Enter: the countdown redraws and keeps the text.
        terminal.type("zz")
        #expect(terminal.waitFor("left, s to finish now > zz"))
        let beforeRedraw = terminal.output.endIndex
        #expect(
            terminal.waitFor("left, s to finish now > zz", after: beforeRedraw),
            "a later redraw still shows what was typed")
        // The timer finishes while the person waits: the new screen is
        // drawn at once, and the half-typed line is dropped, not applied.
        #expect(terminal.waitFor("── Time is up", seconds: 15))
        #expect(terminal.waitFor("(The screen changed, so what you typed was not used.)"))
        let mark = terminal.output.endIndex
        terminal.type("1\r")
        #expect(
            terminal.waitFor("── Read the result", after: mark), "1 means what the visible screen says: Read the result"
        )
        terminal.type("q\r")
        #expect(terminal.waitFor("Quit."))
        #expect(terminal.finish() == 0)
        #expect(!terminal.output.contains("No action"))
        // The timer that finished by itself is in the recording as the
        // `wait` a script gives, so the recording replays.
        let script = try #require(GoldenFile.read(recording))
        #expect(script.contains("expect screen test/timer\nwait\n"))
        let replay = Harness.run(["check", manifest, recording])
        #expect(replay.code == 0, "\(replay.out)\(replay.err)")
    }

    @Test func anAppThatEndedKeepingAResultIsOpenedAgainFromTheTerminal() throws {
        // The clinic's script up to the sign-out, a result kept for the
        // lab: the walk then reads the terminal, where the app has ended.
        let source = try #require(
            GoldenFile.read(
                BundledManifests.repositoryRoot
                    + "/RootApp/Scripts/hba1c-clinic/kept-sent-from-the-home-after-a-relaunch.txt"))
        let upToTheEnd = try #require(source.split(separator: "relaunch\n", omittingEmptySubsequences: false).first)
        let script = TemporaryFiles.folder(["kept.txt": String(upToTheEnd)]) + "/kept.txt"
        let directory = String(
            CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
                separator: "/"))
        let terminal = try #require(
            PseudoTerminal(
                arguments: [
                    directory + "/rootapp", "walk", BundledManifests.path("hba1c-clinic"), "--script", script,
                    "--by-hand", "lab-link,outbox",
                ],
                environment: ["TERM=xterm", "NO_COLOR=1", "PATH=/usr/bin:/bin"]
            ))
        #expect(terminal.waitFor("Type relaunch to open"), "\(terminal.output.suffix(800))")
        let ended = terminal.output.endIndex
        terminal.type("relaunch\r")
        // Read, not thrown away as typed for a screen that went.
        let opened = terminal.waitFor("1) Sign in", after: ended)
        let after = String(terminal.output[ended...])
        #expect(opened, "\(after)")
        #expect(!after.contains("what you typed was not used"))
        terminal.type("q\r")
        #expect(terminal.waitFor("Quit.", after: ended))
        #expect(terminal.finish() == 0)
    }

    @Test func aDumbTerminalGetsNoColourAndNoCursorCodes() throws {
        let directory = String(
            CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(
                separator: "/"))
        let terminal = try #require(
            PseudoTerminal(
                arguments: [directory + "/rootapp", "walk", BundledManifests.path("covid-antigen-home")],
                environment: ["TERM=dumb", "PATH=/usr/bin:/bin"]
            ))
        #expect(terminal.waitFor("── Welcome"))
        terminal.type("1\r")
        #expect(terminal.waitFor("── What you need"))
        terminal.type("q\r")
        #expect(terminal.waitFor("Quit."))
        #expect(terminal.finish() == 0)
        #expect(!terminal.output.contains("\u{1B}"), "no escape codes at all")
    }
}
