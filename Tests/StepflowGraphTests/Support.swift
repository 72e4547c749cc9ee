import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowTesting

/// The repository's bundled manifests, explored.
enum Bundled {
    static let root: String = {
        var parts = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }()

    static let goldens = GoldenFile(folder: root + "/Tests/StepflowGraphTests/Goldens")

    static let names = ["covid-antigen-clinic", "covid-antigen-home", "hba1c-clinic", "strep-a-home"]

    static func manifest(_ name: String) throws -> Manifest {
        try ManifestLoader(registry: BundledModules.registry).load(path: "\(root)/RootApp/Manifests/\(name).json")
    }

    static func variant(_ name: String) throws -> VariantGraph {
        VariantGraph(manifest: try manifest(name), registry: BundledModules.registry)
    }
}
