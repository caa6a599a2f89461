import Navigation
import TestSupport
import Testing

@testable import Console

@Suite("Input checks")
struct InputCheckTests {
    @Test("plain text, tabs and any language pass")
    func valid() {
        #expect(RawLine("send héllo\twörld 你好 👋").text(limit: 100) == .success("send héllo\twörld 你好 👋"))
    }

    @Test("a line over the limit is refused with its real length; one at the limit reads")
    func tooLong() {
        let line = RawLine(bytes: Array(repeating: UInt8(ascii: "a"), count: 10), length: 1_048_576)
        #expect(line.text(limit: 4_096) == .failure(.tooLong(bytes: 1_048_576, limit: 4_096)))
        let full = String(repeating: "a", count: 4_096)
        #expect(RawLine(full).text(limit: 4_096) == .success(full))
        #expect(RawLine(full + "a").text(limit: 4_096) == .failure(.tooLong(bytes: 4_097, limit: 4_096)))
    }

    @Test("bytes that are not UTF-8 are refused", arguments: [[0xFF, 0xFE], [0x61, 0xC3], [0xED, 0xA0, 0x80]])
    func invalidUTF8(bytes: [UInt8]) {
        #expect(RawLine(bytes: bytes).text(limit: 100) == .failure(.invalidUTF8))
    }

    @Test(
        "control characters and text-direction overrides are refused",
        arguments: ["\u{1B}[31m", "a\u{0}b", "\u{7F}", "\u{85}", "evil\u{202E}txt.exe"])
    func controlCharacters(text: String) throws {
        let scalar = try #require(text.unicodeScalars.first { $0.isUnsafeForDisplay })
        #expect(RawLine(text).text(limit: 100) == .failure(.controlCharacter(scalar)))
    }

    @Test("an echo is printable, and short even for a long line")
    func echo() {
        #expect(RawLine("hi \u{1B}[2J").echo == "hi <U+001B>[2J")
        let long = RawLine(bytes: Array(repeating: UInt8(ascii: "x"), count: 100), length: 5_000)
        #expect(long.echo == String(repeating: "x", count: 80) + "… (5000 bytes)")
        #expect(RawLine(bytes: [0x61, 0xFF]).echo == "a\u{FFFD}")
    }

    @Test("problems read as a sentence with what to do")
    func descriptions() {
        #expect(
            "\(InputProblem.controlCharacter("\u{1B}"))"
                == "the line contains the control character U+001B; type plain text")
        #expect(
            "\(InputProblem.tooLong(bytes: 5_000, limit: 4_096))"
                == "the line is 5000 bytes long; the limit is 4096, so type a shorter one")
    }
}

@Suite("Console text")
@MainActor
struct ConsoleTextTests {
    @Test("pieces are appended as bytes past the first capacity, each made safe to print, and written as one block")
    func appends() {
        var text = ConsoleText(capacity: 4)
        let words = (1...40).map { "piece \($0)" }
        for word in words {
            text.append("[")
            text.add(word)
            text.append("]")
        }
        text.add(12_345)
        text.add(" bell\u{7} é")
        text.add("")
        let output = RecordedOutput()
        text.write(to: output)
        #expect(output.text == words.map { "[\($0)]" }.joined() + "12345" + " bell\u{7} é".displaySafe)
        #expect(" bell\u{7} é".displaySafe != " bell\u{7} é")
    }
}

@Suite("Breadcrumb")
@MainActor
struct BreadcrumbTests {
    /// The breadcrumb `draw` writes, from the window's titles in place.
    private func drawn(_ window: Window<TestPlace>) -> String {
        var text = ConsoleText(capacity: 8)
        text.addBreadcrumb(of: window)
        let output = RecordedOutput()
        text.write(to: output)
        return output.text
    }

    @Test("read in place, it says what the titles' breadcrumb says: the root stack, then each modal stack in brackets")
    func sameAsTitles() throws {
        let window = Window<TestPlace>()
        let host = StubScreen("Host")
        try window.replaceRoot(with: host, as: "Host")
        #expect(drawn(window) == window.state.screens.titles.breadcrumb)
        let friends = StubScreen("Friends")
        try window.push(friends, as: "Friends", from: host)
        #expect(drawn(window) == "Host > Friends")
        let profile = StubScreen("Profile @bob")
        try window.present(profile, as: "Profile @bob", from: friends)
        let chat = StubScreen("Chat @bob")
        try window.push(chat, as: "Chat @bob", from: profile)
        #expect(drawn(window) == "Host > Friends > [Profile @bob > Chat @bob]")
        try window.present(StubScreen("Picker"), as: "Picker", from: chat)
        #expect(drawn(window) == "Host > Friends > [Profile @bob > Chat @bob] > [Picker]")
        #expect(drawn(window) == window.state.screens.titles.breadcrumb)
    }
}
