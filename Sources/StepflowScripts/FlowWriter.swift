import Stepflow
import StepflowGraph
import StepflowManifest

/// Writes one flow's lines.
struct FlowWriter {
    private(set) var lines: [String] = []
    /// Where the last tap's command starts: permissions go before it.
    private var lastTap: Int?

    var text: String { (lines + [""]).joined(separator: "\n") }

    /// The flow's header; `held` are the outside sources the script
    /// answers by hand and never answers, which the device must keep from
    /// answering (an outbox kept offline), or the flow goes elsewhere.
    mutating func header(script: String, appId: String, tags: [String], locale: String, held: [String] = []) {
        lines.append("# \(MaestroExporter.marker) from \(script).txt, texts in \(locale).")
        lines.append("# Each step the engine took is named in a comment; tap texts are")
        lines.append("# regular expressions (Maestro's), their special characters escaped.")
        for source in held {
            lines.append("# Hold \(source) on the device (it must not answer): the script never answers it.")
        }
        lines.append("appId: \(appId)")
        lines.append("name: \(Escaping.yaml(script))")
        if !tags.isEmpty {
            lines.append("tags:")
            for tag in tags { lines.append("  - \(Escaping.yaml(tag))") }
        }
        lines.append("---")
    }

    mutating func command(_ text: String...) { lines += text }

    mutating func comment(_ text: String) { lines.append("# " + Self.oneLine(text)) }

    mutating func tap(_ label: String, comment: String) {
        lastTap = lines.count
        lines.append("- tapOn: \(Escaping.yaml(Self.pattern(label)))  # \(Self.oneLine(comment))")
    }

    /// Taps the field labelled `label` and types `value` into it.
    mutating func enter(_ value: String, into label: String, comment: String) {
        lines.append("- tapOn: \(Escaping.yaml(Self.pattern(label)))  # \(Self.oneLine(comment))")
        lines.append("- inputText: \(Escaping.yaml(value))")
    }

    /// Asserts the screen now on top: its title, and when the screen
    /// before showed that text too (the same title, or a button reading
    /// like it), a text only the new screen shows.
    mutating func assertScreen(_ screen: PresentedScreen?, after previous: PresentedScreen?) {
        guard let screen else { return }
        if let previous, previous.id == screen.id { return }
        lines.append("- assertVisible: \(Escaping.yaml(Self.pattern(screen.title)))  # screen \(screen.qualifiedID)")
        if let previous, Self.texts(of: previous).contains(screen.title),
            let distinct = Self.distinctText(of: screen, besides: previous)
        {
            lines.append(
                """
                - assertVisible: \(Escaping.yaml(Self.pattern(distinct)))  # the screen before showed that title \
                too; this text is new
                """
            )
        }
    }

    /// Every text `screen` shows.
    static func texts(of screen: PresentedScreen) -> Set<String> {
        Set([screen.title] + screen.actions.map(\.label) + screen.body)
    }

    mutating func waitForTimer(
        seconds: Int, step: String?, until screen: PresentedScreen?, after previous: PresentedScreen?
    ) {
        let timeout = (seconds + 30) * 1000
        let what = step.map { "timer \($0)" } ?? "a timer"
        guard let screen else {
            lines.append("# \(what) ends the app after \(seconds) s")
            return
        }
        var visible = screen.title
        if let previous, Self.texts(of: previous).contains(screen.title),
            let distinct = Self.distinctText(of: screen, besides: previous)
        {
            visible = distinct
        }
        lines.append("- extendedWaitUntil:  # \(what): \(seconds) s, then screen \(screen.qualifiedID)")
        lines.append("    visible: \(Escaping.yaml(Self.pattern(visible)))")
        lines.append("    timeout: \(timeout)")
    }

    mutating func setPermissions(_ permissions: [DeviceAnswer.Permission], comment: String) {
        var block = ["- setPermissions:  # \(Self.oneLine(comment))", "    permissions:"]
        block += permissions.map { "      \($0.name): \($0.value)" }
        if let lastTap {
            lines.insert(contentsOf: block, at: lastTap)
            self.lastTap = lastTap + block.count
        } else {
            lines += block
        }
    }

    /// Opens `url` on the device, as a notification or another app would.
    mutating func openLink(_ url: String, comment: String) {
        lines.append("- openLink: \(Escaping.yaml(url))  # \(Self.oneLine(comment))")
    }

    mutating func runFlow(_ file: String, comment: String) {
        lines.append("- runFlow: \(Escaping.yaml(file))  # \(Self.oneLine(comment))")
    }

    /// A text of `screen` that `previous` does not show: an action's
    /// label, else a body line.
    static func distinctText(of screen: PresentedScreen, besides previous: PresentedScreen) -> String? {
        let old = texts(of: previous)
        return screen.actions.map(\.label).first { !old.contains($0) }
            ?? screen.body.first { !old.contains($0) && !$0.isEmpty }
    }

    /// `text` as a regular expression matching it literally.
    static func pattern(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if "\\^$.|?*+()[]{}".contains(character) { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// `text` on one line, for a comment.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// `text` with only letters, digits, `.`, `_` and `-` (others as `_`).
    static func fileSafe(_ text: String) -> String {
        let safe = String(
            text.unicodeScalars.map { scalar -> Character in
                scalar.isASCII
                    && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                        || "._-".unicodeScalars.contains(scalar))
                    ? Character(scalar) : "_"
            })
        return safe.hasPrefix(".") ? "_" + safe.dropFirst() : safe
    }
}

extension Array where Element: Hashable {
    /// The elements, each once, in first-seen order.
    func uniqued() -> [Element] {
        var seen: Set<Element> = []
        return filter { seen.insert($0).inserted }
    }
}
