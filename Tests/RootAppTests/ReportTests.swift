#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import BundledModules
import StepflowGraph
import StepflowManifest
import StepflowReview
import StepflowScripts
import StepflowTesting
import Testing

/// A headless Chromium to load reports in: Debian's `chromium`, or another
/// Chromium on `PATH`. `.ci/run` installs one and sets
/// STEPFLOW_REQUIRE_BROWSER=1, so CI fails rather than skips without it.
enum Browser {
    static let path: String? = {
        let folders = (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin").split(separator: ":")
        for name in ["chromium", "chromium-browser", "google-chrome", "google-chrome-stable"] {
            for folder in folders where access("\(folder)/\(name)", X_OK) == 0 { return "\(folder)/\(name)" }
        }
        return nil
    }()

    static let isRequired = getenv("STEPFLOW_REQUIRE_BROWSER").map { String(cString: $0) == "1" } ?? false

    /// Runs the browser headless on `arguments` (then the page).
    static func run(_ arguments: [String]) -> Run {
        Harness.runProgram(
            // guarded by the tests' condition
            [path!, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"] + arguments)
    }
}

@Suite("The review report")
struct ReportTests {
    /// The report of `name`, with an outline for a diagram (Graphviz's SVG
    /// differs between its versions), paths without this machine's folder.
    static func report(_ name: String) throws -> String {
        let manifest = try BundledManifests.load(name)
        let runner = ScriptRunner(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services)
        let scripts = try BundledManifests.scripts(name).map { try Script.load(path: $0) }
        let results = scripts.map(runner.run)
        let (rules, _) = runner.variant.checkRules()
        let html = ReviewReport.html(
            ReviewReport.Contents(
                variant: runner.variant, rules: rules, scripts: scripts, results: results,
                coverage: runner.coverage(of: results),
                requirements: RequirementCoverage(manifest: manifest, rules: rules, scripts: scripts, results: results),
                diagram: .outline(reason: "No drawing in the golden file."), generator: "rootapp 0.4.0",
                record: ReviewRecord(
                    manifest: manifest, registry: BundledModules.registry, tool: "rootapp 0.4.0",
                    date: "2026-11-24 12:00 UTC")
            ))
        return html.replacing(BundledManifests.repositoryRoot + "/", with: "")
    }

    @Test func theStrepAReportMatchesItsGoldenFile() throws {
        Harness.goldens.check(try Self.report("strep-a-home"), "strep-a-home.report.html")
    }

    /// Coverage per kind of input and per screen, with the action rows'
    /// share: a screen no script walks says so; a generated suite's
    /// report shows every kind whole and every screen walked.
    @Test func theReportShowsCoverageByKindAndPerScreenAndAGeneratedSuiteTakesThemAll() throws {
        let html = try Self.report("covid-antigen-home")
        #expect(
            html.contains(
                """
                <tr><th>Transitions by kind</th><td>actions 35 of 121 (28%), backs 3 of 31 (9%), timers 2 of 21 \
                (9%), outside answers 2 of 12 (16%), links 1 of 75 (1%)</td></tr>
                """
            ))
        #expect(html.contains("<tr><td>outside answers</td><td>2</td><td>12</td><td>16%</td></tr>"))
        #expect(html.ranges(of: "No script walks this screen.").count == 8, "30 screens, 22 walked")
        #expect(html.contains("<tr><td>Get started</td><td>onboarding/how-it-works-1</td><td>1 of 1</td></tr>"))
        #expect(html.contains("<tr><td>Something is missing</td><td>test/kit-incomplete</td><td>0 of 3</td></tr>"))

        let manifest = BundledManifests.path("strep-a-home")
        let folder = TemporaryFiles.folder([:]) + "/suite"
        #expect(Harness.run(["suite", manifest, "-o", folder]).code == 0)
        let output = TemporaryFiles.folder([:]) + "/r.html"
        _ = Harness.run(["report", manifest, "--scripts", folder, "-o", output])
        let whole = try #require(GoldenFile.read(output))
        #expect(
            whole.contains(
                """
                <tr><th>Transitions by kind</th><td>actions 130 of 130 (100%), backs 40 of 40 (100%), timers 20 of \
                20 (100%), links 80 of 80 (100%)</td></tr>
                """
            ))
        #expect(!whole.contains("No script walks this screen."))
        #expect(!whole.contains("<td>0 of "))
    }

    @Test func aReportSaysWhatFailsAndNeverShowsMarkupFromTheManifest() throws {
        let html = try Self.report("covid-antigen-clinic")
        // Every check holds, but no minimum coverage is set: stated, not
        // judged ready, with what the scripts took beside the rest.
        #expect(html.contains("<p class=\"verdict warn\">Not judged ready: the manifest sets no minimum coverage"))
        #expect(
            html.contains(
                "they take 26 of 46 (56%) screens, 122 of 380 (32%) edges and 57 of 7520 (0%) state transitions"))
        #expect(!html.contains("Every rule holds, every script passes"))
        // What the variant records, by whom, read by whom, for how long.
        #expect(html.contains("<h3>What it records</h3>"))
        #expect(html.contains("<tr><td>kept</td>"), "the results kept for the lab")
        #expect(html.contains("<td>result</td><td>home</td><td>kept on the device</td></tr>"))
        #expect(
            html.contains(
                """
                <td class=\"id\">UR-CLIN-04</td><td>A result the lab cannot receive is kept and can be sent \
                again.</td><td class=\"status passed\">proved; shown on 1 walk (critical)</td>
                """
            ))
        // Texts from a manifest are text, not markup.
        let manifest = try #require(GoldenFile.read(BundledManifests.path("strep-a-home")))
            .replacing(#""name": "Strep A Throat Self-Test""#, with: #""name": "<script>alert(1)</script> & Co""#)
            .replacing(
                #""scripts": "../Scripts/strep-a-home""#,
                with: #""scripts": "\#(BundledManifests.repositoryRoot)/RootApp/Scripts/strep-a-home""#)
        let path = TemporaryFiles.folder(["m.json": manifest]) + "/m.json"
        let output = TemporaryFiles.folder([:]) + "/r.html"
        let run = Harness.run(["report", path, "-o", output])
        #expect(run.code == 0, "\(run.err)")
        let written = try #require(GoldenFile.read(output))
        #expect(written.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt; &amp; Co</h1>"))
        #expect(!written.contains("<script"))
        // Nothing is fetched: no script, stylesheet, image or font from
        // elsewhere (SVG's namespace names a URL but loads nothing).
        for fetch in ["<link", "src=\"http", "href=\"http", "url(http", "@import"] {
            #expect(!written.contains(fetch), "\(fetch)")
        }
    }

    /// The clinic manifest with `coverage` set, written beside its scripts.
    static func clinic(minimum: String) throws -> String {
        let manifest = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-clinic")))
            .replacing(#""start": "#, with: #""coverage": \#(minimum), "start": "#)
            .replacing(
                #""scripts": "../Scripts/covid-antigen-clinic""#,
                with: #""scripts": "\#(BundledManifests.repositoryRoot)/RootApp/Scripts/covid-antigen-clinic""#)
        return TemporaryFiles.folder(["clinic.json": manifest]) + "/clinic.json"
    }

    @Test func belowTheManifestsMinimumCoverageCheckAndReportSayNotReadyAndExitOne() throws {
        let path = try Self.clinic(minimum: #"{"screens": 50, "transitions": 80}"#)
        let check = Harness.run(["check", path])
        #expect(check.code == 1, "\(check.err)")
        #expect(
            check.unwrappedOut.contains(
                """
                Not ready for sign-off: the scripts take transitions 57 of 7520 (0%), below the manifest's minimum \
                of 80%.
                """
            ), "\(check.out)")
        #expect(check.unwrappedOut.contains("minimum coverage screens 50%, transitions 80%."))
        // On standard output: the verdict is the page's, and no prototype
        // of the clinic's thousands of states is written beside it.
        let report = Harness.run(["report", path, "-o", "-"])
        #expect(report.code == 1)
        let html = report.out
        #expect(
            html.contains(
                """
                <p class=\"verdict bad\">Not ready for sign-off: the scripts take transitions 57 of 7520 (0%), \
                below the manifest&#39;s minimum of 80%.
                """
            ))
        #expect(
            html.contains(
                """
                <tr class=\"bad\"><th>Minimum coverage</th><td>screens 50%, transitions 80%; below it: transitions \
                57 of 7520 (0%)</td></tr>
                """
            ))
    }

    @Test func atTheManifestsMinimumCoverageTheVariantIsReadyOnTheEvidenceListed() throws {
        let path = try Self.clinic(minimum: #"{"screens": 50, "edges": 30}"#)
        let check = Harness.run(["check", path])
        #expect(check.code == 0, "\(check.err)")
        #expect(
            check.unwrappedOut.contains(
                "Ready for sign-off, on this evidence: 8 of 8 rules proved; 4 of 4 scripts pass;"), "\(check.out)")
    }

    @Test func aWrongMinimumCoverageIsRefusedWhereItIsWritten() throws {
        let path = try Self.clinic(minimum: #"{"transition": 80, "screens": 120}"#)
        let check = Harness.run(["check", path])
        #expect(check.code == 65)
        #expect(
            check.err.contains(
                """
                coverage.transition: unknown coverage kind 'transition'. Did you mean 'transitions'? Kinds: \
                'screens', 'edges', 'transitions'.
                """
            ), "\(check.err)")
        #expect(
            check.err.contains("coverage.screens: expected a whole percent from 0 to 100, found an integer (120)."),
            "\(check.err)")
    }

