// The one file in the package that names a C library module: everything
// that differs between Darwin, Glibc and Musl is settled here, and the
// other files call `Platform` or the POSIX names all three share.
// `.ci/run` fails if `Glibc.`, `Musl.` or `Darwin.` appears anywhere else.
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#else
#error("Stepflow needs a POSIX C library: Glibc, Musl or Darwin.")
#endif

/// The C library calls whose names or types differ between platforms.
package enum Platform {
    /// The processors online (at least 1): how many threads a tool's work
    /// runs on at once.
    package static var cores: Int { max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))) }

    /// `read(2)`: reads into `buffer`; the count, 0 at the end, -1 with
    /// `errno` set.
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Musl)
        Musl.read(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.read(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    /// `write(2)`: writes from `buffer`; the count written, -1 with
    /// `errno` set.
    package static func write(_ descriptor: Int32, from buffer: UnsafeRawBufferPointer) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, buffer.baseAddress, buffer.count)
        #elseif canImport(Musl)
        Musl.write(descriptor, buffer.baseAddress, buffer.count)
        #else
        Darwin.write(descriptor, buffer.baseAddress, buffer.count)
        #endif
    }

    /// Writes all of `text` to `descriptor`, retrying after signals;
    /// `nil`, or the `errno` of the failure.
    @discardableResult
    package static func write(_ text: String, to descriptor: Int32) -> Int32? {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, from: $0) }
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return written < 0 ? errno : EIO }
            bytes = bytes.dropFirst(written)
        }
        return nil
    }

    /// The text of an `errno` value (`No such file or directory`).
    package static func describe(errno code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// `epoch` (seconds since 1970; by default now) as
    /// `YYYY-MM-DD HH:MM UTC`. A report passes `SOURCE_DATE_EPOCH`, checked,
    /// so it can be made again byte for byte.
    package static func utcDate(epoch: Int? = nil) -> String {
        var seconds = time_t(epoch ?? Int(time(nil)))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            """
            \(parts.tm_year + 1900)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday)) \
            \(two(parts.tm_hour)):\(two(parts.tm_min)) UTC
            """
    }

    /// The environment variable `name`, if set.
    package static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Whether `descriptor` is a terminal.
    package static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// The width of the terminal on `descriptor` in columns, if it is one
    /// and says.
    package static func terminalColumns(_ descriptor: Int32) -> Int? {
        var size = winsize()
        #if canImport(Musl)
        let request = Int32(TIOCGWINSZ)  // Musl's ioctl takes an int
        #else
        let request = UInt(TIOCGWINSZ)
        #endif
        guard isatty(descriptor) == 1, ioctl(descriptor, request, &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }

    /// Runs `arguments[0]`, found on `PATH`, with `arguments` and this
    /// process's environment, and waits for it. Its exit status, or how it
    /// failed: `.notFound` when it could not be started, `.signal` when a
    /// signal stopped it.
    package static func run(_ arguments: [String]) -> ProcessOutcome {
        var pid = pid_t()
        #if canImport(Darwin)
        let environment = _NSGetEnviron().pointee
        #else
        let environment = environ
        #endif
        let status = arguments.withUnsafeBufferPointer { buffer -> Int32 in
            var pointers: [UnsafeMutablePointer<CChar>?] = buffer.map { strdup($0) } + [nil]
            defer { pointers.forEach { free($0) } }
            return posix_spawnp(&pid, arguments[0], nil, nil, &pointers, environment)
        }
        guard status == 0 else { return .notFound }
        var waitStatus: Int32 = 0
        while waitpid(pid, &waitStatus, 0) < 0 && errno == EINTR {}
        let signal = waitStatus & 0x7F
        return signal == 0 ? .exited((waitStatus >> 8) & 0xFF) : .signal(signal)
    }

    /// How a program run by ``run(_:)`` ended.
    package enum ProcessOutcome: Equatable {
        /// It could not be started (not installed).
        case notFound
        /// It exited with this status.
        case exited(Int32)
        /// This signal stopped it.
        case signal(Int32)
    }

    /// The paths of the files in `folder` whose names end with `suffix`,
    /// sorted; `nil` when `folder` cannot be opened.
    package static func files(in folder: String, endingWith suffix: String) -> [String]? {
        names(in: folder)?.filter { $0.hasSuffix(suffix) }.map { folder + "/" + $0 }
    }

    /// The names of the entries in `folder` that do not start with a dot,
    /// sorted; `nil` when `folder` cannot be opened.
    package static func names(in folder: String) -> [String]? {
        guard let directory = opendir(folder) else { return nil }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// A terminal's settings, saved to be put back.
    package struct TerminalSettings {
        fileprivate var value: termios
    }

    /// Switches the terminal on `descriptor` to reading key by key without
    /// its own echo (signals still work); the settings to restore, or
    /// `nil` if it is not a terminal.
    package static func readKeyByKey(_ descriptor: Int32) -> TerminalSettings? {
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        return TerminalSettings(value: saved)
    }

    /// Puts back the settings `readKeyByKey` saved.
    package static func restore(_ settings: TerminalSettings, on descriptor: Int32) {
        var value = settings.value
        _ = tcsetattr(descriptor, TCSANOW, &value)
    }
}
