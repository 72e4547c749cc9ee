import Testing
@testable import StepflowManifest

@Suite("Parsing JSON with locations")
struct JSONParserTests {
    private func parse(_ text: String) throws(JSONSyntaxError) -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    private func failure(_ bytes: [UInt8]) -> String {
        do {
            _ = try JSONParser.parse(bytes)
            return "parsed"
        } catch {
            return "\(error.location): \(error.message)"
        }
    }

    private func failure(_ text: String) -> String { failure(Array(text.utf8)) }

    @Test func valuesRememberTheirLineAndColumn() throws {
        let node = try parse("{\n  \"a\": [1, 2.5, \"ü\", true, null],\n  \"b\": {\"c\": -3e2}\n}")
        guard case .object(let members) = node.value else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b"])
        #expect(members.map(\.keyLocation) == [TextLocation(line: 2, column: 3), TextLocation(line: 3, column: 3)])
        guard case .array(let elements) = members[0].value.value else {
            Issue.record("not an array")
            return
        }
        #expect(elements.map(\.location.column) == [9, 12, 17, 22, 28], "columns count characters, not bytes")
        #expect(
            elements.map(\.value) == [
                .number(JSONNumber(literal: "1")), .number(JSONNumber(literal: "2.5")), .string("ü"), .bool(true),
                .null,
            ])
    }

    /// A manifest written on one line (a minified one) is read in one pass:
    /// each of its values is told its own column, and so is an error far
    /// along the line; the next line counts from its own start.
    @Test func valuesOnOneLongLineKnowTheirColumns() throws {
        let literals = (0..<2_000).map { "\"v\($0)\"" }
        let line = "[" + literals.joined(separator: ",") + "]"
        let node = try parse(line + "\n")
        guard case .array(let elements) = node.value else {
            Issue.record("not an array")
            return
        }
        var column = 2
        for (element, literal) in zip(elements, literals) {
            #expect(element.location == TextLocation(line: 1, column: column))
            column += literal.count + 1
        }
        #expect(
            failure(String(line.dropLast()) + ",]")
                == "1:\(line.count + 1): a comma before ']' is not allowed in JSON. To fix, remove the trailing comma.")
        let twoLines = try parse(String(line.dropLast()) + ",\n  \"last\"]")
        guard case .array(let all) = twoLines.value else {
            Issue.record("not an array")
            return
        }
        #expect(all.last?.location == TextLocation(line: 2, column: 3))
    }

    @Test func stringsDecodeEveryEscape() throws {
        let node = try parse(#""a\"b\\c\/d\b\f\n\r\t\u00e9\ud83d\ude00""#)
        #expect(node.value == .string("a\"b\\c/d\u{08}\u{0C}\n\r\té😀"))
    }

    @Test func integersAndOtherNumbersAreTold() {
        #expect(JSONNumber(literal: "15").integer == 15)
        #expect(JSONNumber(literal: "-0").integer == 0)
        #expect(JSONNumber(literal: "1.0").integer == nil)
        #expect(JSONNumber(literal: "1e3").integer == nil)
        #expect(JSONNumber(literal: "99999999999999999999").integer == nil)
    }

    @Test(arguments: [
        ("{\"a\": 1,, }", "1:9: expected a key in double quotes, found ','."),
        ("{\"a\": 1,}", "1:9: a comma before '}' is not allowed in JSON. To fix, remove the trailing comma."),
        ("[1, 2,]", "1:7: a comma before ']' is not allowed in JSON. To fix, remove the trailing comma."),
        ("{'a': 1}", "1:2: expected a key in double quotes, found ''a':'."),
        ("{\"a\": 'x'}", "1:7: strings take double quotes in JSON, not single quotes. To fix, write \"…\"."),
        ("{\"a\" 1}", "1:6: expected ':' after the key \"a\", found '1'."),
        ("{\"a\": tru}", "1:7: expected 'true', found 'tru'."),
        ("{\"a\": 01}", "1:7: numbers cannot start with 0 in JSON. To fix, remove the leading zeros."),
        ("{\"a\": 1.}", "1:9: a number needs digits after '.'."),
        (
            "{\"a\": \"x\ny\"}",
            """
            1:9: a control character (0x0A) cannot stand in a JSON string. To fix, write it as an escape such as \
            \\n or \\t.
            """
        ),
        ("{\"a\": \"\\q\"}", "1:8: '\\q' is not a JSON escape. Valid: \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX."),
        (
            "{\"a\": \"\\ud83d\"}",
            "1:14: '\\uD83D' is half of a surrogate pair; the other half must follow as '\\uDC00'…'\\uDFFF'."
        ),
        (
            "{\"a\": 1} x",
            "1:10: unexpected 'x' after the end of the JSON value. To fix, remove it, or wrap the values in an array."
        ),
        ("{\n  \"a\": [1,\n", "3:1: the file ends inside an array. To fix, close it with ']'."),
        ("{\"a\": \"open", "1:12: the file ends inside a string. To fix, close it with '\"'."),
        ("  \n ", "2:2: the file holds no JSON value. To fix, write a JSON object starting with '{'."),
    ])
    func syntaxErrorsSayWhereAndHowToFix(text: String, expected: String) {
        #expect(failure(text) == expected)
    }

    @Test func bytesThatAreNotUTF8AreReportedWithTheirOffset() {
        let bytes = Array("{\n  \"name\": \"".utf8) + [0xFF] + Array("\"}".utf8)
        #expect(
            failure(bytes)
                == """
                2:12: the file is not UTF-8: byte 0xFF at offset 13 does not start a valid character. To fix, save \
                the file as UTF-8.
                """
        )
        #expect(
            failure([0xC0, 0x80]).hasPrefix("1:1: the file is not UTF-8: byte 0xC0"), "overlong forms are not UTF-8")
        #expect(
            failure([0x22, 0xED, 0xA0, 0x80, 0x22]).hasPrefix("1:2: the file is not UTF-8"),
            "encoded surrogates are not UTF-8")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        #expect(try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[]".utf8)).value == .array([]))
    }

    @Test func hostileNestingIsRefusedNotOverflowed() {
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(
            failure(deep)
                == """
                1:65: arrays and objects nest deeper than 64 levels. A manifest needs a handful; to fix, flatten \
                the file.
                """
        )
        let fine = String(repeating: "[", count: 64) + String(repeating: "]", count: 64)
        #expect(failure(fine) == "parsed")
    }
}
