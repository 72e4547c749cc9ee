import BundledFixtures
import Testing

@testable import StepflowManifest

/// "Did you mean …?": the nearest name a typo was meant to be.
@Suite("Suggestions for a mistyped name")
struct SuggestionTests {
    /// The suggestion stops comparing a candidate once it cannot win, and
    /// compares ASCII names as bytes: on a thousand seeded random words
    /// and lists of names (upper and lower case, letters beyond ASCII) it
    /// picks exactly what comparing every candidate whole picks.
    @Test func theNearestNameIsTheOneAFullComparisonPicks() {
        var random = SeededRandom(seed: 25)
        let letters = Array("abcdeABCDE-._éß")
        func word() -> String {
            String((0..<random.next(below: 12)).map { _ in letters[random.next(below: letters.count)] })
        }
        for _ in 0..<1_000 {
            let typed = word()
            let candidates = (0..<random.next(below: 30)).map { _ in word() }
            #expect(
                Suggestion.nearest(to: typed, in: candidates) == Self.nearest(to: typed, in: candidates),
                "\(typed) among \(candidates)")
        }
    }

    /// A name that begins the typed word, or that the word begins, in
    /// any case, is the answer when no name is near enough letter by
    /// letter: the same as the full comparison, on words built so.
    @Test func aNameOneBeginsIsTheOneAFullComparisonPicks() {
        var random = SeededRandom(seed: 26)
        let letters = Array("abcdeABCDE-._éß")
        func word(_ length: Int) -> String {
            String((0..<length).map { _ in letters[random.next(below: letters.count)] })
        }
        for _ in 0..<1_000 {
            let typed = word(3 + random.next(below: 6))
            var candidates = (0..<random.next(below: 8)).map { _ in word(random.next(below: 12)) }
            // A longer or shorter name sharing the typed word's start, its
            // case changed here and there.
            let start = String(typed.prefix(3 + random.next(below: typed.count - 2)))
            let shared = start.map { random.next(below: 2) == 0 ? $0.uppercased() : String($0) }.joined()
            candidates.insert(shared + word(random.next(below: 9)), at: random.next(below: candidates.count + 1))
            #expect(
                Suggestion.nearest(to: typed, in: candidates) == Self.nearest(to: typed, in: candidates),
                "\(typed) among \(candidates)")
        }
        #expect(Suggestion.nearest(to: "Endings", in: ["START", "END"]) == "END")
    }

    @Test func aTypoIsAnsweredAndAStrangerIsNot() {
        #expect(Suggestion.nearest(to: "procedur", in: ["onboarding", "procedure", "results"]) == "procedure")
        #expect(Suggestion.nearest(to: "Resluts", in: ["onboarding", "procedure", "results"]) == "results")
        #expect(Suggestion.nearest(to: "ending", in: ["end", "start"]) == "end")
        #expect(Suggestion.nearest(to: "zzzzzz", in: ["onboarding", "procedure", "results"]) == nil)
    }

    /// Every candidate compared whole, as suggestions were before they
    /// stopped early.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let target = Array(word.lowercased())
        let limit = max(1, target.count / 3)
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let gap = abs(candidate.count - target.count)
            guard gap <= limit, gap < (best?.distance ?? .max) else { continue }
            let distance = Suggestion.editDistance(target, Array(candidate.lowercased()))
            if distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        if let best, best.distance <= limit { return best.name }
        let lowered = word.lowercased()
        return candidates.first { candidate in
            let other = candidate.lowercased()
            return min(other.count, lowered.count) >= 3 && (lowered.hasPrefix(other) || other.hasPrefix(lowered))
        }
    }
}
