import Console
import Navigation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The real reader and writer, over files and pipes.
@MainActor
@Suite("Standard input and output")
struct StandardIOTests {
    /// A descriptor that reads `bytes`, then the end of input: an unlinked temporary file
    /// (a pipe would block the writer once its buffer fills).
    func descriptor(reading bytes: [UInt8]) throws -> Int32 {
        var template = Array("/tmp/waypoint-input-XXXXXX".utf8CString)
        let descriptor = mkstemp(&template)
        try #require(descriptor >= 0)
        unlink(template)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        try #require(written == bytes.count)
        lseek(descriptor, 0, SEEK_SET)
        return descriptor
    }

    @Test("lines come without their breaks; the last needs none; then the input ends")
    func lines() throws {
        let descriptor = try descriptor(reading: Array("one\r\ntwo\n\nthree".utf8))
        defer { close(descriptor) }
        let input = StandardInput(descriptor: descriptor)

        #expect(!input.isInteractive)
        #expect(input.readLine() == RawLine("one"))
        #expect(input.readLine() == RawLine("two"))
        #expect(input.readLine() == RawLine(""))
        #expect(input.readSecretLine() == RawLine("three"))
        #expect(input.readLine() == nil)
        #expect(input.readLine() == nil)
    }

    @Test("a long line is cut at the limit but keeps its length, and the next line is intact")
    func longLine() throws {
        let descriptor = try descriptor(
            reading: Array(repeating: UInt8(ascii: "a"), count: 200_000) + Array("\nnext\n".utf8))
        defer { close(descriptor) }
        let input = StandardInput(descriptor: descriptor, maxLineBytes: 16)

        #expect(input.readLine() == RawLine(bytes: Array(repeating: UInt8(ascii: "a"), count: 16), length: 200_000))
        #expect(input.readLine() == RawLine("next"))
    }

    @Test("a line cut at the limit keeps a carriage return inside it; a line's \\r\\n end is not counted")
    func longLineCutAtReturn() throws {
        let descriptor = try descriptor(reading: Array("abc\rdefg\nnext\r\n".utf8))
        defer { close(descriptor) }
        let input = StandardInput(descriptor: descriptor, maxLineBytes: 4)

        #expect(input.readLine() == RawLine(bytes: Array("abc\r".utf8), length: 8))
        #expect(input.readLine() == RawLine("next"))
    }

    @Test("a tied output is flushed before each read that may wait, not before every line")
    func tied() throws {
        final class FlushCounter: TextOutput {
            var flushes = 0
            func write(_ text: String) {}
            func flush() { flushes += 1 }
        }
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let counter = FlushCounter()
        let input = StandardInput(descriptor: ends[0], tiedTo: counter)
        let send = { (text: String) in
            _ = text.utf8CString.withUnsafeBytes { write(ends[1], $0.baseAddress, $0.count - 1) }
        }

        send("one\ntwo\n")
        #expect(input.readLine() == RawLine("one"))
        #expect(input.readLine() == RawLine("two"))
        send("three\n")
        close(ends[1])
        #expect(input.readLine() == RawLine("three"))
        #expect(input.readLine() == nil)

        // One read for "one" and "two", one for "three", one that found the end.
        #expect(counter.flushes == 3)
    }

    @Test("output reaches the descriptor on flush, byte for byte")
    func output() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let output = StandardOutput(descriptor: ends[1])
        output.write("héllo\n")
        output.flush()
        close(ends[1])

        var buffer = [UInt8](repeating: 0, count: 64)
        let count = buffer.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        #expect(Array(buffer.prefix(count)) == Array("héllo\n".utf8))
    }

    @Test("each screen that arrives or leaves is one line; a replaced root's screens and loads are silent")
    func animator() {
        let output = RecordedOutput()
        let animator = ConsoleAnimator<TestPlace>(output: output)
        let window = Window<TestPlace>()
        let screen = StubScreen("Chat @bob")
        let events: [NavigationEvent] = [
            .arrived(screen, .push), .left(screen, .pop), .arrived(screen, .present), .left(screen, .dismiss),
            .left(screen, .replaceRoot), .arrived(screen, .replaceRoot), .loadStarted(number: 1),
            .loadFinished(number: 1), .loadSuperseded(number: 2), .loadFailed(number: 3, error: CancellationError()),
        ]
        for event in events { animator.window(window, did: event) }
        #expect(
            output.text == """
                ~ pushed Chat @bob
                ~ popped Chat @bob
                ~ presented Chat @bob
                ~ dismissed Chat @bob
                ~ replaced root with Chat @bob

                """
        )
    }
}
