import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowTesting

/// The repository's bundled manifests, explored.
enum Bundled {
    static let goldens = GoldenFile(folder: BundledManifests.repositoryRoot + "/Tests/StepflowGraphTests/Goldens")

    /// Bundled variant `name`, explored once for every test of this
    /// process (a value: no test can change it for another).
    static func variant(_ name: String) throws -> VariantGraph {
        try explored.value(for: name) {
            Result { VariantGraph(manifest: try BundledManifests.load(name), registry: BundledModules.registry) }
        }.get()
    }

    private static let explored = Memo<String, Result<VariantGraph, any Error>>(capacity: 64)
}
