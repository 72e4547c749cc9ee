import StepflowPlatform
/// One problem found in a manifest: where it is and what to do about it.
///
/// Written like a compiler's message, one line:
/// `covid.json:12:17: error: modules[1].module: unknown module 'procedur'.
/// Did you mean 'procedure'? Known modules: 'onboarding', 'procedure',
/// 'results'.`
public struct ManifestDiagnostic: Hashable, Sendable, CustomStringConvertible {
    /// How serious a problem is.
    public enum Severity: String, Hashable, Sendable {
        /// The manifest cannot be used.
        case error
        /// The manifest works, but something is probably not meant.
        case warning
    }

    /// Error or warning.
    package let severity: Severity
    /// The file, as the user named it.
    package let file: String
    /// Where in the file; `nil` when the problem is the file as a whole.
    package let location: TextLocation?
    /// The JSON path (`modules[1].options.waitMinutes`); empty for the file.
    package let path: String
    /// What is wrong, the nearest valid name, the allowed values, the fix.
    package let message: String

    /// Creates a diagnostic.
    package init(_ severity: Severity, file: String, location: TextLocation?, path: String, message: String) {
        self.severity = severity
        self.file = file
        self.location = location
        self.path = path
        self.message = message
    }

    /// `file:line:column: severity: path: message`.
    public var description: String {
        let place = location.map { "\(file):\($0)" } ?? file
        return "\(place): \(severity.rawValue): " + (path.isEmpty ? "" : "\(path): ") + message
    }
}

/// Why a manifest could not be loaded.
public enum ManifestLoadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No file at the path.
    case fileNotFound(path: String)
    /// The file exists but cannot be read (a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The file was read and is not a valid manifest: every problem found.
    case invalid([ManifestDiagnostic])

    /// The diagnostics, one per line.
    public var description: String {
        switch self {
        case .fileNotFound(let path):
            """
            \(path): error: no such file. \(Suggestion.nearbyFile(path).map { "Did you mean '\($0)'? " } ?? "")To \
            fix, check the path.
            """
        case .unreadable(let path, let reason):
            "\(path): error: cannot read the file: \(reason)."
        case .invalid(let diagnostics):
            diagnostics.map(\.description).joined(separator: "\n")
        }
    }
}

/// Finds the valid name a mistyped one was meant to be.
package enum Suggestion {
    /// The file beside `path` whose name is nearest its name, when one is
    /// close enough to be a typo (`covid-antigen-hom.json` →
    /// `RootApp/Manifests/covid-antigen-home.json`).
    package static func nearbyFile(_ path: String) -> String? {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard !name.isEmpty, let names = Platform.names(in: folder.isEmpty ? "/" : folder) else { return nil }
        guard let nearest = nearest(to: name, in: names) else { return nil }
        return slash == nil ? nearest : folder + "/" + nearest
    }

    /// The candidate closest to `word`, ignoring case, if it is close
    /// enough to be a typo: at most a third of the word's length in edits
    /// (a swap of two neighbours counts as one), or one name a prefix of
    /// the other (`ending` → `end`).
    package static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        // Names are ASCII almost always: compared as bytes, lowercased in
        // place, rather than as characters of new lowercased strings.
        let asciiTarget = Self.isASCII(word) ? word.utf8.map(Self.lowercased) : nil
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let bound = min(limit, (best?.distance ?? .max) - 1)
            // The distance is at least the difference in length: a
            // candidate that cannot come within the limit, or beat the
            // best so far, is not compared letter by letter.
            let distance: Int?
            if let asciiTarget, Self.isASCII(candidate) {
                guard abs(candidate.utf8.count - asciiTarget.count) <= bound else { continue }
                distance = editDistance(asciiTarget, candidate.utf8.map(Self.lowercased), atMost: bound)
            } else {
                guard abs(candidate.count - target.count) <= bound else { continue }
                distance = editDistance(target, Array(candidate.lowercased()), atMost: bound)
            }
            guard let distance else { continue }
            best = (candidate, distance)
        }
        if let best, best.distance <= limit { return best.name }
        let lowered = word.lowercased()
        return candidates.first { candidate in
            let other = candidate.lowercased()
            return min(other.count, lowered.count) >= 3 && (lowered.hasPrefix(other) || other.hasPrefix(lowered))
        }
    }

    private static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// An ASCII byte lowercased (`A`–`Z` to `a`–`z`), others as they are:
    /// what `lowercased()` does to an ASCII string.
    private static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    /// `Did you mean 'x'? ` or nothing.
    package static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        nearest(to: word, in: candidates).map { "Did you mean '\($0)'? " } ?? ""
    }

    /// `'a', 'b', 'c'`.
    package static func list(_ names: [String]) -> String {
        names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
    }

    /// The edit distance of `a` and `b` (see ``editDistance(_:_:)``) if it
    /// is at most `bound`, else `nil`: it stops as soon as a whole row of
    /// the table is over the bound, which is most candidates after a few
    /// letters.
    ///
    /// - Complexity: O(n × m), two rows of memory.
    static func editDistance<Letter: Equatable>(_ a: [Letter], _ b: [Letter], atMost bound: Int) -> Int? {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) <= bound ? max(a.count, b.count) : nil }
        // Three rows: the one before last (for a transposition), the last,
        // and the one being made.
        var twoBack = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, twoBack[j - 2] + 1)
                }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            // Every later row is at least this row's minimum.
            if rowMinimum > bound { return nil }
            (twoBack, previous, current) = (previous, current, twoBack)
        }
        return previous[b.count] <= bound ? previous[b.count] : nil
    }

    /// Edit distance with transpositions (optimal string alignment).
    ///
    /// - Complexity: O(n × m).
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var table = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { table[i][0] = i }
        for j in 0...b.count { table[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                table[i][j] = min(table[i - 1][j] + 1, table[i][j - 1] + 1, table[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    table[i][j] = min(table[i][j], table[i - 2][j - 2] + 1)
                }
            }
        }
        return table[a.count][b.count]
    }
}
