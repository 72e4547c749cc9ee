#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform
import StepflowScripts

extension RootApp {
    /// The manifest at `path`; after reporting why not, the exit code its
    /// failure means.
    func manifest(
        _ path: String, _ console: Console, catalogMayBeMissing: Bool = false
    ) throws(ExitCodeError)
        -> Manifest
    {
        do throws(ManifestLoadError) {
            var loader = loader
            loader.catalogMayBeMissing = catalogMayBeMissing
            let manifest = try loader.load(path: path)
            for warning in manifest.warnings { console.error(console.yellow(warning.description)) }
            return manifest
        } catch {
            console.error(error.description)
            if case .fileNotFound = error, let manifestsHint { console.error(manifestsHint) }
            switch error {
            case .invalid: throw ExitCodeError(code: .badInput)
            case .fileNotFound, .unreadable: throw ExitCodeError(code: .missingFile)
            }
        }
    }
}

/// An exit code carried as an error.
struct ExitCodeError: Error {
    let code: ExitCode
}

/// Explores a manifest's variant, reporting load failures.
extension RootApp {
    /// The variant's graph. When exploring takes over a second, a line on
    /// stderr says what is happening, so a large variant does not look hung.
    func variant(_ path: String, _ console: Console, locale: String? = nil) throws(ExitCodeError) -> VariantGraph {
        let manifest = try self.manifest(path, console)
        let locale = try Self.locale(locale, of: manifest, console)
        let notice = DispatchWorkItem {
            console.error(
                console.dim(
                    "Exploring \(manifest.app.id): every step of every module… (large variants take a few seconds)"))
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: notice)
        defer { notice.cancel() }
        let variant = VariantGraph(manifest: manifest, registry: registry, services: services, locale: locale)
        // Labels in a locale with texts missing would be part English:
        // said, not hidden.
        let missing = variant.missingTranslations(in: variant.locale)
        if !missing.isEmpty {
            console.error(
                console.yellow(
                    """
                    warning: \(missing.count) text\(missing.count == 1 ? "" : "s") a person can see \
                    \(missing.count == 1 ? "has" : "have") no '\(variant.locale)' text and \
                    show\(missing.count == 1 ? "s" : "") in English ('validate' lists them).
                    """
                ))
        }
        return variant
    }

    /// Refuses (65) a variant with texts a person can see but that have no
    /// text in its locale: a walk or a check would show them in English.
    func requireTexts(of variant: VariantGraph, _ console: Console) throws(ExitCodeError) {
        let missing = variant.missingTranslations(in: variant.locale)
        guard !missing.isEmpty else { return }
        for finding in missing { console.error(finding.description) }
        console.error(
            """
            error: \(missing.count) text\(missing.count == 1 ? "" : "s") of '\(variant.manifest.app.id)' \
            \(missing.count == 1 ? "has" : "have") no '\(variant.locale)' text (above). To fix, translate \
            \(missing.count == 1 ? "it" : "them"), or choose another --locale.
            """
        )
        throw ExitCodeError(code: .badInput)
    }

    /// The locale `--locale` names, checked against those `manifest`
    /// ships (a usage error, 64, names them); `nil` for the default.
    static func locale(_ requested: String?, of manifest: Manifest, _ console: Console) throws(ExitCodeError) -> String?
    {
        guard let requested else { return nil }
        guard manifest.locales.contains(requested) else {
            let hint = Suggestion.nearest(to: requested, in: manifest.locales).map { " Did you mean '\($0)'?" } ?? ""
            console.error(
                """
                error: '\(manifest.app.id)' does not ship the locale '\(requested)'.\(hint) It ships: \
                \(manifest.locales.joined(separator: ", ")).
                """
            )
            throw ExitCodeError(code: .usage)
        }
        return requested
    }
}

