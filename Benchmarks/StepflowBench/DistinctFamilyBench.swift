#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowTesting

// Issue 57: a family of distinct manifests, drawn from the option
// combinations the bundled modules take, not copies. Each of the five
// bundled variants (lay and professional audiences, one and two locales,
// outside services, tabs) is varied in four ways at once: its first
// module's count (how-it-works pages for a lay variant, sign-in attempts
// for a professional one), the test's wait, the hotline's words, and its
// routed links kept or left out. 5 x 5 x 4 x 5 x 2 = 1,000 manifests, no
// two alike.

struct DistinctFamilyFigures {
    let manifests: Int
    /// `rootapp validate` of the whole family, one process, every core.
    let family: Timing
    /// Whether `validate` passed the whole family (exit 0) every run.
    let valid: Bool
}

/// The family's knobs, as text replaced in a bundled manifest.
private let pagesOrAttempts = [1, 2, 3, 4, 5]
private let waits = [5, 10, 15, 20]
private let hotlines = ["0800 123 4567", "0800 765 4321", "0300 200 3000", "01632 960 000", "0800 000 1111"]

/// The `index`-th combination of the knobs (0 ..< 200) of `kind`,
/// written from its bundled `text`.
private func variant(_ text: String, kind: String, index: Int) -> String {
    var rest = index
    let first = pagesOrAttempts[rest % 5]
    rest /= 5
    let wait = waits[rest % 4]
    rest /= 4
    let hotline = hotlines[rest % 5]
    rest /= 5
    let keepsLinks = rest % 2 == 0
    var text = text.replacing("\"id\": \"\(kind)\"", with: "\"id\": \"\(kind)-\(index)\"", maxReplacements: 1)
    // The first module's count: pages for lay users (the German variant's
    // catalog translates three, so it varies how long a strip stays
    // readable instead), attempts for professionals (at least 2: a rule
    // names the page a wrong password shows).
    if text.contains("\"de\"") {
        text = text.replacing(
            "\"readWithinMinutes\": 5", with: "\"readWithinMinutes\": \([3, 5, 7, 10, 15][first - 1])")
    } else {
        for pages in 1...5 {
            text = text.replacing("\"howItWorksPages\": \(pages)", with: "\"howItWorksPages\": \(first)")
        }
    }
    for attempts in 1...10 {
        text = text.replacing("\"maxSignInAttempts\": \(attempts),", with: "\"maxSignInAttempts\": \(first + 1),")
        text = text.replacing("\"maxSignInAttempts\": \(attempts) ", with: "\"maxSignInAttempts\": \(first + 1) ")
    }
    for minutes in [5, 15] { text = text.replacing("\"waitMinutes\": \(minutes),", with: "\"waitMinutes\": \(wait),") }
    for number in hotlines { text = text.replacing("\"hotline\": \"\(number)\"", with: "\"hotline\": \"\(hotline)\"") }
    // Links kept or left out; where a rule speaks of a link, patients
    // identified by scan only or by a typed id too instead.
    if text.contains("\"link\": \"") {
        if !keepsLinks { text = text.replacing("\"identifyBy\": \"scan\"", with: "\"identifyBy\": \"both\"") }
    } else if !keepsLinks {
        text = withoutMember("links", of: text)
    }
    return text
}

/// `text` without the object member `"name": {…}` (and its comma).
private func withoutMember(_ name: String, of text: String) -> String {
    let bytes = Array(text.utf8)
    let key = Array("\"\(name)\": {".utf8)
    guard let start = (0...(bytes.count - key.count)).first(where: { bytes[$0..<$0 + key.count].elementsEqual(key) })
    else { return text }
    var depth = 0
    var end = start + key.count - 1
    var inString = false
    while end < bytes.count {
        let byte = bytes[end]
        if inString {
            if byte == UInt8(ascii: "\\") {
                end += 1
            } else if byte == UInt8(ascii: "\"") {
                inString = false
            }
        } else if byte == UInt8(ascii: "\"") {
            inString = true
        } else if byte == UInt8(ascii: "{") {
            depth += 1
        } else if byte == UInt8(ascii: "}") {
            depth -= 1
            if depth == 0 { break }
        }
        end += 1
    }
    var after = end + 1
    while after < bytes.count, bytes[after] == UInt8(ascii: " ") || bytes[after] == UInt8(ascii: "\n") { after += 1 }
    if after < bytes.count, bytes[after] == UInt8(ascii: ",") {
        return String(decoding: bytes[..<start] + bytes[(after + 1)...], as: UTF8.self)
    }
    // The last member: the comma before it goes.
    var before = start - 1
    while before > 0, bytes[before] != UInt8(ascii: ",") { before -= 1 }
    return String(decoding: bytes[..<before] + bytes[(end + 1)...], as: UTF8.self)
}

/// Writes `count` manifests of the family (a fifth of them of each kind,
/// their knobs spread) into a new folder.
func writeDistinctFamily(count: Int) -> (folder: String, paths: [String])? {
    guard let (folder, texts) = familyFolder("stepflow-distinct") else { return nil }
    var paths: [String] = []
    // Each kind with every combination of the knobs (200), or a part of
    // them spread over every knob (a step coprime to 200 goes through
    // them all in another order).
    let combinations = max(1, min(count, 1000) / familyKinds.count)
    for drawn in 0..<combinations {
        let knobs = combinations == 200 ? drawn : (drawn * 37) % 200
        for kind in familyKinds {
            let path = "\(folder)/\(kind)-\(knobs).json"
            guard writeText(variant(texts[kind]!, kind: kind, index: knobs), to: path) else { return nil }
            paths.append(path)
        }
    }
    return (folder, paths)
}

/// 3b: the distinct family validated in one process; prints it.
func distinctFamilySection(quick: Bool) -> DistinctFamilyFigures? {
    // A quick run (CI's) validates 100 of the 1,000; the goal is judged
    // on a full run only.
    let count = quick ? 100 : 1000
    guard let rootapp = binaries().rootapp, let (folder, paths) = writeDistinctFamily(count: count) else {
        print("Distinct family: skipped (build rootapp in release beside this binary and run")
        print("from the repository's root).")
        print("")
        return nil
    }
    var valid = true
    // A family that did not validate is kept, to see why.
    defer { if valid { removeFamily(folder, paths) } }
    // Each run must pass: a time of a family that failed says nothing.
    let family = measureTimed(runs: quick ? 1 : 3, warmUp: false) {
        guard let time = timeProcess([rootapp, "validate"] + paths) else {
            valid = false
            return 0
        }
        return time
    }
    let figures = DistinctFamilyFigures(manifests: paths.count, family: family, valid: valid)
    print("Distinct family (issue 57): rootapp validate of \(paths.count) distinct manifests (the bundled")
    print("five, each varied: first module's count, wait, hotline, links), on this machine's cores:")
    print(
        "  all at once:       \(padded(fixed(family.median / 1e6, 0), 7)) ms"
            + (valid ? "   (every manifest valid)" : "   (NOT every manifest valid: see \(folder))"))
    print("")
    return figures
}
