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

@Suite("Maestro flows")
struct MaestroExportTests {
    /// How `script` ends when run as a script: the reference a flow's
    /// replay must reach.
    static func end(of script: Script, _ manifest: Manifest) -> String {
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services,
            answeredByHand: script.answeredSources)
        for line in script.lines {
            do throws(SessionRefusal) { try session.run(line.instruction) } catch { return "failed at \(line.number)" }
        }
        return session.endingExit.map { "end \($0)" } ?? session.top?.qualifiedID ?? "end"
    }

    /// Exports `scripts` of `name` in `locale` with the CLI, parses every
    /// file with PyYAML and replays each flow on the live engine: it must
    /// end where its script ends.
    static func exportParseAndReplay(_ name: String, scripts folder: String?, locale: String?) throws -> Int {
        let manifest = try BundledManifests.load(name)
        let output = TemporaryFiles.folder([:]) + "/flows"
        var arguments = ["export", "maestro", BundledManifests.path(name), "-o", output]
        if let folder { arguments += ["--scripts", folder] }
        if let locale { arguments += ["--locale", locale] }
        let run = Harness.run(arguments)
        #expect(run.code == 0, "\(run.err)")
        let flows = try #require(Platform.files(in: output, endingWith: ".yaml")).filter {
            !$0.hasSuffix("/config.yaml")
        }
        let scripts = try #require(folder.map { Script.paths(in: $0) } ?? BundledManifests.scripts(name))
        #expect(flows.count == scripts.count)
        let documents = try PyYAML.load(flows + [output + "/config.yaml"])
        let config = try #require(documents[output + "/config.yaml"]?.array?.first)
        #expect(config["flows"]?.array?.first?.string == "*")
        #expect(config["local"]?["deterministicOrder"]?.value == .bool(true))
        let replay = FlowReplay(manifest: manifest, locale: locale ?? manifest.locales[0])
        for path in scripts {
            let script = try Script.load(path: path)
            let flowPath = output + "/" + MaestroExporterNames.flowName(of: path)
            let docs = try #require(documents[flowPath]?.array, "no flow for \(path)")
            try #require(docs.count == 2, "\(flowPath): a header and the commands")
            #expect(docs[0]["appId"]?.string == manifest.device?.appId)
            #expect(Set(docs[0]["tags"]?.array?.compactMap(\.string) ?? []) == Set(script.covers.map(\.id)))
            let commands = try #require(docs[1].array)
            #expect(
                try replay.replay(commands, file: flowPath, held: script.heldSources)
                    == end(of: script, manifest),
                "\(flowPath) ends where \(path) ends")
        }
        return flows.count
    }

    @Test(
        .enabled(
            if: PyYAML.isThere || PyYAML.isRequired,
            "no python3-yaml here: install Debian's python3-yaml (.ci/run does)"), arguments: BundledManifests.names)
    func everyHandWrittenScriptsFlowIsYAMLAndItsTapsReplayToTheSameEnd(name: String) throws {
        #expect(try Self.exportParseAndReplay(name, scripts: nil, locale: nil) > 0)
    }

    @Test(
        .enabled(
            if: PyYAML.isThere || PyYAML.isRequired,
            "no python3-yaml here: install Debian's python3-yaml (.ci/run does)"),
        arguments: BundledManifests.cases(
            ["covid-antigen-home", "covid-antigen-home-de"], plain: ["covid-antigen-home-de"]))
    func everyGeneratedScriptsFlowReplaysToTheSameEndInEachLocale(name: String) throws {
        let suite = TemporaryFiles.folder([:]) + "/suite"
        #expect(Harness.run(["suite", BundledManifests.path(name), "-o", suite]).code == 0)
        for locale in try BundledManifests.load(name).locales {
            #expect(try Self.exportParseAndReplay(name, scripts: suite, locale: locale) > 10)
        }
    }

    @Test func aPermissionIsSetBeforeTheTapThatMakesTheAppAskAndEachScreenIsAsserted() throws {
        let output = TemporaryFiles.folder([:]) + "/flows"
        let script =
            BundledManifests.repositoryRoot + "/RootApp/Scripts/covid-antigen-home/camera-denied-reads-by-eye.txt"
        let run = Harness.run(["export", "maestro", BundledManifests.path("covid-antigen-home"), script, "-o", output])
        #expect(run.code == 0, "\(run.err)")
        let flow = try #require(GoldenFile.read(output + "/camera-denied-reads-by-eye.yaml"))
        #expect(
            flow.contains(
                """
                - setPermissions:  # answer camera-permission denied (camera not allowed), before the tap that asks
                    permissions:
                      camera: deny
                - tapOn: "Take a photo"  # step readByPhoto on test/read
                - assertVisible: "Which lines do you see\\\\?"  # screen test/manual
                """))
        #expect(flow.contains("appId: org.example.stepflow.antigen.home\n"))
        #expect(
            flow.contains(
                """
                - extendedWaitUntil:  # timer TimerStepper: timerDone: 900 s, then screen test/ready\n    visible: \
                \"Time is up\"\n    timeout: 930000\n
                """
            ))
        #expect(
            flow.contains("- assertVisible: \"What you need \\\\(1 of 3\\\\)\"  # screen onboarding/how-it-works-1"))
    }

    @Test func anAnswerTheManifestDoesNotCoverRunsAPlaceholderWrittenOnceThatFailsUntilFilledIn() throws {
        let manifest = BundledManifests.path("covid-antigen-clinic")
        let suite = TemporaryFiles.folder([:]) + "/suite"
        // Covering the screens is enough to give the lab link's answer (a
        // suite of every transition takes a minute in a debug build).
        #expect(Harness.run(["suite", manifest, "--cover", "screens", "-o", suite]).code == 0)
        let scripts = try #require(Script.paths(in: suite))
        let answering = scripts.filter { GoldenFile.read($0)?.contains("answer lab-link sent") == true }
        try #require(!answering.isEmpty, "a generated script gives the lab link's answer")
        let output = TemporaryFiles.folder([:]) + "/flows"
        let run = Harness.run(["export", "maestro", manifest, "-o", output] + answering)
        #expect(run.code == 0, "\(run.err)")
        #expect(run.unwrappedOut.replacing("\n", with: " ").contains("answers/lab-link/sent.yaml"), "\(run.out)")
        let placeholder = output + "/answers/lab-link/sent.yaml"
        let text = try #require(GoldenFile.read(placeholder))
        #expect(text.contains("- assertTrue:\n    condition: ${false}"))
        let flow = try #require(GoldenFile.read(output + "/" + MaestroExporterNames.flowName(of: answering[0])))
        #expect(
            flow.contains(
                """
                - runFlow: \"answers/lab-link/sent.yaml\"  # answer lab-link sent (the lab received the saved \
                result); fill in how a device gives it
                """
            ))
        // The team fills it in; exporting again keeps their flow.
        Harness.write("appId: org.example.stepflow.antigen.clinic\n---\n- tapOn: \"Send\"\n", to: placeholder)
        #expect(Harness.run(["export", "maestro", manifest, "-o", output] + answering).code == 0)
        #expect(GoldenFile.read(placeholder) == "appId: org.example.stepflow.antigen.clinic\n---\n- tapOn: \"Send\"\n")
    }

    @Test func wrongInputIsRefusedNamingTheFixAndNothingIsLost() throws {
        let manifest = BundledManifests.path("strep-a-home")
        let output = TemporaryFiles.folder([:]) + "/flows"
        let format = Harness.run(["export", "maestr", manifest, "-o", output])
        #expect(format.code == 64)
        #expect(format.err.contains("unknown format 'maestr'. Did you mean 'maestro'?"))
        #expect(Harness.run(["export", "maestro", manifest]).err.contains("missing '--output <folder>'"))
        // A manifest without a device section has no appId.
        let noDevice =
            TemporaryFiles.folder([
                "m.json": try #require(GoldenFile.read(manifest)).replacing(
                    #"  "device": { "appId": "org.example.stepflow.strepa.home" },"# + "\n", with: ""
                ).replacing("../Scripts", with: BundledManifests.repositoryRoot + "/RootApp/Scripts")
            ]) + "/m.json"
        let missing = Harness.run(["export", "maestro", noDevice, "-o", output])
        #expect(missing.code == 65)
        #expect(
            missing.err.replacing("\n", with: " ").contains(
                """
                the manifest has no device section, so a flow has no appId. To fix, add \"device\": {\"appId\": \
                \"org.example.app\"}
                """
            ), "\(missing.err)")
        // A failing script gets no flow, the others do, and the exit is 1.
        let scripts = TemporaryFiles.folder([
            "good.txt": "expect screen onboarding/welcome\nchoose Get started\n",
            "bad.txt": "choose Get started\nchoose Nope\n",
        ])
        let partly = Harness.run(["export", "maestro", manifest, "--scripts", scripts, "-o", output])
        #expect(partly.code == 1)
        #expect(
            partly.err.replacing("\n    ", with: " ").contains(
                "bad.txt:2: error: no action 'Nope' on onboarding/how-it-works-1."), "\(partly.err)")
        #expect(
            Platform.files(in: output, endingWith: ".yaml")?.map {
                $0.split(separator: "/").last.map(String.init) ?? ""
            } == ["config.yaml", "good.yaml"])
        // A file a person wrote is never replaced.
        Harness.write("# mine\n", to: output + "/good.yaml")
        let kept = Harness.run(["export", "maestro", manifest, "--scripts", scripts, "-o", output])
        #expect(kept.code == 73)
        #expect(kept.err.contains("good.yaml' was not written by rootapp export, so it is not replaced."))
        #expect(GoldenFile.read(output + "/good.yaml") == "# mine\n")
    }

    @Test func aDeviceSectionIsCheckedWhereItIsWritten() throws {
        let text = try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home")))
            .replacing(#""appId": "org.example.stepflow.antigen.home""#, with: #""appId": "antigen home""#)
            .replacing(#""camera": "deny""#, with: #""camera": "denyy""#)
            .replacing(#""camera-permission granted""#, with: #""camera-permission""#)
        let file = TemporaryFiles.folder(["m.json": text]) + "/m.json"
        let run = Harness.run(["validate", file])
        #expect(run.code == 1)
        #expect(run.out.contains("3 errors"))
        let errors = run.err.replacing("\n    ", with: " ")
        #expect(errors.contains(#"device.appId: 'antigen home' is not an app id a device accepts."#), "\(run.err)")
        #expect(
            errors.contains(
                #"device.answers["camera-permission denied"].permissions.camera: 'denyy' is not a permission's "#
                    + #"value. Did you mean 'deny'?"#
            ))
        #expect(
            errors.contains(#"device.answers["camera-permission"]: 'camera-permission' is not '<source> <answer>'."#))
        // An answer the variant cannot be given is refused by the export.
        let unknown =
            TemporaryFiles.folder([
                "m.json": try #require(GoldenFile.read(BundledManifests.path("covid-antigen-home")))
                    .replacing(#""camera-permission denied""#, with: #""camera-permission refused""#)
                    .replacing("../Scripts", with: BundledManifests.repositoryRoot + "/RootApp/Scripts")
            ]) + "/m.json"
        let export = Harness.run(["export", "maestro", unknown, "-o", TemporaryFiles.folder([:]) + "/f"])
        #expect(export.code == 65)
        #expect(
            export.err.replacing("\n", with: " ").contains(
                "the device answer 'camera-permission refused' is no answer the variant can be given."), "\(export.err)"
        )
    }
}

/// The flow file the exporter writes for a script.
enum MaestroExporterNames {
    static func flowName(of script: String) -> String {
        let name = script.split(separator: "/").last.map(String.init) ?? script
        return (name.hasSuffix(".txt") ? String(name.dropLast(4)) : name) + ".yaml"
    }
}
