#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import StepflowManifest
import BundledModules

/// The repository's bundled manifests and scripts, for the test targets
/// that exercise them: where they are, which there are, and loading one.
public enum BundledManifests {
    /// The repository's root, from this file's place in it
    /// (`Tests/BundledFixtures/BundledManifests.swift`).
    public static let repositoryRoot: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    /// `RootApp/Manifests`.
    public static let folder = repositoryRoot + "/RootApp/Manifests"

    /// The bundled variants' names (their file names without `.json`), sorted:
    /// a manifest added to the folder is tested without listing it here.
    public static let names: [String] = files(in: folder, endingWith: ".json").map { path in
        String(path.split(separator: "/").last!.dropLast(".json".count))  // a path of a file listed in `folder`
    }

    /// Whether the whole-variant tests run on every bundled variant:
    /// `STEPFLOW_EXHAUSTIVE=1`, which CI sets. Without it they run on the
    /// lay variants (tens of states), and the clinics' thousands of states
    /// are left to CI, so `swift test` stays quick on a laptop.
    public static let isExhaustive = getenv("STEPFLOW_EXHAUSTIVE").map { String(cString: $0) == "1" } ?? false

    /// The variants a test that walks every state of each runs on: every
    /// bundled one under ``isExhaustive``, else those whose audience is
    /// lay (tens of states each).
    public static let wholeVariantNames: [String] =
        isExhaustive ? names : names.filter { (try? load($0))?.app.audience == "lay" }

    /// `all` under ``isExhaustive`` (CI), else `plain`: the cases of a slow
    /// test that a laptop's `swift test` runs, and every one CI runs.
    public static func cases<Case>(_ all: [Case], plain: [Case]) -> [Case] { isExhaustive ? all : plain }

    /// The path of the manifest of variant `name`.
    public static func path(_ name: String) -> String { "\(folder)/\(name).json" }

    /// The manifest of variant `name`, loaded against the bundled modules.
    public static func load(_ name: String) throws -> Manifest {
        try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).load(path: path(name))
    }

    /// The acceptance scripts of variant `name`, sorted.
    public static func scripts(_ name: String) -> [String] {
        files(in: "\(repositoryRoot)/RootApp/Scripts/\(name)", endingWith: ".txt")
    }

    /// The paths of the files in `folder` whose names end with `suffix`,
    /// sorted; none if the folder cannot be read.
    public static func files(in folder: String, endingWith suffix: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var files: [String] = []
        while let entry = readdir(directory) {
            let file = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if file.hasSuffix(suffix) { files.append("\(folder)/\(file)") }
        }
        return files.sorted()
    }
}

/// Files written for one test, in a folder of their own.
public enum TemporaryFiles {
    /// A new folder under `/tmp` holding `files` (name → text; a name may
    /// have one folder: `scripts/a.txt`); its path.
    public static func folder(_ files: [String: String]) -> String {
        var template = Array("/tmp/stepflow-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }  // a writable buffer
        precondition(made != nil, "cannot make a temporary folder")
        let folder = String(cString: made!)  // checked above
        for (name, text) in files.sorted(by: { $0.key < $1.key }) {
            // `scripts/a.txt` makes the folder `scripts` first.
            if let slash = name.lastIndex(of: "/") { mkdir(folder + "/" + name[..<slash], 0o755) }
            guard let file = fopen(folder + "/" + name, "w") else { preconditionFailure("cannot write \(name)") }
            fputs(text, file)
            fclose(file)
        }
        return folder
    }
}
