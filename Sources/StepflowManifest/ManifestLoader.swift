#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
public import Stepflow
import StepflowPlatform

/// Reads manifests and checks them against a ``ModuleRegistry``.
///
/// ```swift
/// let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
/// do {
///     let manifest = try loader.load(path: "RootApp/Manifests/covid-antigen-home.json")
/// } catch {
///     print(error)   // every problem, one per line, with file:line:column
/// }
/// ```
public struct ManifestLoader: Sendable {
    /// The largest manifest accepted, in bytes (1 MiB).
    package static let maximumFileSize = 1 << 20

    /// The modules manifests may name.
    public let registry: ModuleRegistry
    /// The services the app gives its modules: a manifest naming a module
    /// whose services are not all here is refused.
    public let services: ModuleServices
    /// Whether a variant that ships a locale other than English may name
    /// no String Catalog, or one not written yet: a warning, not an error.
    /// For `rootapp strings`, which writes the catalog to start from.
    package var catalogMayBeMissing = false

    /// A loader that checks manifests against `registry`, and the modules
    /// they name against the `services` the app gives.
    public init(registry: ModuleRegistry, services: ModuleServices = ModuleServices()) {
        self.registry = registry
        self.services = services
    }

    /// Reads and checks the manifest at `path`.
    public func load(path: String) throws(ManifestLoadError) -> Manifest {
        let bytes = try Self.read(path: path)
        // Reading stops just past the limit: the size to report is the file's.
        if bytes.count > Self.maximumFileSize {
            let size =
                FileBytes.size(path: path).map { "is \(Self.size($0))" } ?? "is over \(Self.size(Self.maximumFileSize))"
            throw .invalid([
                ManifestDiagnostic(
                    .error, file: path, location: nil, path: "",
                    message:
                        """
                        the file \(size); a manifest is at most \(Self.size(Self.maximumFileSize)). To fix, check \
                        that this file is a manifest.
                        """
                )
            ])
        }
        return try decode(bytes, file: path)
    }

    /// Checks `bytes` as the manifest `file`, reporting every problem at once.
    package func decode(_ bytes: [UInt8], file: String) throws(ManifestLoadError) -> Manifest {
        func fail(_ message: String, at location: TextLocation? = nil) -> ManifestLoadError {
            .invalid([ManifestDiagnostic(.error, file: file, location: location, path: "", message: message)])
        }
        if !registry.conflicts.isEmpty {
            // The app's registry, not the manifest, is wrong: nothing it
            // names can be trusted to mean one module.
            throw .invalid(
                registry.conflicts.map {
                    ManifestDiagnostic(
                        .error, file: file, location: nil, path: "",
                        message: "the app's module registry is wrong: \($0.description)")
                })
        }
        guard bytes.count <= Self.maximumFileSize else {
            throw fail(
                """
                the file is \(Self.size(bytes.count)); a manifest is at most \(Self.size(Self.maximumFileSize)). \
                To fix, check that this file is a manifest.
                """
            )
        }
        guard bytes.contains(where: { !($0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09) }) else {
            throw fail(
                """
                the file is empty. A manifest is a JSON object: {\"schema\": 1, \"app\": {…}, \"modules\": […], \
                \"start\": \"…\", \"routes\": {…}}.
                """
            )
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw fail(error.isEncodingError ? error.message : "invalid JSON: \(error.message)", at: error.location)
        }
        // Files the manifest names are found beside it (the checker
        // resolves the path).
        let readFile: @Sendable (String) -> Result<[UInt8], FileReadFailure> = { path in
            do throws(FileReadFailure) {
                return .success(
                    try FileBytes.read(
                        path: path, stoppingAfter: StringCatalog.maximumFileSize, kind: ".xcstrings file"))
            } catch {
                return .failure(error)
            }
        }
        let (manifest, diagnostics) = ManifestChecker.check(
            root, file: file, registry: registry, services: services, readFile: readFile,
            catalogMayBeMissing: catalogMayBeMissing)
        guard var manifest else { throw .invalid(diagnostics) }
        manifest.digest = Manifest.digest(of: root)
        manifest.signedDigest = Manifest.signedDigest(of: root)
        return manifest
    }

    /// Reads a whole manifest file (stopping just past the size limit).
    static func read(path: String) throws(ManifestLoadError) -> [UInt8] {
        do throws(FileReadFailure) {
            return try FileBytes.read(path: path, stoppingAfter: maximumFileSize, kind: ".json file")
        } catch {
            switch error {
            case .notFound: throw .fileNotFound(path: path)
            case .unreadable(let reason): throw .unreadable(path: path, reason: reason)
            }
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

/// Why a file could not be read.
package enum FileReadFailure: Error, Sendable {
    /// No file at the path.
    case notFound
    /// It exists but cannot be read; the reason, ready for a message.
    case unreadable(reason: String)
}

/// Reads files for the manifest layer and the tools above it (scripts),
/// with one set of failures: missing, a folder, unreadable.
package enum FileBytes {
    /// The size of the regular file at `path`, if it is one.
    package static func size(path: String) -> Int? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Int(info.st_size)
    }

    /// The bytes of the file at `path`, stopping once more than `limit`
    /// bytes are read (the caller reports a file that is too large).
    /// `kind` names what the folder case should point to (`.json file`).
    /// `-` reads standard input.
    package static func read(path: String, stoppingAfter limit: Int, kind: String) throws(FileReadFailure) -> [UInt8] {
        let descriptor = path == "-" ? dup(0) : open(path, O_RDONLY)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .notFound }
            throw .unreadable(reason: String(cString: strerror(code)))
        }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw .unreadable(reason: String(cString: strerror(errno))) }
        guard info.st_mode & S_IFMT != S_IFDIR else {
            throw .unreadable(reason: "it is a folder, not a file. To fix, name a \(kind) inside it")
        }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { Platform.read(descriptor, into: $0) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            bytes.append(contentsOf: chunk[..<count])
            // Stop early on huge files: the size check needs no more.
            if bytes.count > limit { return bytes }
        }
    }
}
