import BundledFixtures
import Testing

/// `validate` given a family of manifests checks them on every core, and
/// says exactly what it says for each one alone, in the order named.
@Suite("A family of manifests at once")
struct FamilyTests {
    @Test func validatingManyAtOnceSaysWhatEachAloneSaysInTheOrderNamed() throws {
        let broken = TemporaryFiles.folder([
            "broken.json": #"{ "schema": 1, "app": { "id": "x" } }"#,
            "not-json.json": "{ nope",
        ])
        // More manifests than one batch, so batches follow each other, with
        // a broken, an unreadable and a missing one among them.
        var paths: [String] = []
        for copy in 0..<8 {
            paths += BundledManifests.names.map(BundledManifests.path)
            if copy == 2 { paths.append(broken + "/broken.json") }
            if copy == 5 { paths += [broken + "/missing.json", broken + "/not-json.json"] }
        }
        #expect(paths.count > 32)
        let family = Harness.run(["validate"] + paths)
        var out = ""
        var err = ""
        var codes: [Int32] = []
        for path in paths {
            let alone = Harness.run(["validate", path])
            out += alone.out
            err += alone.err
            codes.append(alone.code)
        }
        #expect(family.out == out)
        #expect(family.err == err)
        // The worst status wins: a missing file over an invalid manifest.
        #expect(Set(codes) == [0, 1, 66])
        #expect(family.code == 66)
        // Without the missing file, the invalid ones decide.
        let withoutMissing = paths.filter { !$0.hasSuffix("missing.json") }
        #expect(Harness.run(["validate"] + withoutMissing).code == 1)
        #expect(Harness.run(["validate"] + BundledManifests.names.map(BundledManifests.path)).code == 0)
    }
}
