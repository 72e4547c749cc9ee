#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Testing

/// Golden files beside the tests: compared byte for byte, re-recorded when
/// `RECORD_SNAPSHOTS=1`, and on a mismatch reported as the first lines
/// that differ, with how to accept the change.
///
/// ```swift
/// GoldenFile(folder: goldens).check(DOTExporter.export(graph), "covid.dot")
/// ```
public struct GoldenFile: Sendable {
    /// The folder the golden files are in.
    public let folder: String

    /// Golden files in `folder`.
    public init(folder: String) { self.folder = folder }

    /// Whether `RECORD_SNAPSHOTS=1`: golden files are written, not compared.
    package static var isRecording: Bool { getenv("RECORD_SNAPSHOTS").map { String(cString: $0) == "1" } ?? false }

    /// The text of the file at `path`, if it can be read.
    public static func read(_ path: String) -> String? {
        readBytes(path).map { String(decoding: $0, as: UTF8.self) }
    }

    /// The bytes of the file at `path`, if it can be read.
    package static func readBytes(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count == 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }

    static func write(_ text: String, to path: String) {
        guard let file = fopen(path, "wb") else { return }
        fputs(text, file)
        fclose(file)
    }

    /// Checks `actual` against the golden file `name`.
    public func check(_ actual: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let path = "\(folder)/\(name)"
        if Self.isRecording {
            Self.write(actual, to: path)
            return
        }
        guard let expected = Self.read(path) else {
            Issue.record(
                "no golden file \(name). To fix, run the tests with RECORD_SNAPSHOTS=1 and review the new file.",
                sourceLocation: sourceLocation)
            return
        }
        guard actual != expected else { return }
        let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        var report: [String] = []
        for line in 0..<max(actualLines.count, expectedLines.count) where report.count < 10 {
            let a = line < actualLines.count ? String(actualLines[line]) : "(none)"
            let e = line < expectedLines.count ? String(expectedLines[line]) : "(none)"
            if a != e { report.append("line \(line + 1):\n  - \(e)\n  + \(a)") }
        }
        Issue.record(
            """
            \(name) differs from its golden file:\n\(report.joined(separator: "\n"))\nTo accept the change, run \
            with RECORD_SNAPSHOTS=1 and review the diff.
            """,
            sourceLocation: sourceLocation)
    }
}
