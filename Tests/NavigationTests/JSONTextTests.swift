import Testing

@testable import Navigation

/// The JSON of the events file, written and read with no dependency: what a file holds reaches a
/// terminal only as escapes.
@Suite("The events file's JSON")
struct JSONTextTests {
    @Test("a string is written with every control character escaped (C0, DEL and C1), and reads back the same")
    func controlsEscaped() throws {
        #expect(JSONValue.quoted("\u{1B}[31m\u{9B}0m\"\\") == #""\u001b[31m\u009b0m\"\\""#)
        for value in Array(0...0x1F) + Array(0x7F...0x9F) {
            let text = "a" + String(Character(try #require(Unicode.Scalar(UInt32(value))))) + "b"
            let quoted = JSONValue.quoted(text)
            var reader = JSONReader(quoted[...], depthLimit: 1)

            #expect(!quoted.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, "\(value)")
            #expect(reader.value() == .string(text))
            #expect(reader.isAtEnd)
        }
    }

    @Test(
        "a value that is not JSON as App --events writes it reads as none: a trailing comma, a missing value or quote",
        arguments: [
            "[1,]", "[[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{\"a\":}", "\"abc", "tru", "-", "[", "{\"a\":1",
        ])
    func malformed(text: String) {
        var reader = JSONReader(text[...], depthLimit: 4)
        let value = reader.value()

        #expect(value == nil || !reader.isAtEnd, "\(String(describing: value))")
    }
}
