@_spi(GridSimInternals) import SelectionTrace
import Testing

@Suite("JSON parser")
struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try JSONParser.parse(#" {"a":[1,-2,3.5,1e3,true,false,null,"x\"y\u00e9\ud83d\ude00"],"b":{}} "#)
        let expected = JSONValue.object(
            JSONObject([
                (
                    "a",
                    .array([
                        .integer(1), .integer(-2), .double(3.5), .double(1000), .bool(true), .bool(false), .null,
                        .string("x\"yé😀"),
                    ])
                ),
                ("b", .object(JSONObject())),
            ]))
        #expect(value == expected)
    }

    @Test(arguments: [
        ("{\"a\":1,}", 8, "expected a string key"),
        ("{\"a\" 1}", 6, "expected ':'"),
        ("[1 2]", 4, "expected ',' or ']'"),
        ("{\"a\":01}", 6, "leading zeros"),
        ("\"abc", 1, "unterminated string"),
        ("{\"a\":tru}", 6, "invalid literal"),
        ("{} x", 4, "after the JSON value"),
        ("", 1, "expected a value"),
        ("\"\\q\"", 2, "invalid escape"),
        ("\"\\ud800\"", 2, "unpaired surrogate"),
        ("[1.]", 4, "expected a digit after '.'"),
        ("\"a\tb\"", 3, "control character"),
    ])
    func reportsColumnAndReason(text: String, column: Int, fragment: String) {
        do {
            _ = try JSONParser.parse(text)
            Issue.record("expected \(text) to fail")
        } catch {
            #expect(error.column == column, "\(text): \(error.message)")
            #expect(error.message.contains(fragment), "\(text): \(error.message)")
        }
    }

    @Test func rejectsInvalidUTF8() {
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse([0x22, 0xFF, 0x22]) }
    }

    @Test func limitsNesting() {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(deep) }
        let fine = String(repeating: "[", count: 60) + String(repeating: "]", count: 60)
        #expect(throws: Never.self) { try JSONParser.parse(fine) }
    }

    @Test func writerEscapesAndParserReadsBack() throws {
        let strings = ["plain", "quote\" backslash\\", "line\nbreak\ttab\r", "\u{01}\u{1F}", "héllo 😀", ""]
        for string in strings {
            var text = ""
            JSONWriter.appendQuoted(string, to: &text)
            #expect(try JSONParser.parse(text) == .string(string))
        }
    }
}
