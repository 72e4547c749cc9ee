import StepflowManifest
import StepflowReview

enum PrototypeCommand {
    static let output = OptionKey.output(
        "The HTML file to write (checked before any work; written whole, or not at all). '-' is standard output.",
        isRequired: true)

    static let command = RootApp.Command(
        spec: CommandSpec(
            name: "prototype",
            abstract: "Write a page to click through a variant in a browser, offline.",
            discussion:
                """
                Writes one self-contained HTML file (no network request, no external script, font or image) that \
                shows the variant in a phone-sized frame: each screen's title, texts and actions as walk shows them, \
                in the chosen locale, with a switch between the locales the variant ships. The page is the variant's \
                exact state graph: every state and transition is the explorer's, and every screen was read off the \
                live engine walked to that state. Back is a button labelled Back; a running timer counts down \
                (faster, if asked) or finishes now; where the outside world answers (a permission, a service) the \
                page asks which declared answer to give. The trace so far is beside the phone. The address names \
                the walk taken, so a link opens the page on that screen; "Download this walk" saves an acceptance \
                script that 'rootapp check <manifest> <script>' runs unchanged.
                """,
            arguments: [.init(name: "manifest", help: "The variant's manifest.")],
            options: [output.option, OptionKey.locale.option]
        )
    ) { arguments, console, app throws(ExitCodeError) in
        let path = arguments.positional[0]
        let output = arguments[Self.output] ?? "-"  // required: the parser checked
        try OutputFile.check(output, notOverwriting: [path], console)
        let manifest = try app.manifest(path, console)
        let locale = try RootApp.locale(arguments[.locale], of: manifest, console)
        let prototype: Prototype
        do throws(Prototype.Refusal) {
            prototype = try Prototype(manifest: manifest, registry: app.registry, services: app.services)
        } catch {
            console.error("error: \(error.message)")
            return .findings
        }
        let html = PrototypePage.html(prototype, locale: locale, manifestPath: path)
        let written = OutputFile.write(html, to: output, console)
        guard written == .success else { return written }
        if output != "-" {
            let bytes = html.utf8.count
            console.error(
                console.dim(
                    """
                    Wrote \(output): \(prototype.states.count) states, \(prototype.transitions.count) transitions, \
                    \(prototype.locales.count) locale\(prototype.locales.count == 1 ? "" : "s"), \(bytes / 1024) KiB.
                    """))
        }
        return .success
    }
}
