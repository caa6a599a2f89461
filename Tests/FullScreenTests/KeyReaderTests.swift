import Console
import Testing

@testable import FullScreen

/// The bytes a terminal sends, made into keys, however the reads cut them.
@Suite("Keys from a terminal's bytes")
struct KeyReaderTests {
    /// The events the bytes of `chunks` make, read one after the other as a terminal's reads
    /// would bring them; as a device does, a read that may go on (an escape) waits for the next.
    func events(_ chunks: [[UInt8]]) -> [DeviceEvent] {
        var reader = KeyReader()
        var events: [DeviceEvent] = []
        for chunk in chunks {
            reader.pending += chunk
            while !reader.mayGoOn, let event = reader.next() {
                events.append(event)
                // The end stays the end: a reader says so each time it is asked.
                if event == .end { return events }
            }
        }
        // No more comes: what waited is taken as it is.
        while let event = reader.next(), events.last != .end { events.append(event) }
        return events
    }

    func events(_ chunks: [String]) -> [DeviceEvent] {
        events(chunks.map { Array($0.utf8) })
    }

    @Test("the arrows, Home, End, Delete and the page keys in the forms terminals send them; an unknown key dropped")
    func sequences() {
        #expect(
            events(["\u{1B}[A\u{1B}OB\u{1B}[1;5C\u{1B}[D", "\u{1B}[H\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~"])
                == [.up, .down, .right, .left, .home, .end, .home, .end, .home, .end].map { .key($0) })
        #expect(
            events(["\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[15~x"])
                == [.key(.delete), .key(.pageUp), .key(.pageDown), .key(.character("x"))])
    }

    @Test("a key's sequence or a character cut between two reads waits for its end")
    func cut() {
        #expect(
            events([[0x1B], [0x5B], [0x41], Array("\u{1B}[5".utf8), [0x7E], [0xE2, 0x82], [0xAC]])
                == [.key(.up), .key(.pageUp), .key(.character("€"))])
        #expect(events(["\u{1B}[1;", "5D", "é"]) == [.key(.left), .key(.character("é"))])
        // An escape with nothing after it is Esc.
        #expect(events(["\u{1B}", "x"]) == [.key(.escape), .key(.character("x"))])
        var reader = KeyReader()
        reader.pending = [0x1B, 0x5B]
        #expect(reader.mayGoOn)
        reader.pending = [0x1B, 0x5B, 0x41]
        #expect(!reader.mayGoOn && reader.next() == .key(.up))
    }

    @Test("Ctrl letters, Ctrl-L a redraw, Ctrl-D the end; Enter, Tab, Backspace and Esc")
    func controls() {
        #expect(
            events(["\u{01}\u{05}\u{15}\u{0B}\u{17}\u{0C}\r\n\t\u{7F}\u{08}\u{1B}"])
                == [
                    .key(.control("a")), .key(.control("e")), .key(.control("u")), .key(.control("k")),
                    .key(.control("w")), .redraw, .key(.enter), .key(.enter), .key(.tab), .key(.backspace),
                    .key(.backspace), .key(.escape),
                ])
        #expect(events(["a\u{04}b"]) == [.key(.character("a")), .end])
    }

    @Test(
        "a paste is one key, its markers cut anywhere between reads; what follows it is keys again; a paste longer than a line may be is kept to four lines' worth"
    )
    func paste() {
        #expect(
            events(["x\u{1B}[20", "0~see you\nup", "stairs\u{1B}[2", "01~y"])
                == [.key(.character("x")), .key(.paste("see you\nupstairs")), .key(.character("y"))])
        #expect(events(["\u{1B}[200~\u{1B}[A\u{04}\u{1B}[201~"]) == [.key(.paste("\u{1B}[A\u{04}"))])
        let long = String(repeating: "x", count: 100_000)
        let chunks =
            ["\u{1B}[200~"] + Array(repeating: String(repeating: "x", count: 256), count: 390) + ["\u{1B}[201~"]
        #expect(events(chunks) == [.key(.paste(String(long.prefix(KeyReader.pasteLimit))))])
        #expect(KeyReader.pasteLimit > lineLimit)
    }
}
