import BundledFixtures
import StepflowManifest
import StepflowTesting
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
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
        // a broken, an unreadable and a missing one among them: the lay
        // variants again and again (the clinics' thousands of states take
        // a second each in a debug build, and what a family says does not
        // depend on the size of each; the last line validates every one).
        let lay = try BundledManifests.names.filter { try BundledManifests.load($0).app.audience == "lay" }
        var paths: [String] = []
        for copy in 0..<11 {
            paths += lay.map(BundledManifests.path)
            if copy == 2 { paths.append(broken + "/broken.json") }
            if copy == 5 { paths += [broken + "/missing.json", broken + "/not-json.json"] }
        }
        #expect(paths.count > 32)
        let family = Harness.run(["validate"] + paths)
        var out = ""
        var err = ""
        var codes: [Int32] = []
        // Each distinct manifest validated alone once: a copy says the same.
        var alone: [String: Run] = [:]
        for path in paths {
            let said = alone[path] ?? Harness.run(["validate", path])
            alone[path] = said
            out += said.out
            err += said.err
            codes.append(said.code)
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

extension FamilyTests {
    @Test func checkingManyManifestsRunsEachOnItsOwnScriptsAndSaysWhatEachAloneSays() {
        let manifests = BundledManifests.names.map(BundledManifests.path)
        let family = Harness.run(["check"] + manifests)
        let alone = manifests.map { Harness.run(["check", $0]) }
        #expect(family.out == alone.map(\.out).joined())
        #expect(family.err == alone.map(\.err).joined())
        #expect(family.code == alone.map(\.code).max())
        // Each report says which variant its coverage is of.
        for name in BundledManifests.names { #expect(family.out.contains("Coverage of \(name) by")) }
        // JUnit records one variant: a family is refused, not half written.
        let junit = Harness.run(["check"] + manifests + ["--junit", "/tmp/stepflow-family-junit.xml"])
        #expect(junit.code == 64)
        #expect(junit.err.contains("--junit records one variant"))
        #expect(access("/tmp/stepflow-family-junit.xml", F_OK) != 0)
    }

    @Test func reportingManyManifestsWritesEachOnesPageIntoTheFolder() throws {
        // The three lay variants: a family of reports is the same whatever
        // its members (the clinics' pages, each a prototype of hundreds of
        // states read off the live engine, take half a minute apiece; CI
        // writes every variant's report on its own).
        let names = try BundledManifests.names.filter { try BundledManifests.load($0).app.audience == "lay" }
        let manifests = names.map(BundledManifests.path)
        let folder = TemporaryFiles.folder([:])
        let family = Harness.run(["report"] + manifests + ["-o", folder])
        #expect(family.code == 0, "\(family.err)")
        // Each page is the one report writes for that manifest alone (but
        // for the minute it was made).
        func undated(_ text: String) -> String {
            text.replacing(/\d{4}-\d\d-\d\d \d\d:\d\d UTC/, with: "<date>")
        }
        let aloneFolder = TemporaryFiles.folder([:])
        for name in names {
            let alone = Harness.run(["report", BundledManifests.path(name), "-o", aloneFolder + "/\(name).html"])
            #expect(alone.code == 0)
            for file in ["\(name).html", "\(name).prototype.html"] {
                let page = try #require(GoldenFile.read(folder + "/" + file))
                let expected = try #require(GoldenFile.read(aloneFolder + "/" + file))
                #expect(undated(page) == undated(expected))
            }
            // The report links to its prototype, beside it.
            #expect(try #require(GoldenFile.read(folder + "/\(name).html")).contains("href=\"\(name).prototype.html\""))
        }
        // What a family cannot do is refused before any page is written.
        let empty = TemporaryFiles.folder([:])
        let refused = [
            (["report"] + manifests, "name a folder with -o"),
            (["report"] + manifests + ["-o", empty + "/missing"], "is not a folder"),
            (["report"] + manifests + ["-o", empty, "--against", manifests[0]], "--against and --scripts"),
            (["report", manifests[0], manifests[0], "-o", empty], "is named twice"),
        ]
        for (arguments, message) in refused {
            let run = Harness.run(arguments)
            #expect(run.code == 64 || run.code == 73, "\(arguments)")
            #expect(run.err.contains(message), "\(run.err)")
        }
        #expect(BundledManifests.files(in: empty, endingWith: ".html").isEmpty)
    }
}
