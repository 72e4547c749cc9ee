#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import BundledFixtures
import Testing

/// What a module author's compiler says about a screen of several
/// actions that submit fields: the toolchain's `swiftc` type-checks a
/// module's file against the `Stepflow` this test run built.
@Suite("A module's screens type-check quickly and point at their mistakes")
struct TypeCheckTests {
    /// The module's file: five actions, four of them submitting fields,
    /// literal and module texts mixed, and `mistake` in the third.
    static func module(role: String) -> String {
        """
        import Stepflow

        enum PageStep: Step { case go(String), back }

        func page(_ text: ModuleTexts) -> Screen<PageStep> {
            Screen(
                id: "page", title: text["page.title"], body: [text["page.body"], "Nothing is sent yet."],
                fields: [EntryField("a", label: text["a"], kind: .text, classes: [])],
                actions: [
                    ScreenAction("One", submitting: ["a"]) { .go($0["a"] + "1") },
                    ScreenAction("Two", submitting: ["a", "b"]) { .go($0["a"] + $0["b"]) },
                    ScreenAction("Three", submitting: ["a"], role: \(role)) { .go($0["a"] + "3") },
                    ScreenAction(text["four"], submitting: ["a"]) { .go($0["a"]) },
                    ScreenAction("Back", .back, role: .back),
                ])
        }
        """
    }

    /// `swiftc -typecheck` of `source`, against the modules beside the
    /// test binary; `nil` where there is no `swiftc` on the PATH.
    static func typeCheck(_ source: String) -> Run? {
        let path = getenv("PATH").map { String(cString: $0) } ?? "/usr/bin"
        let candidates: [String] = path.split(separator: ":").map { "\($0)/swiftc" }
        guard let swiftc = candidates.first(where: { access($0, X_OK) == 0 }) else { return nil }
        var binary = CommandLine.arguments[0].split(separator: "/", omittingEmptySubsequences: false)
        binary.removeLast()
        let modules = (binary + ["Modules"]).joined(separator: "/")
        let file = "/tmp/stepflow-typecheck-\(getpid())-\(source.hashValue).swift"
        Harness.write(source, to: file)
        defer { unlink(file) }
        return Harness.runProgram([
            swiftc, "-typecheck", "-I", modules, "-I",
            BundledManifests.repositoryRoot + "/Sources/StepflowAtomics/include",
            file,
        ])
    }

    @Test func aScreenOfSubmittingActionsTypeChecks() throws {
        let checked = try #require(Self.typeCheck(Self.module(role: ".cancel")), "no swiftc on the PATH")
        #expect(checked.code == 0, "\(checked.err)")
    }

    /// With the label taken as two overloads (String, LocalizedText), the
    /// solver tried every combination and gave up: "unable to type-check
    /// this expression in reasonable time", naming no line.
    @Test func aMistakeInOneActionIsReportedWhereItIs() throws {
        let checked = try #require(Self.typeCheck(Self.module(role: ".secondary")), "no swiftc on the PATH")
        #expect(checked.code != 0)
        #expect(checked.err.contains("type 'ActionRole' has no member 'secondary'"), "\(checked.err)")
        #expect(!checked.err.contains("reasonable time"), "\(checked.err)")
    }
}
