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
        if let known = explored.withLock({ $0[name] }) { return known }
        let variant = VariantGraph(manifest: try BundledManifests.load(name), registry: BundledModules.registry)
        return explored.withLock { explored in
            if let known = explored[name] { return known }
            explored[name] = variant
            return variant
        }
    }

    private static let explored = Locked<[String: VariantGraph]>([:])
}
