#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads manifests and checks them against a ``ModuleRegistry``.
///
/// ```swift
/// let loader = ManifestLoader(registry: BundledModules.registry)
/// do {
///     let manifest = try loader.load(path: "RootApp/Manifests/covid-antigen-home.json")
/// } catch {
///     print(error)   // every problem, one per line, with file:line:column
/// }
/// ```
public struct ManifestLoader: Sendable {
    /// The largest manifest accepted, in bytes (1 MiB).
    public static let maximumFileSize = 1 << 20

    /// The modules manifests may name.
    public let registry: ModuleRegistry

    /// A loader that checks manifests against `registry`.
    public init(registry: ModuleRegistry) {
        self.registry = registry
    }

    /// Reads and checks the manifest at `path`.
    public func load(path: String) throws(ManifestLoadError) -> Manifest {
        try decode(try Self.read(path: path), file: path)
    }

    /// Checks `bytes` as the manifest `file`, reporting every problem at once.
    public func decode(_ bytes: [UInt8], file: String) throws(ManifestLoadError) -> Manifest {
        func fail(_ message: String, at location: TextLocation? = nil) -> ManifestLoadError {
            .invalid([ManifestDiagnostic(.error, file: file, location: location, path: "", message: message)])
        }
        guard bytes.count <= Self.maximumFileSize else {
            throw fail("the file is \(Self.size(bytes.count)); a manifest is at most \(Self.size(Self.maximumFileSize)). To fix, check that this file is a manifest.")
        }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw fail("the file is empty. A manifest is a JSON object: {\"schema\": 1, \"app\": {…}, \"modules\": […], \"start\": \"…\", \"routes\": {…}}.")
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw fail(error.isEncodingError ? error.message : "invalid JSON: \(error.message)", at: error.location)
        }
        var checker = ManifestChecker(file: file, registry: registry)
        guard let manifest = checker.check(root) else {
            throw .invalid(checker.diagnostics)
        }
        return manifest
    }

    /// Reads a whole file.
    static func read(path: String) throws(ManifestLoadError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .fileNotFound(path: path) }
            throw .unreadable(path: path, reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(path: path, reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw .unreadable(path: path, reason: "it is a folder, not a file. To fix, name a .json file inside it")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            // Stop early on huge files: the size check needs no more.
            if bytes.count > maximumFileSize { return bytes }
        }
    }

    private static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 {
            let tenths = bytes * 10 / (1 << 20)
            return "\(tenths / 10).\(tenths % 10) MiB"
        }
        return bytes >= 1024 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}