/// Reading an acceptance script for a command.
enum InputFile {
    /// The acceptance script at `path`; after reporting why not, the exit
    /// code its failure means (66 missing or unreadable, 65 not a script).
    static func script(_ path: String, _ console: Console) throws(ExitCodeError) -> Script {
        do throws(ScriptLoadError) {
            return try Script.load(path: path)
        } catch {
            if case .syntax(let syntax) = error {
                // `file:line: error: …` on its line, as compilers write it;
                // the forms a line takes wrapped below it.
                console.error("\(syntax.file):\(syntax.line): error: \(syntax.message)")
                for line in console.wrap(Script.SyntaxError.forms, indent: "    ") { console.error(line) }
            } else {
                console.error(error.description)
            }
            switch error {
            case .fileNotFound, .unreadable: throw ExitCodeError(code: .missingFile)
            case .notAScript, .syntax: throw ExitCodeError(code: .badInput)
            }
        }
    }
}

extension InputFile {
    /// The saved walk at `path`; after reporting why not, the exit code
    /// its failure means (66 missing or unreadable, 65 not a saved walk).
    static func savedNavigation(_ path: String, _ console: Console) throws(ExitCodeError) -> SavedNavigation {
        do throws(SavedNavigationError) {
            return try SavedNavigationJSON.load(path: path)
        } catch {
            for line in console.wrap(error.description) { console.error(line) }
            switch error.kind {
            case .fileNotFound, .unreadable: throw ExitCodeError(code: .missingFile)
            case .invalid: throw ExitCodeError(code: .badInput)
            }
        }
    }
}

/// Writing a command's output file as Unix tools write one: checked
/// before any work is done and never over one of the command's inputs. A
/// regular file (or a new one) is written atomically (a temporary file
/// beside it, then a rename, keeping the old file's permissions), so a
/// failure never leaves half a file or destroys the one that was there; a
/// symbolic link is followed and its target written that way, so the link
/// stays a link; a device, a FIFO, a socket or a path under `/dev` or
/// `/proc` (`/dev/stdout`, a shell's `>(…)`) is written in place, never
/// replaced.
enum OutputFile {
    /// Where a path's bytes go.
    enum Target: Equatable {
        /// Standard output (`-`).
        case standardOutput
        /// Written in place: a device, a FIFO, or a path under `/dev` or `/proc`.
        case inPlace(String)
        /// Written atomically at this path: a regular file, a new one, or
        /// the file a link leads to.
        case replacing(String)

        /// Whether the bytes land in a regular file a person can open
        /// (one that files written beside it may join).
        var isRegularFile: Bool {
            if case .replacing = self { return true }
            return false
        }
    }

