import Stepflow
import StepflowGraph
import StepflowPresentation
import StepflowManifest

// The files beside the flows: placeholders written once and the config.
extension MaestroExporter {
    /// The placeholders `flows` run, each once, sorted by path.
    package func placeholders(for flows: [Flow]) -> [Placeholder] {
        Set(flows.flatMap(\.placeholders)).sorted().map { outside in
            let (source, answer, path) = (outside.source, outside.answer, outside.placeholderPath)
            let line = Input.answer(source: source, answer: answer).scriptLine
            let text = """
                # \(Self.placeholderMarker): edit it, it is not replaced.
                # How a device gives the outside answer '\(source) \(answer)'
                # (a script's "\(line)"). Replace the command
                # below with what makes the app receive it on a device: a mock
                # server's reply, a deep link, a tap on a system dialog. Or say
                # so in the manifest: "device": {"answers": {"\(source) \(answer)": {"flow": "…"}}}.
                appId: \(device.appId)
                ---
                - assertTrue:
                    condition: ${false}
                    label: \(Escaping.yaml("\(path): say how a device gives '\(source) \(answer)'"))

                """
            return Placeholder(path: path, text: text)
        }
    }

    /// `config.yaml`: every flow in the folder, run in a fixed order, and
    /// an index of the flows by requirement (each flow is tagged with the
    /// requirements it covers: `maestro test --include-tags=UR-RES-01`).
    package func config(for flows: [Flow]) -> String {
        var lines = [
            "# \(Self.marker) for \(runner.manifest.app.id) (manifest \(runner.manifest.digest)), texts in \(locale).",
            "# Run all: maestro test <this folder>. Run one requirement's flows:",
            "# maestro test --include-tags=<requirement id> <this folder>.",
            "#",
            "# Flows by requirement (each flow's tags):",
        ]
        for requirement in runner.manifest.requirements {
            let tagged = flows.filter { $0.tags.contains(requirement.id) }.map(\.fileName)
            let text = FlowWriter.oneLine(requirement.text)
            lines.append("#   \(requirement.id)\(requirement.critical ? " (critical)" : ""): \(text)")
            lines.append("#     " + (tagged.isEmpty ? "no flow covers it" : tagged.joined(separator: ", ")))
        }
        let known = Set(runner.manifest.requirements.map(\.id))
        for tag in Set(flows.flatMap(\.tags)).subtracting(known).sorted() {
            lines.append(
                "#   \(tag) (not a requirement of the manifest): "
                    + flows.filter { $0.tags.contains(tag) }.map(\.fileName).joined(separator: ", "))
        }
        lines += [
            "flows:",
            "  - \"*\"",
            "local:",
            "  deterministicOrder: true",
            "",
        ]
        return lines.joined(separator: "\n")
    }

    /// The file name without its folder and `.txt`.
    static func baseName(of file: String) -> String {
        let name = file.split(separator: "/").last.map(String.init) ?? file
        return name.hasSuffix(".txt") ? String(name.dropLast(4)) : name
    }
}
