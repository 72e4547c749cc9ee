// Foundation only to prove the claim that the JSON is the one `Codable`
// writes and reads; the library itself never imports it.
import Foundation
import Stepflow
import StepflowManifest
import Testing

@Suite("Saved navigations as JSON")
struct SavedNavigationJSONTests {
    /// One entry of every kind, with text that needs escaping.
    static let sample = SavedNavigation(
        fingerprint: "covid-antigen-home 0123456789abcdef",
        entries: [
            .coordinate(flow: "covid-antigen-home"),
            .work(count: 3),
            .started(stepper: 1, milliseconds: 1_795_426_000_123),
            .select(flow: 2, screen: 1, id: "onboarding/welcome", action: 0, step: "start", label: "Los \"geht's\"\n→"),
            .removedByUI(screen: 4, id: "test/nasal-1"),
            .selectSection(flow: 3, name: "home", section: "kept \"results\""),
            .emit(stepper: 7, name: "TimerStepper", step: "timerDone"),
            .deepLink(step: "show(positive)"),
            .answer(adaptation: 0, step: "b"),
            .answer(adaptation: 1, step: nil),
            .started(stepper: 9, milliseconds: -5),
        ],
        screens: ["onboarding/welcome", "test/wait"]
    )

    @Test("What it writes, it reads back equal")
    func roundTrip() throws {
        let text = SavedNavigationJSON.encode(Self.sample)
        #expect(try SavedNavigationJSON.decode(Array(text.utf8), file: "s.json") == Self.sample)
        let empty = SavedNavigation()
        #expect(try SavedNavigationJSON.decode(Array(SavedNavigationJSON.encode(empty).utf8), file: "s.json") == empty)
    }

    @Test("It is the JSON Codable writes: JSONEncoder's output reads back, and JSONDecoder reads ours")
    func sameAsCodable() throws {
        let encoded = try JSONEncoder().encode(Self.sample)
        #expect(try SavedNavigationJSON.decode(Array(encoded), file: "codable.json") == Self.sample)
        let ours = Data(SavedNavigationJSON.encode(Self.sample).utf8)
        #expect(try JSONDecoder().decode(SavedNavigation.self, from: ours) == Self.sample)
    }

    /// The error reading `text` gives.
    func error(_ text: String) -> SavedNavigationError? {
        do {
            _ = try SavedNavigationJSON.decode(Array(text.utf8), file: "saved.json")
            return nil
        } catch {
            return error
        }
    }

    @Test("A file cut short anywhere is refused, never half read")
    func truncated() {
        let text = SavedNavigationJSON.encode(Self.sample)
        let bytes = Array(text.utf8)
        var refused = 0
        for length in 0..<bytes.count
        where (try? SavedNavigationJSON.decode(Array(bytes[..<length]), file: "saved.json")) == nil {
            refused += 1
        }
        // Only the whole file (and the whole file less its last newline) reads.
        #expect(refused == bytes.count - 1)
        #expect(error(String(text.prefix(40)))?.description.hasPrefix("saved.json:") == true)
        #expect(error(String(text.prefix(40)))?.message.contains("Was it cut short? Start afresh.") == true)
        #expect(error("")?.message == "the file is empty (was the app killed while saving?). Start afresh.")
    }

    @Test(
        "Wrong files are refused with the place and the fix",
        arguments: [
            ("[]", "saved.json:1:1: error: expected a saved navigation (a JSON object), found an array."),
            (
                #"{"format": 1, "fingerprint": "", "screens": []}"#,
                #"saved.json:1:1: error: missing 'entries'. To fix, add "entries": … to a saved navigation."#
            ),
            (
                #"{"format": 4, "fingerprint": "", "screens": [], "entries": []}"#,
                "saved.json:1:12: error: format: format 4 is not one this version reads (1 to 3). Start afresh."
            ),
            (
                #"{"format": 1, "fingerprint": "", "screen": [], "entries": []}"#,
                """
                saved.json:1:34: error: screen: unknown key 'screen'. Did you mean 'screens'? Allowed keys: \
                'format', 'fingerprint', 'screens', 'entries', 'versions', 'kept'.
                """
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"selekt": {}}]}"#,
                #"saved.json:1:62: error: entries[0].selekt: unknown entry 'selekt'. Did you mean 'select'? Entries "#
                    + #"are: coordinate, select, submit, removedByUI, selectSection, emit, deepLink, link, answer, "#
                    + #"work, started."#
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"work": {"count": 0}}]}"#,
                """
                saved.json:1:80: error: entries[0].work.count: expected a whole number from 1 to \
                9223372036854775807, found an integer (0).
                """
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"emit": {"stepper": -1, "name": "T", "#
                    + #""step": "s"}}]}"#,
                """
                saved.json:1:82: error: entries[0].emit.stepper: expected a whole number from 0 to \
                18446744073709551615, found an integer (-1).
                """
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"select": {"flow": 99999999999, "#
                    + #""screen": 1, "id": "a/b", "action": 0, "step": "s", "label": "l"}}]}"#,
                """
                saved.json:1:81: error: entries[0].select.flow: expected a whole number from 0 to 4294967295, \
                found an integer (99999999999).
                """
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"deepLink": {"step": 1}}]}"#,
                "saved.json:1:83: error: entries[0].deepLink.step: expected a string, found an integer (1)."
            ),
            (
                #"{"format": 1, "fingerprint": "", "screens": [], "entries": [{"work": {"count": 1}, "x": 2}]}"#,
                """
                saved.json:1:61: error: entries[0]: expected an entry: an object with one member, its kind \
                (coordinate, select, submit, removedByUI, selectSection, emit, deepLink, link, answer, work, started), \
                found an object.
                """
            ),
            (
                #"{"format": 1, "fingerprint": "", "fingerprint": "", "screens": [], "entries": []}"#,
                """
                saved.json:1:34: error: fingerprint: duplicate key 'fingerprint'; the first is at line 1. To fix, \
                keep one.
                """
            ),
        ])
    func refused(text: String, expected: String) {
        #expect(error(text)?.description == expected)
    }

    @Test("A missing file and a folder are told apart")
    func files() {
        #expect(throws: SavedNavigationError.self) { try SavedNavigationJSON.load(path: "/nonexistent/saved.json") }
        do {
            _ = try SavedNavigationJSON.load(path: "/tmp")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.contains("it is a folder"))
        }
    }
}
