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

/// A folder a command writes many files into (`suite -o`, `export -o`):
/// made when missing, and its files told apart by who wrote them.
enum OutputFolder {
    /// Makes the folder (and its parents) if missing; refuses a file in
    /// its place or a folder that cannot be written (exit 73).
    static func prepare(_ folder: String, _ console: Console) throws(ExitCodeError) {
        var status = stat()
        if stat(folder, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFDIR else {
                console.error(
                    """
                    error: '\(folder)' is a file, not a folder; -o names the folder the files go in. To fix, name \
                    a folder.
                    """
                )
                throw ExitCodeError(code: .cannotCreate)
            }
            guard access(folder, W_OK) == 0 else {
                console.error(
                    """
                    error: cannot write in '\(folder)': \(String(cString: strerror(errno))). To fix, name another \
                    folder.
                    """
                )
                throw ExitCodeError(code: .cannotCreate)
            }
            return
        }
        let parent = OutputFile.directory(of: folder)
        if parent != folder, parent != ".", parent != "/", stat(parent, &status) != 0 {
            try prepare(parent, console)
        }
        guard mkdir(folder, 0o755) == 0 else {
            console.error(
                """
                error: cannot make the folder '\(folder)': \(String(cString: strerror(errno))). To fix, make its \
                parent folder or name another.
                """
            )
            throw ExitCodeError(code: .cannotCreate)
        }
    }

    /// Whether the first line of the file at `path` (or its first
    /// `within` bytes) contains `marker`.
    static func isWritten(_ path: String, by marker: String, within: Int? = nil) -> Bool {
        guard let file = fopen(path, "r") else { return false }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: max(512, (within ?? 0) + 1))
        if let within {
            let count = fread(&buffer, 1, within, file)
            let bytes = buffer.prefix(count).map { UInt8(bitPattern: $0) }
            return String(decoding: bytes, as: UTF8.self).contains(marker)
        }
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return false }
        let bytes = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self).contains(marker)
    }

    /// Whether anything is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }
}
