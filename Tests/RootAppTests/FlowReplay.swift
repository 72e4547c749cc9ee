#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowPlatform
import StepflowScripts
import StepflowTesting
import Testing

/// Python 3 with PyYAML (Debian's `python3-yaml`): an independent YAML
/// parser for the exported flows. `.ci/run` installs it and sets
/// STEPFLOW_REQUIRE_YAML=1, so CI fails rather than skips without it.
enum PyYAML {
    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { access($0, X_OK) == 0 }
    static let isThere: Bool = python.map { Harness.runProgram([$0, "-c", "import yaml"]).code == 0 } ?? false
    static let isRequired = getenv("STEPFLOW_REQUIRE_YAML").map { String(cString: $0) == "1" } ?? false

    /// Every YAML document of each file, as JSON: `{"file": [doc, …]}`.
    static func load(_ files: [String]) throws -> [String: JSONNode] {
        let python = try #require(python, "STEPFLOW_REQUIRE_YAML=1 but no python3 here")
        let program = """
            import json, sys, yaml
            out = {}
            for name in sys.argv[1:]:
                with open(name, encoding="utf-8") as f:
                    out[name] = list(yaml.safe_load_all(f))
            json.dump(out, sys.stdout)
            """
        let run = Harness.runProgram([python, "-c", program] + files)
        try #require(run.code == 0, "PyYAML refused a flow: \(run.err)")
        let root = try JSONParser.parse(Array(run.out.utf8))
        guard case .object(let members) = root.value else { throw Failure("not an object") }
        return Dictionary(uniqueKeysWithValues: members.map { ($0.key, $0.value) })
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}

extension JSONNode {
    var string: String? { if case .string(let text) = value { text } else { nil } }
    var array: [JSONNode]? { if case .array(let items) = value { items } else { nil } }
    var members: [JSONMember]? { if case .object(let items) = value { items } else { nil } }
    subscript(key: String) -> JSONNode? { members?.first { $0.key == key }?.value }
}

/// A flow read back from PyYAML's parse, replayed on the live engine: each
/// tap chooses the action whose text it matches on the screen on top, each
/// assertion checks the screen, a wait lets the timer run, and permissions
/// and answer flows give the outside answers they stand for.
struct FlowReplay {
    let manifest: Manifest
    let locale: String

    /// The regular expression's text, its escapes undone.
    static func literal(_ pattern: String) -> String {
        var text = ""
        var escaped = false
        for character in pattern {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            text.append(character)
        }
        return text
    }

    /// The section whose tab shows `label`, of a bar a person can use now.
    static func tab(labelled label: String, in state: NavigationState) -> String? {
        for flow in state.flows.values where state.canSelectSection(of: flow.info.id) {
            if let section = flow.sections.first(where: { $0.label == label }) { return section.name }
        }
        return nil
    }

