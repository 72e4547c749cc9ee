#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import StepflowTesting

// A family of variants at once: `rootapp validate` given many manifests
// (the bundled five, each copied with its app id changed), against the
// same command given one manifest, times the family's size.

struct FamilyFigures {
    let manifests: Int
    /// `rootapp validate` of the whole family, one process.
    let family: Timing
    /// The sum over the family of `rootapp validate <one manifest>`, each
    /// kind's median start-to-end time counted once per copy.
    let oneByOne: Double
}

/// The bundled manifests a family is copied from.
let familyKinds = [
    "covid-antigen-home", "covid-antigen-home-de", "covid-antigen-clinic", "strep-a-home", "hba1c-clinic",
]

/// A new folder named from `prefix` holding the German variant's catalog,
/// and each bundled manifest's text with its scripts folder made absolute
/// (a family's manifests are written beside the catalog, away from their
/// scripts); `nil` when either cannot be made or read.
func familyFolder(_ prefix: String) -> (folder: String, texts: [String: String])? {
    var template = Array("/tmp/\(prefix)-XXXXXX".utf8CString)
    guard let made = mkdtemp(&template) else { return nil }
    let folder = String(cString: made)
    var cwd = [CChar](repeating: 0, count: 4096)
    guard getcwd(&cwd, cwd.count) != nil else { return nil }
    let directory = String(decoding: cwd.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let catalog = GoldenFile.read("RootApp/Manifests/covid-antigen-home-de.xcstrings"),
        writeText(catalog, to: folder + "/covid-antigen-home-de.xcstrings")
    else { return nil }
    var texts: [String: String] = [:]
    for kind in familyKinds {
        guard let text = GoldenFile.read("RootApp/Manifests/\(kind).json") else { return nil }
        texts[kind] = text.replacing("\"../Scripts/", with: "\"" + directory + "/RootApp/Scripts/")
    }
    return (folder, texts)
}

/// Writes `copies` of each bundled manifest into a new folder, each with
/// its own app id; their scripts and catalog are the bundled ones. The
/// folder, or `nil` when the manifests are not found.
func writeFamily(copies: Int) -> (folder: String, paths: [String])? {
    guard let (folder, texts) = familyFolder("stepflow-family") else { return nil }
    var paths: [String] = []
    for copy in 0..<copies {
        for kind in familyKinds {
            let renamed = texts[kind]!.replacing(  // every kind was read
                "\"id\": \"\(kind)\"", with: "\"id\": \"\(kind)-\(copy)\"", maxReplacements: 1)
            let path = "\(folder)/\(kind)-\(copy).json"
            guard writeText(renamed, to: path) else { return nil }
            paths.append(path)
        }
    }
    return (folder, paths)
}

func writeText(_ text: String, to path: String) -> Bool {
    guard let file = fopen(path, "w") else { return false }
    let written = fputs(text, file) >= 0
    return fclose(file) == 0 && written
}

/// Removes the family's folder and what is in it.
func removeFamily(_ folder: String, _ paths: [String]) {
    for path in paths + [folder + "/covid-antigen-home-de.xcstrings"] { unlink(path) }
    rmdir(folder)
}

/// 3: the family validated in one process against one by one; prints it.
func familySection(quick: Bool) -> FamilyFigures? {
    // A quick run (CI's) validates 100 manifests: a thousand take a minute
    // since the record tripled the clinics' states; the goal is judged on
    // a full run only.
    let copies = quick ? 20 : 200
    guard let rootapp = binaries().rootapp, let (folder, paths) = writeFamily(copies: copies) else {
        print("Family: skipped (build rootapp in release beside this binary and run from")
        print("the repository's root).")
        print("")
        return nil
    }
    defer { removeFamily(folder, paths) }
    let family = measureTimed(runs: quick ? 1 : 3, warmUp: !quick) {
        timeProcess([rootapp, "validate"] + paths) ?? 0
    }
    var oneByOne = 0.0
    for kind in familyKinds {
        oneByOne +=
            medianProcess([rootapp, "validate", "\(folder)/\(kind)-0.json"], runs: quick ? 3 : 7) * Double(copies)
    }
    let figures = FamilyFigures(manifests: paths.count, family: family, oneByOne: oneByOne)
    print("Family: rootapp validate of \(paths.count) manifests (the bundled five, \(copies) times,")
    print("app ids changed), on this machine's cores, against one manifest a process:")
    print("  all at once:       \(padded(fixed(family.median / 1e6, 0), 7)) ms")
    print(
        "  one by one:        \(padded(fixed(oneByOne / 1e6, 0), 7)) ms   (each kind's median x \(copies))"
    )
    print("  ratio \(fixed(family.median / oneByOne, 2))")
    print("")
    return figures
}
