import Stepflow
import StepflowManifest

/// Every reachable step with a shortest walk that reaches it: the inputs a
/// person gives, screen by screen, which `rootapp walk` and a script replay.
public enum TraceExporter {
    /// The trace as text, lines at most `width` characters (a single long
    /// label may pass it): each step after its depth (the fewest inputs
    /// that reach it), then the walk, one input a line, as
    /// `screen: choose "label"`, `screen: back ("label")` or
    /// `screen: wait (…)`.
    ///
    /// - Complexity: O(nodes × depth).
    /// `notes` follow the first line, each wrapped to `width` (what the
    /// steps' data leaves out, say).
    package static func text(_ states: StateGraph, width: Int = 80, notes: [String] = []) -> String {
        let graph = states.projection
        let walks = states.shortestWalks()
        let steps = order(states, walks, kind: .step)
        let screens = walks.indices.filter { walks[$0] != nil && graph.nodes[$0].kind == .screen }.count
        var out = "\(graph.app): \(steps.count) reachable steps, \(screens) screens, \(states.states.count) states\n"
        for note in notes { out += wrapWords(note, width: width, continuation: "  ") }
        for node in steps {
            guard let walk = walks[node] else { continue }
            let depth = String(walk.depth)
            // The id wrapped after a 5-column indent, which the depth fills.
            let wrapped = wrapWords("     " + graph.nodes[node].id, width: width, continuation: "       ")
            out += "\n" + String(repeating: " ", count: max(0, 3 - depth.count)) + depth + "  " + wrapped.dropFirst(5)
            if walk.inputs.isEmpty { out += "     (at the start, before any input)\n" }
            for input in walk.inputs { out += line(for: input, width: width) }
        }
        return out
    }

    /// The trace as JSON, schema version 4:
    ///
    /// ```
    /// {"schema": 4, "app": …, "states": N,
    ///  "steps": [{"id", "depth", "inputs": [input], "path": [node ids from the start]}]}
    /// ```
    ///
    /// Each input is a typed object beside the line people read (`input`)
    /// and the line a person types in `rootapp walk` (`typed`, `null` for
    /// what comes by itself):
    ///
    /// ```
    /// {"screen", "input", "typed", "kind": "choose", "number", "label", "role"}
    /// {"screen", "input", "typed", "kind": "wait" | "emit", "stepper", "step"}
    /// {"screen", "input", "typed", "kind": "answer", "source", "answer", "label", "question": true | false}
    /// {"screen", "input", "typed", "kind": "enter", "field", "value", "class"}
    /// ```
    ///
    /// An action that submits fields is an `enter` object per value (each
    /// its class's representative), then the `choose` object.
    ///
    /// A `path` is a path of the graph's JSON (`graph --format json`): each
    /// pair of neighbours is one of its edges; an answer to a question
    /// leaves from the step that asked it; a link, opened by the outside
    /// world, goes back to `start`, where its edge leaves. Version 2 measured `depth` in
    /// inputs and added `inputs` and `states`; version 3 types each input;
    /// version 4 adds the `enter` objects of values typed into fields.
    package static func json(_ states: StateGraph) -> String {
        let graph = states.projection
        let walks = states.shortestWalks()
        let steps = order(states, walks, kind: .step)
        var out =
            """
            {\n  \"schema\": 4,\n  \"app\": \(JSONText.string(graph.app)),\n  \"states\": \
            \(states.states.count),\n  \"steps\": [\n
            """
        for (position, node) in steps.enumerated() {
            guard let walk = walks[node] else { continue }
            let inputs = walk.inputs.flatMap(Self.jsonObjects(input:))
            out +=
                "    {\"id\": \(JSONText.string(graph.nodes[node].id)), \"depth\": \(walk.depth), \"inputs\": "
                + "[\(inputs.joined(separator: ", "))], "
                + "\"path\": \(JSONText.array(walk.nodes.map { graph.nodes[$0].id }))}"
            out += position + 1 < steps.count ? ",\n" : "\n"
        }
        out += "  ]\n}\n"
        return out
    }

    /// The JSON objects of one input: for an action that submits fields,
    /// an `enter` object per value entered and then the choice; else one.
    static func jsonObjects(input: StateGraph.Input) -> [String] {
        guard case .submit = input.kind else { return [json(input: input)] }
        let screen = JSONText.string(input.screen ?? "start")
        return input.entries.map { entry in
            let line = Input.enter(field: entry.field, value: entry.value).scriptLine
            let fields = [
                ("screen", screen), ("input", JSONText.string(line + " (\(entry.valueClass))")),
                ("typed", JSONText.string(line)), ("kind", "\"enter\""), ("field", JSONText.string(entry.field)),
                ("value", JSONText.string(entry.value)), ("class", JSONText.string(entry.valueClass)),
            ]
            return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
        } + [json(input: input)]
    }

