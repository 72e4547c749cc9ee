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
        Harness.runProgram([path!, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--no-first-run"] + arguments)  // guarded by the tests' condition
    }
}

@Suite("The review report")
struct ReportTests {
    /// The report of `name`, with an outline for a diagram (Graphviz's SVG
    /// differs between its versions), paths without this machine's folder.
    static func report(_ name: String) throws -> String {
        let manifest = try BundledManifests.load(name)
        let runner = ScriptRunner(manifest: manifest, registry: BundledModules.registry)
        let scripts = try BundledManifests.scripts(name).map { try Script.load(path: $0) }
        let results = scripts.map(runner.run)
        let (rules, _) = runner.variant.checkRules()
        let html = ReviewReport.html(ReviewReport.Contents(
            variant: runner.variant, rules: rules, scripts: scripts, results: results, coverage: runner.coverage(of: results),
            requirements: RequirementCoverage(manifest: manifest, rules: rules, scripts: scripts, results: results),
            diagram: .outline(reason: "No drawing in the golden file."), generator: "rootapp 0.2.0"
        ))
        return html.replacing(BundledManifests.repositoryRoot + "/", with: "")
    }

    @Test func theStrepAReportMatchesItsGoldenFile() throws {
        Harness.goldens.check(try Self.report("strep-a-home"), "strep-a-home.report.html")
    }

    @Test func aReportSaysWhatFailsAndNeverShowsMarkupFromTheManifest() throws {
        let html = try Self.report("covid-antigen-clinic")
        #expect(html.contains("<p class=\"verdict ok\">Every rule holds, every script passes"))
        #expect(html.contains("<td class=\"id\">UR-CLIN-04</td><td>A result the lab cannot receive is kept and can be sent again.</td><td class=\"status passed\">passed (critical)</td>"))
        // Texts from a manifest are text, not markup.
        let manifest = try #require(GoldenFile.read(BundledManifests.path("strep-a-home")))
            .replacing(#""name": "Strep A Throat Self-Test""#, with: #""name": "<script>alert(1)</script> & Co""#)
            .replacing(#""scripts": "../Scripts/strep-a-home""#, with: #""scripts": "\#(BundledManifests.repositoryRoot)/RootApp/Scripts/strep-a-home""#)
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

    @Test(.enabled(if: Browser.path != nil || Browser.isRequired, "no Chromium here: install Debian's chromium (.ci/run does)"))
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
        for section in ["cover", "summary", "variant", "requirements", "rules", "scripts", "screens", "diagram", "findings", "sign-off"] {
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
