import Console
import Navigation
import Testing

@Suite("Command")
struct CommandTests {
    @Test("a line splits into a lowercased name and a trimmed argument")
    func parsing() throws {
        let command = try #require(Command("  SEND   hello   there  "))
        #expect(command.name == "send")
        #expect(command.argument == "hello   there")
        #expect(command.words == ["hello", "there"])
    }

    @Test("a word alone has an empty argument")
    func nameOnly() throws {
        let command = try #require(Command("where"))
        #expect(command.name == "where")
        #expect(command.argument.isEmpty)
        #expect(command.words.isEmpty)
    }

    @Test("a blank line is no command", arguments: ["", "   ", "\t \t"])
    func blank(line: String) {
        #expect(Command(line) == nil)
    }

    @Test("a spec's usage is its name and arguments")
    func usage() {
        #expect(ScreenContent.Action("open", .item("thing"), summary: "").usage == "open <n>")
        #expect(ScreenContent.Action("close", summary: "").usage == "close")
    }
}
