import BundledFixtures
import BundledModules
@testable import StepflowManifest
import Stepflow
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
                _ = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
                    bytes, file: path)
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

    @Test func everySavedInputIsReadBackAndRestoredOrRefused() throws {
        let inputs = Self.files("saved")
        #expect(!inputs.isEmpty)
        let manifest = try BundledManifests.load("covid-antigen-clinic")
        var restored = 0
        for path in inputs {
            let saved: SavedNavigation
            let bytes = try #require(GoldenFile.readBytes(path))
            do throws(SavedNavigationError) {
                saved = try SavedNavigationJSON.decode(bytes, file: path)
            } catch {
                #expect(error.description.hasPrefix(path))
                continue
            }
            #expect(try SavedNavigationJSON.decode(Array(SavedNavigationJSON.encode(saved).utf8), file: path) == saved)
            let clock = ManualClock(now: .seconds(1_800_000_000))
            let navigator = RecordingNavigator()
            let coordinator = Coordinator(navigator: navigator, savesNavigationOn: clock)
            let root = RootFlow(
                manifest: manifest, registry: BundledModules.registry, environment: ModuleEnvironment(clock: clock))
            do {
                try coordinator.restore(saved, flow: root, with: OneStepper(.start), fingerprint: saved.fingerprint)
                coordinator.waitUntilIdle()
                // Rendered once, settled: the screens a person saw, hidden
                // tabs aside; or, when the flows had work queued at the save,
                // where that work led (the restore and it are one render).
                let shown = navigator.renders.first?.state.visibleScreens.map(\.qualifiedID)
                #expect(navigator.renders.count == 1, "\(path)")
                let leftover = String(decoding: bytes, as: UTF8.self).contains(#"{"work":"#)
                #expect(
                    shown == saved.screens
                        || leftover && shown == coordinator.currentState.visibleScreens.map(\.qualifiedID),
                    "\(path)")
                restored += 1
            } catch {
                #expect(coordinator.currentState.flows.isEmpty)
            }
        }
        // The clinic walks saved by `rootapp walk --save` restore (one, saved
        // before a test's cancel asked to confirm, is refused whole).
        #expect(restored >= 4)
    }
}