    /// One input as a JSON object: where, what people read, what a person
    /// types, and the input's kind and values.
    static func json(input: StateGraph.Input) -> String {
        var fields = [
            ("screen", JSONText.string(input.screen ?? "start")), ("input", JSONText.string(input.description)),
            ("typed", input.typed.map(JSONText.string) ?? "null"),
        ]
        switch input.kind {
        case .choose(let index, let label, let role):
            fields += [
                ("kind", "\"choose\""), ("number", "\(index + 1)"), ("label", JSONText.string(label)),
                ("role", JSONText.string(role.rawValue)),
            ]
        case .submit(let index, let label, let role, _):
            // The values come first, as their own `enter` objects.
            fields[1] = ("input", JSONText.string(input.lines.last ?? ""))
            fields += [
                ("kind", "\"choose\""), ("number", "\(index + 1)"), ("label", JSONText.string(label)),
                ("role", JSONText.string(role.rawValue)),
            ]
        case .emit(let stepper, let step, let isTimer):
            fields += [
                ("kind", isTimer ? "\"wait\"" : "\"emit\""), ("stepper", JSONText.string(stepper)),
                ("step", JSONText.string(step)),
            ]
        case .answer(let source, _, let answer, let label, let isQuestion):
            fields += [
                ("kind", "\"answer\""), ("source", JSONText.string(source)), ("answer", JSONText.string(answer)),
                ("label", JSONText.string(label)), ("question", isQuestion ? "true" : "false"),
            ]
        case .link(let address):
            fields += [("kind", "\"link\""), ("address", JSONText.string(address))]
        case .select(let section, let label, let flow):
            fields += [
                ("kind", "\"select\""), ("section", JSONText.string(section)), ("label", JSONText.string(label)),
                ("flow", JSONText.string(flow)),
            ]
        case .relaunch:
            fields += [("kind", "\"relaunch\"")]
        }
        return "{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// One input of a walk: `     screen: choose "label"`, wrapped at
    /// spaces to `width`.
    package static func line(for input: StateGraph.Input, width: Int) -> String {
        // `description`, not interpolation: interpolating asks the value how
        // it prints (protocol conformance checks) on every line.
        if case .submit = input.kind {
            // One line per value entered, then the choice: each types back.
            return input.lines.map {
                wrapWords("     " + (input.screen ?? "start") + ": " + $0, width: width, continuation: "         ")
            }.joined()
        }
        return wrapWords(
            "     " + (input.screen ?? "start") + ": " + input.description, width: width, continuation: "         ")
    }

    /// `text` broken at spaces so no line passes `width` (a single word
    /// longer than the width stays whole); continuation lines start with
    /// `continuation`.
    package static func wrapWords(_ text: String, width: Int, continuation: String) -> String {
        // Widths are characters. A text of ASCII without a carriage return
        // (nearly every trace line) has one character a byte: it is wrapped
        // byte by byte, not split into grapheme clusters (which was a
        // quarter of tracing a variant).
        func plain(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 && $0 != UInt8(ascii: "\r") } }
        if plain(text) && plain(continuation) {
            return wrapPlainWords(Array(text.utf8), width: width, continuation: Array(continuation.utf8))
        }
        let indent = text.prefix(while: { $0 == " " })
        var lines: [String] = []
        var line = String(indent)
        var column = indent.count
        var isFirstWord = true
        for word in text.dropFirst(indent.count).split(separator: " ") {
            let wordWidth = word.count
            if isFirstWord {
                line += word
                column += wordWidth
                isFirstWord = false
            } else if column + 1 + wordWidth > width {
                lines.append(line)
                line = continuation + word
                column = continuation.count + wordWidth
            } else {
                line += " " + word
                column += 1 + wordWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }

    /// ``wrapWords(_:width:continuation:)`` for ASCII: one byte a column.
    private static func wrapPlainWords(_ text: [UInt8], width: Int, continuation: [UInt8]) -> String {
        let space = UInt8(ascii: " ")
        var output: [UInt8] = []
        output.reserveCapacity(text.count + text.count / max(1, width) * (continuation.count + 1) + 1)
        var position = text.firstIndex { $0 != space } ?? text.count
        output += text[..<position]
        var column = position
        var isFirstWord = true
        while position < text.count {
            guard text[position] != space else {
                position += 1
                continue
            }
            let end = text[position...].firstIndex(of: space) ?? text.count
            let word = text[position..<end]
            if isFirstWord {
                column += word.count
                isFirstWord = false
            } else if column + 1 + word.count > width {
                output.append(UInt8(ascii: "\n"))
                output += continuation
                column = continuation.count + word.count
            } else {
                output.append(space)
                column += 1 + word.count
            }
            output += word
            position = end
        }
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// The reached nodes of `kind`, by depth, then in order of discovery.
    static func order(_ states: StateGraph, _ walks: [Walk?], kind: NavigationGraph.NodeKind) -> [Int] {
        let graph = states.projection
        let reached = walks.indices.compactMap { node in
            walks[node].flatMap { graph.nodes[node].kind == kind ? (node: node, depth: $0.depth) : nil }
        }
        // Node order is discovery order; ties keep it.
        return reached.sorted { ($0.depth, $0.node) < ($1.depth, $1.node) }.map(\.node)
    }

    /// `a → b → c` after `indent`, broken before a part when a line would
    /// pass `width`; continuation lines are indented two more.
    public static func wrap(_ parts: [String], width: Int, indent: String, separator: String = " → ") -> String {
        // Columns are counted once per part: `String.count` walks the
        // whole string, and counting the growing line each time made
        // wrapping a long trace quadratic.
        var lines: [String] = []
        var line = indent
        let indentWidth = indent.count
        let separatorWidth = separator.count
        let continuation = separator.drop(while: { $0 == " " })
        var column = indentWidth
        for (index, part) in parts.enumerated() {
            let partWidth = part.count
            let piece = index == 0 ? part : separator + part
            let pieceWidth = index == 0 ? partWidth : partWidth + separatorWidth
            if column + pieceWidth > width && column != indentWidth {
                lines.append(line)
                line = indent + "  " + continuation + part
                column = indentWidth + 2 + continuation.count + partWidth
            } else {
                line += piece
                column += pieceWidth
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n") + "\n"
    }
}