    /// Replays `commands`; returns how it ended (`end instance.exit` or
    /// the screen on top) or throws where a command does not hold.
    func replay(_ commands: [JSONNode], file: String, held: Set<String> = []) throws -> String {
        let device = try #require(manifest.device)
        // What the flow answers by hand: its permissions and answer flows.
        func permissionAnswer(_ node: JSONNode) -> (String, String)? {
            guard let set = node["permissions"]?.members else { return nil }
            let given = set.map { DeviceAnswer.Permission(name: $0.key, value: $0.value.string ?? "") }.sorted {
                $0.name < $1.name
            }
            return device.answers.first { $0.giving == .permissions(given) }.map { ($0.source, $0.answer) }
        }
        func flowAnswer(_ path: String) -> (String, String)? {
            if let mapped = device.answers.first(where: { $0.giving == .flow(path) }) {
                return (mapped.source, mapped.answer)
            }
            let parts = path.split(separator: "/").map(String.init)
            guard parts.count == 3, parts[0] == "answers", parts[2].hasSuffix(".yaml") else { return nil }
            return (parts[1], String(parts[2].dropLast(5)))
        }
        // The sources the device holds (the script's, as the flow's header
        // tells whoever runs it), and the ones the flow answers.
        var sources = held
        for command in commands {
            if let set = command["setPermissions"], let (source, _) = permissionAnswer(set) { sources.insert(source) }
            if let path = command["runFlow"]?.string, let (source, _) = flowAnswer(path) { sources.insert(source) }
        }
        var session: VariantSession?
        var pending: [(source: String, answer: String)] = []
        var focused: String?
        for (index, command) in commands.enumerated() {
            let place = "\(file) command \(index + 1)"
            if command.string == "launchApp" || command["launchApp"] != nil {
                // Launched again with its state: the relaunch of an app
                // that ended, with what its device kept.
                if command["launchApp"]?["clearState"]?.value == .bool(false) {
                    let live = try #require(session, "\(place): the app is launched again before it ran")
                    do throws(SessionRefusal) { try live.give(.relaunch) } catch {
                        throw PyYAML.Failure("\(place): \(error)")
                    }
                    continue
                }
                #expect(
                    command["launchApp"]?["clearState"]?.value == .bool(true), "\(place): a flow starts the app afresh")
                session = VariantSession(
                    manifest: manifest, registry: BundledModules.registry, services: BundledModules.services,
                    locale: locale, answeredByHand: sources)
                continue
            }
            let live = try #require(session, "\(place): a command before launchApp")
            do throws(SessionRefusal) { try live.waitForOutside() } catch {
                throw PyYAML.Failure("\(place): \(error)")
            }
            if let text = command["assertVisible"]?.string {
                let shown = try #require(live.top, "\(place): asserts '\(text)' but the app has ended")
                let wanted = Self.literal(text)
                #expect(
                    shown.title == wanted || shown.actions.contains { $0.label == wanted }
                        || shown.body.contains(wanted), "\(place): '\(wanted)' is not on \(shown.qualifiedID)")
            } else if let text = command["tapOn"]?.string,
                let field = live.top?.fields.first(where: { $0.label == Self.literal(text) })
            {
                // A tap on a field focuses it for the text typed next.
                focused = field.name
            } else if let text = command["inputText"]?.string {
                let field = try #require(focused, "\(place): types '\(text)' with no field tapped")
                do throws(SessionRefusal) { try live.give(.enter(field: field, value: text)) } catch {
                    throw PyYAML.Failure("\(place): \(error)")
                }
            } else if let text = command["tapOn"]?.string,
                let tab = Self.tab(labelled: Self.literal(text), in: live.coordinator.currentState),
                live.top?.actions.contains(where: { $0.label == Self.literal(text) }) != true
            {
                // A tap on a tab of a bar a person can use.
                do throws(SessionRefusal) { try live.give(.select(tab)) } catch {
                    throw PyYAML.Failure("\(place): \(error)")
                }
            } else if let url = command["openLink"]?.string {
                // The device hands the app the whole URL, as walk and check take it.
                #expect(url.hasPrefix("\(try #require(manifest.app.linkScheme))://"), "\(place): \(url)")
                do throws(SessionRefusal) { try live.give(.link(url)) } catch {
                    throw PyYAML.Failure("\(place): \(error)")
                }
            } else if let text = command["tapOn"]?.string {
                let shown = try #require(live.top, "\(place): taps '\(text)' but the app has ended")
                let label = Self.literal(text)
                let index = try #require(
                    shown.actions.firstIndex { $0.label == label }, "\(place): no '\(label)' on \(shown.qualifiedID)")
                do throws(SessionRefusal) { try live.give(actionAt: index) } catch {
                    throw PyYAML.Failure("\(place): \(error)")
                }
                // The device has the permission set already: the app's
                // question is answered as it is asked.
                while let open = live.waitingAnswers.first(where: \.isQuestion),
                    let at = pending.firstIndex(where: { $0.source == open.source })
                {
                    let answer = pending.remove(at: at)
                    do throws(SessionRefusal) {
                        try live.give(.answer(source: answer.source, answer: answer.answer))
                    } catch {
                        throw PyYAML.Failure("\(place): \(error)")
                    }
                }
            } else if let wait = command["extendedWaitUntil"] {
                do throws(SessionRefusal) { try live.give(.wait) } catch { throw PyYAML.Failure("\(place): \(error)") }
                let visible = Self.literal(try #require(wait["visible"]?.string))
                let shown = try #require(live.top, "\(place): waits for '\(visible)' but the app has ended")
                #expect(
                    shown.title == visible || shown.actions.contains { $0.label == visible }
                        || shown.body.contains(visible), "\(place): '\(visible)' is not on \(shown.qualifiedID)")
                #expect(wait["timeout"]?.value != nil)
            } else if let set = command["setPermissions"] {
                let answer = try #require(
                    permissionAnswer(set), "\(place): permissions no device answer of the manifest sets")
                pending.append(answer)
            } else if let path = command["runFlow"]?.string {
                let (source, answer) = try #require(flowAnswer(path), "\(place): runs '\(path)', no answer")
                // An outside source's answer, or else a stepper's emission.
                do throws(SessionRefusal) { try live.give(.answer(source: source, answer: answer)) } catch {
                    do throws(SessionRefusal) { try live.give(.emit(stepper: source, step: answer)) } catch {
                        throw PyYAML.Failure("\(place): \(error)")
                    }
                }
            } else {
                Issue.record("\(place): a command the exporter does not write: \(command)")
            }
        }
        let ended = try #require(session)
        #expect(pending.isEmpty, "\(file): permissions set for a question the app never asked")
        return ended.endingExit.map { "end \($0)" } ?? ended.top?.qualifiedID ?? "end"
    }
}
