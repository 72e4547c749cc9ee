import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowTesting

/// The repository's bundled manifests, explored.
enum Bundled {
    static let goldens = GoldenFile(folder: BundledManifests.repositoryRoot + "/Tests/StepflowGraphTests/Goldens")

    static func variant(_ name: String) throws -> VariantGraph {
        VariantGraph(manifest: try BundledManifests.load(name), registry: BundledModules.registry)
    }
}
