import BundledFixtures
import BundledModules
import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// The update check against real restores: every walk it says restores,
/// restores on a live session of the new release; every place it names
/// refuses (or resumes where it says), never the other way round.
@Suite("The update check, proved by restoring on the live engine")
struct UpdateCheckTests {
    /// An edited copy of a manifest: a new release of the variant.
    struct Edit: CustomTestStringConvertible, Sendable {
        let name: String
        let apply: @Sendable (String) -> String?
        var testDescription: String { name }
    }

    static let edits: [Edit] = [
        Edit(name: "wording only") { text in
            replacing("\"name\": \"", with: "\"name\": \"New: ", in: text)
        },
        Edit(name: "a shorter timer") { text in
            changingNumber("waitMinutes", in: text) { $0 - 2 }
        },
        Edit(name: "a removed screen") { text in
            changingNumber("howItWorksPages", in: text) { $0 - 1 }
        },
        Edit(name: "an added screen") { text in
            changingNumber("howItWorksPages", in: text) { $0 + 1 }
        },
        Edit(name: "photos no longer read") { text in
            replacing("\"readBy\": \"both\"", with: "\"readBy\": \"manual\"", in: text)
        },
        Edit(name: "ids no longer typed") { text in
            replacing("\"identifyBy\": \"both\"", with: "\"identifyBy\": \"scan\"", in: text)
        },
        Edit(name: "ids no longer typed, asked again") { text in
            replacing("\"identifyBy\": \"both\"", with: "\"identifyBy\": \"scan\"", in: text).flatMap {
                replacing("\"start\":", with: "\"restoreOnUpdate\": {\"default\": \"ask-again\"}, \"start\":", in: $0)
            }
        },
        Edit(name: "a removed screen, with policies") { text in
            changingNumber("howItWorksPages", in: text) { $0 - 1 }.flatMap {
                replacing(
                    "\"start\":",
                    with: """
                        "restoreOnUpdate": {"default": "ask-again", "instances": {"onboarding": "restart-module"}},
                          "start":
                        """, in: $0)
            }
        },
    ]

    /// Every bundled variant under STEPFLOW_EXHAUSTIVE=1 (CI), one lay
    /// variant without, with every edit that applies to it.
    static let cases: [(String, Edit)] = BundledManifests.cases(
        BundledManifests.wholeVariantNames, plain: ["covid-antigen-home"]
    ).flatMap { name in edits.map { (name, $0) } }

    @Test(arguments: cases)
    func everyStateRestoresOrIsNamed(_ variant: String, _ edit: Edit) throws {
        let path = BundledManifests.path(variant)
        let text = try Self.read(path)
        guard let edited = edit.apply(text) else { return }  // the edit does not apply to this variant
        let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
        let old = try loader.load(path: path)
        let new = try loader.decode(Array(edited.utf8), file: path)
        let check = UpdateCheck(
            old: old, new: new, registry: BundledModules.registry, services: BundledModules.services)
        #expect(!check.isTruncated)
        let sources = Self.answerSources(of: check.old.states)
        let lost = Set(check.lostStates)
        var restored = 0
        var checked = 0
        // Each replay below is a restore on a live session: every state of
        // the lay variants; of the clinics' 1,600 states and more (their
        // record), an even spread of about 400, so CI keeps its time.
        let stride = max(1, check.old.states.states.count / 400)
        // Every state the check says restores: its shortest walk, saved on
        // the old release, restores on the new showing the same screen.
        for state in check.old.states.states.indices where state % stride == 0 {
            guard !lost.contains(state) else { continue }
            checked += 1
            let walk = check.old.states.shortestWalk(to: state).map(\.input)
            let session = try Self.restore(walk, from: old, on: new, answeredByHand: sources)
            #expect(session?.restoreOutcome?.kind == .otherRelease, "\(edit.name): state \(state)")
            #expect(session?.top?.qualifiedID == check.old.states.states[state].top, "\(edit.name): state \(state)")
            restored += 1
        }
        // Every pair of the lockstep search: its walk restores whole if and
        // only if the check says the two releases agree there.
        var pairsReplayed = 0
        let pairStride = max(1, check.pairStates.count / 400)
        for pair in check.pairStates.indices where pair % pairStride == 0 || !check.pairAgrees[pair] {
            let session = try Self.restore(check.walk(toPair: pair), from: old, on: new, answeredByHand: sources)
            let whole = session?.restoreOutcome?.kind == .otherRelease
            #expect(whole == check.pairAgrees[pair], "\(edit.name): pair \(pair)")
            if whole, check.pairStates[pair] >= 0 {
                #expect(session?.top?.qualifiedID == check.old.states.states[Int(check.pairStates[pair])].top)
            }
            pairsReplayed += 1
        }
        // Every lost state's walk that does not restore: given on the old
        // release, it ends on that state, and does not restore whole.
        #expect(check.lostWalks.map(\.state) == check.lostStates)
        for lostWalk in check.lostWalks {
            let walked = VariantSession(
                manifest: old, registry: BundledModules.registry, services: BundledModules.services,
                states: check.old.states, answeredByHand: sources)
            for input in lostWalk.walk.flatMap(\.givenInputs) { try walked.give(input) }
            #expect(walked.stateIndex == lostWalk.state, "\(edit.name): the walk to state \(lostWalk.state)")
            let session = try Self.restore(lostWalk.walk, from: old, on: new, answeredByHand: sources)
            #expect(session?.restoreOutcome?.kind != .otherRelease, "\(edit.name): state \(lostWalk.state)")
        }
        let unrestorable = Set(check.unrestorableStates)
        #expect(unrestorable.isSubset(of: lost))
        // Every place the check names: the walk there does not restore
        // whole; it is refused, or resumed where the check says.
        for place in check.lost {
            let saved = try Self.save(place.walk, on: old, answeredByHand: sources)
            do throws(RestoreError) {
                let session = try VariantSession(
                    resuming: saved, manifest: new, registry: BundledModules.registry,
                    services: BundledModules.services, answeredByHand: sources)
                #expect(session.restoreOutcome?.kind == .fellBack(place.policy), "\(place.problem)")
                #expect(session.top?.qualifiedID == place.resumesAt, "\(place.problem)")
            } catch {
                #expect(place.resumesAt == nil, "refused, and the check said it resumes: \(error)")
            }
        }
        switch edit.name {
        case "wording only", "a shorter timer":
            #expect(check.everyWalkRestores, "\(check.lost.map(\.problem))")
            #expect(check.lostStates.isEmpty && restored == checked)
        case "a removed screen":
            #expect(!check.refusedStates.isEmpty)
        case "photos no longer read", "ids no longer typed":
            // Walks that never touched what changed restore; the others do not.
            #expect(!check.refusedStates.isEmpty)
            #expect(restored > 0 && unrestorable.count < check.old.states.states.count)
        case "a removed screen, with policies", "ids no longer typed, asked again":
            #expect(!check.lostStates.isEmpty)
            #expect(check.refusedStates.isEmpty, "every lost walk is resumed by a policy")
        default:
            break
        }
    }

