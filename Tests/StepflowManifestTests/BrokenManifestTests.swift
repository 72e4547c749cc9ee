import BundledModules
import Testing
@testable import StepflowManifest

/// One broken manifest per problem, each asserting the exact message a
/// person reads: file, line and column, JSON path, what is wrong, the
/// nearest valid name, the allowed values.
@Suite("Broken manifests")
struct BrokenManifestTests {
    static let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)

    /// A small valid manifest; tests break one thing in it. Line numbers:
    /// 5 onboarding, 6 test, 7 result, 9 start, 10 routes, 11–17 routes,
    /// 18 the result's advice link (a lay result declares it).
    static let valid = """
        {
          "schema": 1,
          "app": { "id": "demo", "name": "Demo", "audience": "lay" },
          "modules": [
            { "id": "onboarding", "module": "onboarding" },
            { "id": "test", "module": "procedure", "options": { "waitMinutes": 15, "sample": "nasal", \
        "readWithinMinutes": 5, "performedBy": "person" } },
            { "id": "result", "module": "results", "options": { "condition": "covid" } }
          ],
          "start": "onboarding",
          "routes": {
            "onboarding.completed": "test",
            "onboarding.declined": "end",
            "test.resultCaptured": "result",
            "test.cancelled": "end",
            "test.needsHelp": "end",
            "result.retest": "test",
            "result.done": "end", "result.needsHelp": "end"
          }, "links": { "result": { "to": "result.advice", "whenNotRunning": "decline", "reason": "Not now." } }
        }
        """

    /// The diagnostics for `text`, one line each (warnings of a valid one).
    static func diagnostics(_ text: String) -> [String] {
        diagnostics(Array(text.utf8))
    }

    static func diagnostics(_ bytes: [UInt8]) -> [String] {
        do {
            return try loader.decode(bytes, file: "broken.json").warnings.map(\.description)
        } catch {
            guard case .invalid(let diagnostics) = error else { return ["\(error)"] }
            return diagnostics.map(\.description)
        }
    }

    /// `valid` with `old` replaced by `new` (which must occur).
    static func broken(_ old: String, _ new: String) -> [String] {
        precondition(valid.contains(old), "the test's base manifest has no \(old)")
        return diagnostics(valid.replacing(old, with: new))
    }

    @Test func theBaseManifestIsValid() {
        #expect(Self.diagnostics(Self.valid) == [])
    }

    @Test func malformedJSONGivesLineAndColumn() {
        #expect(
            Self.broken(#""start": "onboarding","#, #""start": "onboarding",,"#) == [
                "broken.json:9:25: error: invalid JSON: expected a key in double quotes, found ','."
            ])
    }

    @Test func anUnknownModuleSuggestsTheNearestAndListsTheKnownOnes() {
        #expect(
            Self.broken(#""module": "procedure""#, #""module": "procedur""#) == [
                """
                broken.json:6:31: error: modules[1].module: unknown module 'procedur'. Did you mean 'procedure'? \
                Known modules: 'home', 'intake', 'onboarding', 'procedure', 'results', 'support'.
                """
            ])
    }

    @Test func anOptionOutOfRange() {
        #expect(
            Self.broken(#""waitMinutes": 15"#, #""waitMinutes": 90"#) == [
                "broken.json:6:72: error: modules[1].options.waitMinutes: 90 is out of range. Allowed: integer 1...60."
            ])
    }

    @Test func anOptionOfTheWrongType() {
        #expect(
            Self.broken(#""waitMinutes": 15"#, #""waitMinutes": "15""#) == [
                """
                broken.json:6:72: error: modules[1].options.waitMinutes: expected integer 1...60, found a string \
                \"15\". To fix, remove the quotes.
                """
            ])
        #expect(
            Self.broken(#""waitMinutes": 15"#, #""waitMinutes": 1.5"#) == [
                """
                broken.json:6:72: error: modules[1].options.waitMinutes: expected a whole number (integer 1...60), \
                found 1.5.
                """
            ])
    }

    @Test func anUnknownOptionSuggestsTheNearest() {
        #expect(
            Self.broken(#""waitMinutes": 15"#, #""waitMinute": 15"#) == [
                """
                broken.json:6:57: error: modules[1].options.waitMinute: unknown option 'waitMinute'. Did you mean \
                'waitMinutes'? Options of 'procedure': 'sample', 'waitMinutes', 'readout', 'readBy', \
                'readWithinMinutes', 'performedBy'.
                """
            ])
    }

    @Test func anUnknownChoiceSuggestsTheNearestAndListsTheAllowed() {
        #expect(
            Self.broken(#""sample": "nasal""#, #""sample": "nasel""#) == [
                """
                broken.json:6:86: error: modules[1].options.sample: unknown value 'nasel'. Did you mean 'nasal'? \
                Allowed: 'nasal', 'throat', 'saliva', 'fingerstick'.
                """
            ])
    }

    @Test func aRouteToNowhere() {
        #expect(
            Self.broken(#""test.cancelled": "end""#, #""test.cancelled": "ending""#) == [
                """
                broken.json:14:23: error: routes[\"test.cancelled\"]: route to nowhere: 'ending' is not an \
                instance. Did you mean 'end'? Targets: 'onboarding', 'test', 'result', 'end', 'edit'.
                """
            ])
    }

    @Test func anExitWithNoRoute() {
        #expect(
            Self.broken(#""result.retest": "test","#, "") == [
                """
                broken.json:10:3: error: routes: no route for 'result.retest' (the test did not work or must be \
                repeated). To fix, add \"result.retest\": \"<instance>\" or \"end\".
                """
            ])
    }

    @Test func anUnknownExitSuggestsTheNearestAndListsTheModulesExits() {
        #expect(
            Self.broken(#""test.cancelled": "end""#, #""test.canceled": "end""#) == [
                """
                broken.json:14:5: error: routes[\"test.canceled\"]: 'test' (module 'procedure') has no exit \
                'canceled'. Did you mean 'cancelled'? Its exits: 'resultCaptured', 'cancelled', 'needsHelp'.
                """,
                """
                broken.json:10:3: error: routes: no route for 'test.cancelled' (the test was cancelled). To fix, \
                add \"test.cancelled\": \"<instance>\" or \"end\".
                """,
            ])
    }

    @Test func anUnknownInstanceInARoute() {
        #expect(
            Self.broken(#""test.cancelled": "end""#, #""tset.cancelled": "end""#) == [
                """
                broken.json:14:5: error: routes[\"tset.cancelled\"]: unknown instance 'tset'. Did you mean 'test'? \
                Instances: 'onboarding', 'test', 'result'.
                """,
                """
                broken.json:10:3: error: routes: no route for 'test.cancelled' (the test was cancelled). To fix, \
                add \"test.cancelled\": \"<instance>\" or \"end\".
                """,
            ])
    }

    @Test func aRouteKeyThatIsNotInstanceDotExit() {
        #expect(
            Self.broken(#""test.cancelled": "end""#, #""testcancelled": "end""#).first
                == """
                broken.json:14:5: error: routes.testcancelled: 'testcancelled' is not a route source. Write \
                \"<instance>.<exit>\", e.g. \"onboarding.completed\".
                """
        )
    }

    @Test func aMissingStart() {
        #expect(
            Self.broken(#""start": "onboarding","#, "") == [
                "broken.json:1:1: error: missing 'start'. To fix, add \"start\": … to the manifest."
            ])
    }

    @Test func anUnknownStart() {
        #expect(
            Self.broken(#""start": "onboarding""#, #""start": "onbording""#) == [
                """
                broken.json:9:12: error: start: unknown instance 'onbording'. Did you mean 'onboarding'? \
                Instances: 'onboarding', 'test', 'result'.
                """
            ])
    }

    @Test func duplicateInstanceIDs() {
        let lines = Self.broken(
            #"{ "id": "result", "module": "results", "options": { "condition": "covid" } }"#,
            #"{ "id": "test", "module": "results" }"#)
        #expect(
            lines.first
                == """
                broken.json:7:13: error: modules[2].id: duplicate instance id 'test'; modules[1] at line 6 has it \
                too. To fix, give each instance its own id.
                """
        )
    }

    @Test func duplicateKeys() {
        #expect(
            Self.broken(#""start": "onboarding","#, #""start": "onboarding", "start": "test","#) == [
                "broken.json:9:26: error: start: duplicate key 'start'; the first is at line 9. To fix, keep one."
            ])
    }

    @Test func aDuplicateRouteAndADuplicateOption() {
        #expect(
            Self.broken(#""result.done": "end","#, #""result.done": "end", "result.done": "end","#) == [
                """
                broken.json:17:27: error: routes[\"result.done\"]: duplicate route 'result.done'; the first is at \
                line 17. To fix, keep one.
                """
            ])
        #expect(
            Self.broken(#""waitMinutes": 15"#, #""waitMinutes": 15, "waitMinutes": 20"#) == [
                """
                broken.json:6:76: error: modules[1].options.waitMinutes: duplicate key 'waitMinutes'; the first is \
                at line 6. To fix, keep one.
                """
            ])
    }

    @Test func anUnknownTopLevelKeySuggestsTheNearest() {
        #expect(
            Self.broken(#""routes": {"#, #""route": {"#) == [
                """
                broken.json:10:3: error: route: unknown key 'route'. Did you mean 'routes'? Allowed keys: \
                'schema', 'app', 'modules', 'start', 'routes', 'rules', 'locales', 'strings', 'texts', \
                'requirements', 'scripts', 'coverage', 'device', 'restoreOnUpdate', 'links', 'record', \
                'referenceDate'.
                """,
                "broken.json:1:1: error: missing 'routes'. To fix, add \"routes\": … to the manifest.",
            ])
    }

    @Test func wrongTypes() {
        #expect(
            Self.broken(#""schema": 1"#, #""schema": "1""#) == [
                "broken.json:2:13: error: schema: expected the schema version 1 (an integer), found a string \"1\"."
            ])
        #expect(
            Self.broken(#""schema": 1"#, #""schema": 2"#) == [
                "broken.json:2:13: error: schema: unsupported schema 2. This version of Stepflow reads schema 1."
            ])
        #expect(
            Self.diagnostics("[]") == ["broken.json:1:1: error: expected the manifest (a JSON object), found an array."]
        )
        #expect(
            Self.broken(#""audience": "lay""#, #""audience": "  ""#) == [
                """
                broken.json:3:54: error: app.audience: the audience is empty. To fix, say who the variant is for \
                (\"lay\", \"professional\"), or leave 'audience' out.
                """
            ])
    }

    @Test func anInvalidInstanceID() {
        #expect(
            Self.broken(#"{ "id": "result", "#, #"{ "id": "my.result", "#).first
                == """
                broken.json:7:13: error: modules[2].id: 'my.result' is not a valid instance id. Start with a \
                letter; use letters, digits, '-' and '_' (no dots); 'end' is reserved.
                """
        )
    }

    @Test func aValueTheNextModuleDoesNotAcceptIsFoundWithTheRouteThatBringsIt() {
        // An HbA1c procedure in front of COVID advice: the walk would offer
        // HbA1c readings in a COVID self-test.
        #expect(
            Self.broken(
                #""options": { "waitMinutes": 15, "sample": "nasal", "readWithinMinutes": 5, "performedBy": "#
                    + #""person" }"#,
                #""options": { "waitMinutes": 15, "sample": "nasal", "readWithinMinutes": 5, "performedBy": "#
                    + #""person", "readout": "hba1c" }"#
            ) == [
                """
                broken.json:13:28: error: routes[\"test.resultCaptured\"]: 'result' (module 'results') accepts \
                'result' one of \"positive\", \"negative\", \"invalid\", but \"normal\", \"prediabetes\", \
                \"diabetes\" can arrive when it is entered through 'test.resultCaptured' (handed on by \
                'test.resultCaptured'). To fix, give the instance that hands it on options whose values 'result' \
                accepts, or give 'result' options that accept them.
                """
            ])
        // The same procedure before HbA1c advice is sound.
        let hba1c = Self.valid
            .replacing(
                #""options": { "waitMinutes": 15, "sample": "nasal", "readWithinMinutes": 5, "performedBy": "#
                    + #""person" }"#,
                with:
                    #""options": { "waitMinutes": 15, "sample": "nasal", "readWithinMinutes": 5, "performedBy": "#
                    + #""person", "readout": "hba1c" }"#
            )
            .replacing(
                #"{ "id": "result", "module": "results", "options": { "condition": "covid" } }"#,
                with: #"{ "id": "result", "module": "results", "options": { "condition": "hba1c" } }"#)
        #expect(Self.diagnostics(hba1c) == [])
    }

    @Test func aRouteThatDoesNotHandOnWhatTheNextModuleNeeds() {
        #expect(
            Self.broken(#""onboarding.completed": "test""#, #""onboarding.completed": "result""#) == [
                """
                broken.json:11:29: error: routes[\"onboarding.completed\"]: 'result' (module 'results') needs \
                'result' (one of \"positive\", \"negative\", \"invalid\"), which 'onboarding.completed' does not \
                hand on. To fix, route 'onboarding.completed' to an instance that does not need it, or to 'end'.
                """
            ])
    }

    @Test func everyProblemIsReportedAtOnce() {
        let text = Self.valid
            .replacing(#""module": "procedure""#, with: #""module": "procedur""#)
            .replacing(#""test.cancelled": "end""#, with: #""test.cancelled": "ending""#)
            .replacing(#""audience": "lay""#, with: #""audience": 7"#)
        #expect(Self.diagnostics(text).count == 3)
    }

    @Test func theAudienceIsTheFamilysOwnWordsOrLeftOut() throws {
        let school = try Self.loader.decode(
            Array(Self.valid.replacing(#""audience": "lay""#, with: #""audience": "school nurses""#).utf8),
            file: "school.json")
        #expect(school.app.audience == "school nurses")
        let none = try Self.loader.decode(
            Array(Self.valid.replacing(#", "audience": "lay""#, with: "").utf8), file: "none.json")
        #expect(none.app.audience == nil)
    }

    @Test func anInstanceNoRouteLeadsToLoadsWithoutAWarning() {
        // Whether it is reached is the variant graph's finding, made once
        // from the walks (AnalysisTests), not a second guess from routes.
        let text = Self.valid
            .replacing(
                #"{ "id": "result", "module": "results", "options": { "condition": "covid" } }"#,
                with:
                    #"{ "id": "result", "module": "results", "options": { "condition": "covid" } }, { "id": "help", "#
                    + #""module": "support", "options": { "hotline": "0800 123 4567", "hours": "Monday to Friday, "#
                    + #"8:00 to 18:00" } }"#
            )
            .replacing(
                #""result.done": "end","#, with: #""result.done": "end", "help.resume": "test", "help.quit": "end","#)
        #expect(Self.diagnostics(text) == [])
    }

    @Test func emptyHugeAndNonUTF8Files() {
        #expect(
            Self.diagnostics("") == [
                """
                broken.json: error: the file is empty. A manifest is a JSON object: {\"schema\": 1, \"app\": {…}, \
                \"modules\": […], \"start\": \"…\", \"routes\": {…}}.
                """
            ])
        #expect(Self.diagnostics(" \n\t ") == Self.diagnostics(""))
        let huge = [UInt8](repeating: 0x20, count: 2 << 20) + Array("{}".utf8)
        #expect(
            Self.diagnostics(huge) == [
                """
                broken.json: error: the file is 2.0 MiB; a manifest is at most 1.0 MiB. To fix, check that this \
                file is a manifest.
                """
            ])
        let latin1 = Array(Self.valid.replacing("\"Demo\"", with: "\"Démo\"").utf8).map { $0 == 0xC3 ? 0xE9 : $0 }
            .filter { $0 != 0xA9 }
        #expect(
            Self.diagnostics(latin1) == [
                """
                broken.json:3:36: error: the file is not UTF-8: byte 0xE9 at offset 52 does not start a valid \
                character. To fix, save the file as UTF-8.
                """
            ])
    }

    @Test func aMissingFileAndAFolderAreToldApart() {
        #expect(throws: ManifestLoadError.fileNotFound(path: "/no/such/manifest.json")) {
            try Self.loader.load(path: "/no/such/manifest.json")
        }
        #expect(
            throws: ManifestLoadError.unreadable(
                path: "/tmp", reason: "it is a folder, not a file. To fix, name a .json file inside it")
        ) {
            try Self.loader.load(path: "/tmp")
        }
    }
}
