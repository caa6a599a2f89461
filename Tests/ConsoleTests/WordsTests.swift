import LinkMatching
import Navigation
import TestSupport
import Testing

@testable import Console

/// The console's words for what the core returns as values.
@MainActor
@Suite("Console words")
struct WordsTests {
    @Test("every link error reads as one line that says what to do")
    func messages() {
        let words = ConsoleWords<TestPlace>(window: nil)
        #expect(
            words.words(for: LinkError.tooLong(bytes: 102_400, limit: 2_048))
                == "the link is 102400 bytes long; the limit is 2048")
        #expect(
            words.words(for: LinkError.nonASCII(scalar: "\u{202E}", offset: 20))
                == "the link has the non-ASCII character U+202E at position 20; links use plain ASCII")
        #expect(
            words.words(for: LinkError.invisibleCharacter(scalar: "\u{0}", offset: 3))
                == "the link has a space or control character (U+0000) at position 3; remove it")
        #expect(
            words.words(for: LinkError.notALink(String(repeating: "x", count: 50), scheme: "waypoint"))
                == "\"\(String(repeating: "x", count: 40))...\" is not a link; links start with waypoint://")
        #expect(
            words.words(for: LinkError.missingSegment(pattern: "waypoint://profile/<user>", path: "waypoint://profile"))
                == "waypoint://profile is missing a segment; write waypoint://profile/<user>")
        // The patterns a path could have started are the app's navigator's, which these words lack.
        #expect(words.words(for: LinkError.unknownPath(segment: "x", after: nil)) == "unknown path \"x\"")
        #expect(
            words.words(for: LinkError.unknownPath(segment: "x", after: "a")) == "extra segment \"x\" after a")
        #expect(
            words.words(
                for: LinkError.invalidParameter(name: "id", value: "Q", pattern: "b/<id>", problem: "digits only"))
                == "\"Q\" is not a valid <id> in b/<id>: digits only")
    }

    @Test("a routing error reads as one line that names the screen and what happened")
    func routingErrors() {
        let words = ConsoleWords<TestPlace>(window: nil)
        #expect(
            words.words(for: RoutingError.cannotCloseRoot(screen: "Login"))
                == "Login is a root screen, so there is nothing to close or go back to")
        #expect(
            words.words(for: RoutingError.tooDeep(limit: 12))
                == "the window shows at most 12 screens; close one before opening another")
        #expect(
            words.words(for: RoutingError.notInWindow(screen: "Chat @bob"))
                == "Chat @bob is not on screen; it was closed already or never opened")
        #expect(
            words.words(for: RoutingError.unknownTab("d", tabs: ["a", "b"]))
                == "there is no tab \"d\"; the tabs are a, b")
        #expect(words.words(for: InputRefused("as it is")) == "as it is")
    }

    @Test(
        "the words after a command another feature adds, refused: how many it takes, or what a word should be; the commands written as the front types them"
    )
    func commandWords() {
        func said(
            _ action: String, _ takes: String, _ count: Int, _ reason: CommandWordsRefused.Reason, mark: String = ""
        )
            -> String
        {
            ConsoleWords<TestPlace>(window: nil, mark: mark).words(
                for: CommandWordsRefused(action: action, takes: takes, count: count, reason: reason))
        }
        #expect(
            said("notes", "<year> <topic>", 2, .count(given: 3))
                == "notes takes 2 words after it, <year> <topic>, not 3")
        #expect(
            said("notes", "<year> <topic>", 2, .count(given: 0)) == "notes needs <year> <topic> after it, one word each"
        )
        #expect(said("jump", "<id>", 1, .count(given: 2)) == "jump takes 1 word after it, <id>, not 2")
        #expect(said("jump", "<id>", 1, .count(given: 0)) == "jump needs <id> after it, one word")
        #expect(said("visit", "", 0, .count(given: 1)) == "visit takes nothing after it; type just visit")
        #expect(said("visit", "", 0, .count(given: 1), mark: ":") == "visit takes nothing after it; type just :visit")
        #expect(
            said("notes", "<year> <topic>", 2, .word("x", problem: "\"x\" is not a whole number"), mark: ":")
                == "\"x\" is not a whole number; type :notes <year> <topic>")
    }
}
