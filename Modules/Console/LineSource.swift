/// Where the console reads lines from: standard input, or a script in a test.
@MainActor
public protocol LineSource: AnyObject {
    /// Whether a person types at a terminal. The console then prompts before reading; otherwise
    /// it echoes each line it read, so a piped session reads like a transcript.
    var isInteractive: Bool { get }

    /// The next line without its line break, or `nil` at the end of input.
    func readLine() -> RawLine?

    /// The next line, read without the terminal echoing it (for passwords).
    func readSecretLine() -> RawLine?

    /// Whether a whole line can be read now without waiting: a front that listens while a load
    /// waits asks before reading, so the load goes on meanwhile. Only a terminal's input is asked.
    func hasLineReady() -> Bool

    /// What a person has typed of a line and not ended yet, taken from the terminal and held: it
    /// starts the next line read, so the console can show it after a prompt it draws again (the
    /// terminal's own line editing no longer reaches it). `nil` when nothing is half typed, or
    /// the input is no terminal.
    func holdPartialLine() -> RawLine?

    /// Makes Ctrl-C, `kill` or a closed terminal end the input as its end does, so the session
    /// ends as at `quit` before App ends by that signal. Only a terminal's input does anything.
    func endsAtSignal()
}

extension LineSource {
    public func holdPartialLine() -> RawLine? { nil }
    public func endsAtSignal() {}
}

/// A line as read: its bytes, possibly cut short, and how long it really was. Nothing is known
/// about it yet; the console checks it before anything reads it as text.
public struct RawLine: Hashable, Sendable {
    /// The line's bytes; at most a source's limit of them.
    public var bytes: [UInt8]
    /// The line's full length in bytes, including any that were not kept.
    public var length: Int

    public init(bytes: [UInt8], length: Int? = nil) {
        self.bytes = bytes
        self.length = length ?? bytes.count
    }

    public init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }
}

/// Lines from a script, as if typed into a pipe: drives a whole session in a test.
public final class ScriptedInput: LineSource {
    private var lines: [RawLine]
    private var next = 0

    public let isInteractive: Bool
    /// Where each line read is echoed, as a terminal shows what is typed; `nil`: nowhere.
    private let echo: (any TextOutput)?

    /// - Parameters:
    ///   - lines: the lines, in order.
    ///   - isInteractive: whether they stand for a person at a terminal.
    ///   - echo: where each line read is written back, as a terminal echoes what is typed.
    public init(_ lines: [RawLine], isInteractive: Bool = false, echo: (any TextOutput)? = nil) {
        self.lines = lines
        self.isInteractive = isInteractive
        self.echo = echo
    }

    /// A script from text, one line per line break.
    public convenience init(_ script: String, isInteractive: Bool = false) {
        var lines = script.split(separator: "\n", omittingEmptySubsequences: false).map { RawLine(String($0)) }
        if script.hasSuffix("\n") { lines.removeLast() }
        self.init(lines, isInteractive: isInteractive)
    }

    /// Whether every line has been read.
    public var isExhausted: Bool { next >= lines.count }

    /// Adds lines at the end of the script.
    public func append(_ more: [RawLine]) {
        lines += more
    }

    public func readLine() -> RawLine? {
        guard next < lines.count else { return nil }
        defer { next += 1 }
        echo?.write(String(decoding: lines[next].bytes, as: UTF8.self) + "\n")
        return lines[next]
    }

    /// A secret is not echoed.
    public func readSecretLine() -> RawLine? {
        guard echo != nil else { return readLine() }
        guard next < lines.count else { return nil }
        defer { next += 1 }
        return lines[next]
    }

    /// At a scripted terminal, the next line is typed as soon as the console listens, and its end
    /// is there as soon as the script has none left: reading never waits.
    public func hasLineReady() -> Bool {
        isInteractive
    }
}
