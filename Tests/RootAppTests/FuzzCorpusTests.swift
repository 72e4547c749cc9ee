import BundledFixtures
import BundledModules
@testable import StepflowManifest
import StepflowScripts
import StepflowTesting
import Testing

/// The fuzzers' seed corpora, and any input a fuzzer once crashed on (kept
/// in the same folders), run through the readers in every test run, so a
/// fixed crash stays fixed without a fuzzing build.
@Suite("Fuzz corpora as regression tests")
struct FuzzCorpusTests {
    static func files(_ target: String) -> [String] {
        BundledManifests.files(in: BundledManifests.repositoryRoot + "/Fuzz/corpus/" + target, endingWith: "")
            .filter { !$0.hasSuffix("/.") && !$0.hasSuffix("/..") }
    }

    @Test func everyManifestInputIsReadOrRefusedWithDiagnostics() throws {
        let inputs = Self.files("manifest")
        #expect(!inputs.isEmpty)
        for path in inputs {
            let bytes = try #require(GoldenFile.readBytes(path))
            do {
                _ = try ManifestLoader(registry: BundledModules.registry).decode(bytes, file: path)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test func everyCatalogInputIsReadOrRefusedWithDiagnostics() throws {
        let inputs = Self.files("catalog")
        #expect(!inputs.isEmpty)
        for path in inputs {
            let (catalog, diagnostics) = StringCatalog.read(try #require(GoldenFile.readBytes(path)), file: path)
            #expect(catalog != nil || !diagnostics.isEmpty)
        }
    }

    @Test func everyScriptInputIsParsedOrRefusedWithItsLine() throws {
        let inputs = Self.files("script")
        #expect(!inputs.isEmpty)
        for path in inputs {
            let text = String(decoding: try #require(GoldenFile.readBytes(path)), as: UTF8.self)
            do {
                _ = try Script.parse(text, file: path)
            } catch {
                #expect(error.description.hasPrefix(path + ":"))
            }
        }
    }
}