    /// Where writing `path` puts its bytes: links followed (40 at most,
    /// as the kernel does), what is not a regular file written in place.
    static func target(of path: String) -> Target {
        if path == "-" { return .standardOutput }
        var status = stat()
        if stat(path, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG, (status.st_mode & S_IFMT) != S_IFDIR {
            return .inPlace(path)
        }
        var current = path
        for _ in 0..<40 {
            if isSpecial(current) { return .inPlace(path) }
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { break }
            let link = String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
        }
        return isSpecial(current) ? .inPlace(path) : .replacing(current)
    }

    /// Whether `path` is under `/dev` or `/proc`: its files are the
    /// system's, written in place and never replaced.
    private static func isSpecial(_ path: String) -> Bool {
        path.hasPrefix("/dev/") || path.hasPrefix("/proc/")
    }

    /// Reports and throws (exit 73) unless `path` can be written: its
    /// folder exists and is writable, it is not a folder, and it is none
    /// of `inputs` (the manifest, a script).
    static func check(_ path: String, notOverwriting inputs: [String], _ console: Console) throws(ExitCodeError) {
        let destination = target(of: path)
        if destination == .standardOutput { return }
        let target = canonical(path)
        if let input = inputs.first(where: { canonical($0) == target }) {
            console.error(
                """
                error: '\(path)' is \(input == path ? "an input of this command" : "the same file as '\(input)'"), \
                so writing it would destroy it. To fix, name another output file.
                """
            )
            throw ExitCodeError(code: .cannotCreate)
        }
        if isFolder(path) {
            console.error("error: '\(path)' is a folder. To fix, name a file in it.")
            throw ExitCodeError(code: .cannotCreate)
        }
        switch destination {
        case .standardOutput: return
        case .inPlace:
            guard access(path, W_OK) == 0 else {
                console.error(
                    "error: cannot write '\(path)': \(String(cString: strerror(errno))). To fix, name another file.")
                throw ExitCodeError(code: .cannotCreate)
            }
        case .replacing(let file):
            let folder = directory(of: file)
            guard access(folder, W_OK) == 0 else {
                let through = file == path ? "" : ", which '\(path)' links to"
                console.error(
                    """
                    error: cannot write '\(file)'\(through): \(String(cString: strerror(errno))) (the folder \
                    '\(folder)'). To fix, create the folder or name another file.
                    """
                )
                throw ExitCodeError(code: .cannotCreate)
            }
        }
    }

    /// Reports and throws (exit 73) when `path`, a file a command writes
    /// beside the one the person named, would replace a file that
    /// `marker` does not show this tool wrote, unless `force`.
    static func checkBeside(
        _ path: String, writtenBy marker: String, force: Bool, option: String, _ console: Console
    ) throws(ExitCodeError) {
        guard !force, OutputFolder.exists(path), !OutputFolder.isWritten(path, by: marker, within: 4096) else { return }
        console.error(
            """
            error: '\(path)' is there already and was not written by this tool; writing beside the output would \
            replace a file you did not name. To fix, move it away, name another output, or add \(option) to \
            replace it.
            """
        )
        throw ExitCodeError(code: .cannotCreate)
    }

    /// Whether `path` is a folder.
    static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Writes `text` to `path` (`-`: standard output) as ``target(of:)``
    /// says; reports a failure: 73 when the file cannot be created, 74
    /// when writing it failed (a full disk, a closed pipe).
    static func write(_ text: String, to path: String, _ console: Console) -> ExitCode {
        switch target(of: path) {
        case .standardOutput:
            console.out(text)
            return .success
        case .inPlace(let device):
            return writeInPlace(text, to: device, console)
        case .replacing(let file):
            return replace(file, with: text, named: path, console)
        }
    }

    /// Writes `text` into `path` as it is (a device, a FIFO).
    private static func writeInPlace(_ text: String, to path: String, _ console: Console) -> ExitCode {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o666)
        guard descriptor >= 0 else {
            console.error("error: cannot write '\(path)': \(String(cString: strerror(errno))).")
            return .cannotCreate
        }
        var failure = Platform.write(text, to: descriptor) ?? 0
        if close(descriptor) != 0, failure == 0, errno != EINTR { failure = errno }
        guard failure == 0 else {
            console.error("error: writing '\(path)' failed: \(String(cString: strerror(failure))).")
            return .ioError
        }
        return .success
    }

    /// Replaces (or creates) the regular file `file` with `text`
    /// atomically; `named` is the path the person gave.
    private static func replace(_ file: String, with text: String, named: String, _ console: Console) -> ExitCode {
        let temporary = directory(of: file) + "/.\(base(of: file)).rootapp-\(getpid())"
        guard let stream = fopen(temporary, "w") else {
            console.error("error: cannot write '\(named)': \(String(cString: strerror(errno))).")
            return .cannotCreate
        }
        // The file it replaces keeps its permissions.
        var status = stat()
        if stat(file, &status) == 0 { _ = fchmod(fileno(stream), status.st_mode & 0o7777) }
        var text = text
        let written = text.withUTF8 { fwrite($0.baseAddress, 1, $0.count, stream) }
        let flushed = fflush(stream) == 0 && fsync(fileno(stream)) == 0
        let failure = errno
        let closed = fclose(stream) == 0
        guard written == text.utf8.count, flushed, closed, rename(temporary, file) == 0 else {
            let reason = written == text.utf8.count && flushed && closed ? errno : failure
            console.error(
                "error: writing '\(named)' failed: \(String(cString: strerror(reason))). Nothing was changed.")
            unlink(temporary)
            return .ioError
        }
        return .success
    }

    /// The folder `path` is in (`.` for a bare name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    private static func base(of path: String) -> String {
        path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
    }

    /// The path with links and `..` resolved, when it exists.
    private static func canonical(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
