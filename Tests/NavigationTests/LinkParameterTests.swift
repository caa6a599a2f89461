import LinkMatching
import TestSupport
import Testing

@testable import Navigation

/// A place's parameters are one parser-printer: what a front reads into a place prints a link
/// that reads back into the same place.
@Suite("Link parameters")
struct LinkParameterTests {
    static let album = LinkParameter<String>.text("album")

    @Test("a text parameter reads a word a link's segment holds, and says what is wrong with any other")
    func textReadsASegment() throws {
        for word in ["summer", "Summer.Trip", "a~b", "-x", "_", "2024", String(repeating: "a", count: 64)] {
            #expect(try Self.album.parse(word).get() == word)
        }
        let word = #"album is a word of letters, digits, "-", ".", "_" and "~""#
        let refused = [
            ("a/b", #"\#(word) (not "/")"#), ("summer%20trip", #"\#(word) (not "%")"#),
            ("a?b", #"\#(word) (not "?")"#), ("a b", "\(word) (not U+0020)"), ("é", "\(word) (not U+00E9)"),
            ("a\u{7}", "\(word) (not U+0007)"), (".", #"\#(word) (not ".")"#), ("..", #"\#(word) (not "..")"#),
            ("", #"\#(word) (not "")"#),
            (String(repeating: "a", count: 65), "album is at most 64 characters (not 65)"),
        ]
        for (text, problem) in refused {
            #expect(Self.album.parse(text).failure == LinkParameterProblem(problem), "\(text)")
        }
    }

    @Test("10,000 random texts: a text parameter reads exactly the segments a link reads, and prints them back")
    func textAgreesWithTheLinkGrammar() {
        // Half the texts are of a segment's characters only, so both answers come often.
        let segment = Array("abzAZ09-._~")
        let any = segment + Array("/%?#&= +é\u{7}")
        var random = SplitMix(seed: 0x7E47)
        var read = 0
        for _ in 0..<10_000 {
            let alphabet = random.next(2) == 0 ? segment : any
            let text = String((0..<random.next(70)).map { _ in alphabet[random.next(alphabet.count)] })
            let link = try? Link(parsing: "w://photos/" + text, scheme: "w")
            let linkReads = link?.path == ["photos", text] && text.utf8.count <= 64
            switch Self.album.parse(text) {
            case .success(let value):
                #expect(linkReads && Self.album.print(value) == text, "\(text)")
                read += 1
            case .failure:
                #expect(!linkReads, "\(text)")
            }
        }
        #expect((3_000..<5_000).contains(read))
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { failure } else { nil }
    }
}