    @Test func theSignOffIsTiedToTheManifestsDigestTheToolAndEachModulesPackage() throws {
        let manifest = try BundledManifests.load("covid-antigen-clinic")
        let junit = TemporaryFiles.folder([:]) + "/j.xml"
        // The page alone, on standard output (no prototype beside it).
        let report = Harness.run(["report", BundledManifests.path("covid-antigen-clinic"), "-o", "-"])
        #expect(report.code == 0)
        #expect(Harness.run(["check", BundledManifests.path("covid-antigen-clinic"), "--junit", junit]).code == 0)
        let html = report.out
        let xml = try #require(GoldenFile.read(junit))
        // SHA-256 where a person signs: 64 hex digits, not a 64-bit hash.
        #expect(manifest.signedDigest.count == 64)
        #expect(html.contains("Manifest digest <code>\(manifest.signedDigest)</code> · made "))
        #expect(
            html.contains(
                " by rootapp 0.4.0 on Stepflow 0.4.0 · modules: onboarding: Stepflow 0.4.0; home: Stepflow 0.4.0;"))
        #expect(
            html.contains(
                "This sign-off is for the variant whose manifest digest is <code>\(manifest.signedDigest)</code>"))
        #expect(xml.contains("<property name=\"manifest digest\" value=\"\(manifest.signedDigest)\"/>"))
        #expect(xml.contains("<property name=\"tool\" value=\"rootapp 0.4.0\"/>"))
    }

    @Test(
        .enabled(
            if: Browser.path != nil || Browser.isRequired, "no Chromium here: install Debian's chromium (.ci/run does)")
    )
    func aBrowserLoadsTheReportShowsEverySectionAndPrintsIt() throws {
        let browser = try #require(Browser.path, "STEPFLOW_REQUIRE_BROWSER=1 but no chromium on PATH")
        _ = browser
        let folder = TemporaryFiles.folder([:])
        let html = folder + "/report.html"
        let made = Harness.runBinary(["report", BundledManifests.path("covid-antigen-home"), "-o", html])
        #expect(made.code == 0, "\(made.err)")
        // The DOM the browser built: every section, the requirements table,
        // the drawn diagram (Graphviz is there in CI) or its outline.
        let dom = Browser.run(["--dump-dom", "file://" + html])
        for section in [
            "cover", "summary", "variant", "requirements", "rules", "scripts", "screens", "diagram", "findings",
            "sign-off",
        ] {
            #expect(dom.out.contains("id=\"\(section)\""), "section \(section)")
        }
        #expect(dom.out.contains("UR-TIME-01"))
        #expect(dom.out.contains("<svg") || dom.out.contains("class=\"outline\""))
        // A screenshot that is not blank: a white page of this size
        // compresses to a few kilobytes.
        let png = folder + "/report.png"
        _ = Browser.run(["--window-size=1280,1800", "--screenshot=" + png, "file://" + html])
        let image = try #require(GoldenFile.readBytes(png), "no screenshot")
        #expect(Array(image.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        #expect(image.count > 50_000, "the screenshot is \(image.count) bytes: blank?")
        // CI keeps it for the people who review the change.
        if let artifacts = getenv("STEPFLOW_ARTIFACTS").map({ String(cString: $0) }) {
            if let file = fopen(artifacts + "/covid-antigen-home.report.png", "wb") {
                _ = image.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
                fclose(file)
            }
        }
        // Printed to PDF on A4: several pages, the sign-off on the last.
        let pdf = folder + "/report.pdf"
        _ = Browser.run(["--print-to-pdf=" + pdf, "--no-pdf-header-footer", "file://" + html])
        let document = try #require(GoldenFile.readBytes(pdf), "no PDF")
        #expect(Array(document.prefix(5)) == Array("%PDF-".utf8))
        let pages = String(decoding: document, as: UTF8.self).split(separator: "/Type /Page").count - 1
        #expect(pages >= 6, "\(pages) pages")
    }
}