    @Test func aWalkSavedMidTimerResumesOnAShorterTimerWithTheTimeReallyLeft() throws {
        let path = BundledManifests.path("covid-antigen-home")
        let text = try Self.read(path)
        let loader = ManifestLoader(registry: BundledModules.registry, services: BundledModules.services)
        let old = try loader.load(path: path)
        let new = try loader.decode(
            Array(try #require(Self.changingNumber("waitMinutes", in: text) { _ in 10 }).utf8), file: path)
        let clock = WalkClock(scale: 600)  // a minute passes in a tenth of a second
        let session = VariantSession(
            manifest: old, registry: BundledModules.registry, services: BundledModules.services, clock: clock,
            answeredByHand: ["camera-permission"])
        for label in ["Get started", "Next", "Next", "Next", "I agree", "Everything is there", "Next", "Next", "Next"] {
            try session.give(.choose(.label(label)))
        }
        try session.give(.choose(.label("Done, start the timer")))
        #expect(session.top?.qualifiedID == "test/timer")
        let saved = session.savedNavigation
        #expect(saved.versions["procedure"] != nil)
        let resumedClock = WalkClock(scale: 600)
        let resumed = try VariantSession(
            resuming: saved, manifest: new, registry: BundledModules.registry, services: BundledModules.services,
            clock: resumedClock, answeredByHand: ["camera-permission"])
        #expect(resumed.restoreOutcome?.kind == .otherRelease)
        #expect(resumed.top?.qualifiedID == "test/timer")
        // The new release's ten minutes, less the time already waited
        // (a few clock seconds at 600×); the old release's would be 900.
        let left = try #require(resumedClock.secondsLeft)
        #expect(left <= 600 && left > 500, "\(left) seconds left")
        // Saved again on the new release: in its own numbering, so it
        // resumes there exactly, and goes on to the end.
        let again = resumed.savedNavigation
        #expect(again.fingerprint == VariantSession.fingerprint(of: new, registry: BundledModules.registry))
        let third = try VariantSession(
            resuming: again, manifest: new, registry: BundledModules.registry, services: BundledModules.services,
            clock: WalkClock(scale: 600), answeredByHand: ["camera-permission"])
        #expect(third.restoreOutcome?.kind == .sameRelease)
        #expect(third.top?.qualifiedID == "test/timer")
        try third.give(.wait)
        #expect(third.top?.qualifiedID == "test/ready")
    }

    @Test func aValueInAnotherClassNowIsRefusedNamingTheFieldAndAskedAgainUnderThePolicy() throws {
        let name = "hba1c-clinic"
        let path = BundledManifests.path(name)
        let old = try BundledManifests.load(name)
        let check = UpdateCheck(old: old, new: old, registry: BundledModules.registry)
        #expect(check.everyWalkRestores)
        // A save whose value was entered in a class the field no longer
        // gives it: its class is rewritten, as a release whose ranges moved.
        let sources = Self.answerSources(of: check.old.states)
        guard
            let state = check.old.states.transitions.first(where: { !$0.input.entries.isEmpty })?.to
        else {
            Issue.record("no value entered in \(name)")
            return
        }
        var saved = try Self.save(
            check.old.states.shortestWalk(to: state).map(\.input), on: old, answeredByHand: sources)
        saved.fingerprint = "an older release"
        guard let index = saved.entries.lastIndex(where: { if case .submit = $0 { true } else { false } }),
            case .submit(let flow, let screen, let id, let action, let step, let label, let values, var classes) =
                saved.entries[index], let field = classes.keys.first
        else {
            Issue.record("no submit saved")
            return
        }
        classes[field] = "a class it had then"
        saved.entries[index] = .submit(
            flow: flow, screen: screen, id: id, action: action, step: step, label: label, values: values,
            classes: classes)
        do throws(RestoreError) {
            _ = try VariantSession(
                resuming: saved, manifest: old, registry: BundledModules.registry, services: BundledModules.services,
                answeredByHand: sources)
            Issue.record("restored a value in another class")
        } catch {
            #expect(error.entry == index)
            #expect(error.screen == id)
            #expect(error.problem.contains("the value entered in \(field) on \(id) was a class it had then"))
        }
        let text = try Self.read(path)
        let asking = try ManifestLoader(registry: BundledModules.registry, services: BundledModules.services).decode(
            Array(
                try #require(
                    Self.replacing(
                        "\"start\":", with: "\"restoreOnUpdate\": {\"default\": \"ask-again\"}, \"start\":",
                        in: text)
                ).utf8), file: path)
        let session = try VariantSession(
            resuming: saved, manifest: asking, registry: BundledModules.registry, services: BundledModules.services,
            answeredByHand: sources)
        #expect(session.restoreOutcome?.kind == .fellBack(.askAgain))
        #expect(session.top?.qualifiedID == id)
        #expect(session.entered == values, "the values entered are offered again")
    }

    // MARK: - Helpers

    /// The outside sources a walk of `states` answers: by hand here.
    static func answerSources(of states: StateGraph) -> Set<String> {
        Set(
            states.transitions.compactMap {
                if case .answer(let source, _, _, _, _) = $0.input.kind { return source }
                return nil
            })
    }

    /// `walk` given to a live session of `old`, saved, and resumed on
    /// `new`; `nil` when the resume is refused.
    static func restore(
        _ walk: [StateGraph.Input], from old: Manifest, on new: Manifest, answeredByHand: Set<String>
    ) throws -> VariantSession? {
        let saved = try save(walk, on: old, answeredByHand: answeredByHand)
        do throws(RestoreError) {
            return try VariantSession(
                resuming: saved, manifest: new, registry: BundledModules.registry, services: BundledModules.services,
                answeredByHand: answeredByHand)
        } catch {
            return nil
        }
    }

    /// `walk` given to a live session of `manifest`, saved as an app
    /// writes and reads it (JSON).
    static func save(
        _ walk: [StateGraph.Input], on manifest: Manifest, answeredByHand: Set<String>
    ) throws -> SavedNavigation {
        let session = VariantSession(
            manifest: manifest, registry: BundledModules.registry, services: BundledModules.services,
            answeredByHand: answeredByHand)
        for input in walk.flatMap(\.givenInputs) { try session.give(input) }
        let text = SavedNavigationJSON.encode(session.savedNavigation)
        return try SavedNavigationJSON.decode(Array(text.utf8), file: "saved.json")
    }

    /// The text of the file at `path`.
    static func read(_ path: String) throws -> String {
        String(decoding: try FileBytes.read(path: path, stoppingAfter: 1 << 20, kind: ".json file"), as: UTF8.self)
    }

    /// `text` with the first `target` replaced; `nil` when there is none.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String? {
        guard let range = text.firstRange(of: target) else { return nil }
        var edited = text
        edited.replaceSubrange(range, with: replacement)
        return edited
    }

    /// `text` with the number of the first `"key": n` changed by `change`;
    /// `nil` when there is none.
    static func changingNumber(_ key: String, in text: String, _ change: (Int) -> Int) -> String? {
        guard let range = text.firstRange(of: "\"\(key)\": ") else { return nil }
        let digits = text[range.upperBound...].prefix { $0.isNumber }
        guard let number = Int(digits) else { return nil }
        var edited = text
        edited.replaceSubrange(range.upperBound..<digits.endIndex, with: String(change(number)))
        return edited
    }
}
