import Stepflow
import StepflowGraph
import StepflowManifest
import StepflowScripts
import Testing

/// Values the app refuses, in scripts and suites: `expect refused` after
/// the input, and every refusing class entered by `suite`.
@Suite("Refused values: entered by suites, expected by scripts")
struct RefusedValueTests {
    static func runner() throws -> ScriptRunner {
        ScriptRunner(manifest: try EdgeForm.manifest(.none), registry: EdgeForm.registry)
    }

    static func run(_ text: String) throws -> ScriptRunner.Result {
        try runner().run(try Script.parse(text, file: "t.txt"))
    }

    @Test("A suite enters each refusing class once, expecting its refusal, and passes its own check")
    func suitesEnterRefusingClasses() throws {
        let runner = try Self.runner()
        let suite = try SuiteGenerator(runner: runner).generate()
        let text = suite.scripts.map(\.text).joined()
        #expect(text.contains("enter reading 3\nexpect refused reading low\nenter reading 5.2 # normal\n"), "\(text)")
        #expect(
            text.split(separator: "\n").count { $0.hasPrefix("expect refused") } == 1, "once, where first submitted")
        #expect(suite.refusedValues == 1)
        var results: [ScriptRunner.Result] = []
        for generated in suite.scripts {
            let result = runner.run(try Script.parse(generated.text, file: generated.fileName))
            #expect(result.passed, "\(result)")
            results.append(result)
        }
        // Coverage counts the refusing class beside those the app takes.
        let classes = try #require(ScriptRunner.classesEntered(by: results, in: runner.variant))
        #expect(classes.share.description == "3 of 3 (100%)" && classes.missing.isEmpty, "\(classes)")
        // Scripts without the refusal line miss it, and say so.
        let taking = try results.map { _ in
            runner.run(try Script.parse("enter reading 5.2\nchoose Save\n", file: "t.txt"))
        }
        let partial = try #require(ScriptRunner.classesEntered(by: taking, in: runner.variant))
        #expect(partial.share.description == "1 of 3 (33%)")
        #expect(partial.missing.last == "form/form reading: low (refused)", "\(partial.missing)")
    }

    @Test("A value the app takes fails the line that expected its refusal; another refusal names both")
    func expectationsAreChecked() throws {
        let start = "expect screen form/form\n"
        #expect(try Self.run(start + "enter reading 3\nexpect refused reading low\nexpect screen form/form\n").passed)
        #expect(try Self.run(start + "enter reading 3\nexpect refused reading\n").passed, "any class of the field")
        let taken = try Self.run(start + "enter reading 5.2\n# the value\nexpect refused reading low\n")
        #expect(taken.failure?.line == 4)
        #expect(
            taken.failure?.message == "expected form/form to refuse the value in reading (low), but the app took it.")
        let other = try Self.run(start + "enter reading abc\nexpect refused reading low\n")
        #expect(other.failure?.line == 3)
        #expect(other.failure?.message.contains("but it refused reading (Reading): 'abc' is not a number") == true)
        // Without the line, a refused value fails the script where it is typed.
        let unexpected = try Self.run(start + "enter reading 3\n")
        #expect(unexpected.failure?.line == 2)
    }

    @Test("'expect refused' follows an input, once, and names a field")
    func grammar() {
        for (text, line) in [
            ("expect refused reading", 1), ("expect screen form/form\nexpect refused reading", 2),
            ("enter reading 3\nexpect refused reading low\nexpect refused reading low", 3),
            ("enter reading 3\nexpect refused", 2), ("enter reading 3\nexpect refused a b c", 2),
        ] {
            #expect(throws: Script.SyntaxError.self) { try Script.parse(text, file: "t.txt") }
            do {
                _ = try Script.parse(text, file: "t.txt")
            } catch {
                #expect(error.description.hasPrefix("t.txt:\(line): error: "), "\(error)")
            }
        }
        #expect(
            "\(Script.SyntaxError.forms)".contains("expect refused <field> [<class>]"))
    }
}
