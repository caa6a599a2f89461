import Domain
import Foundation
import Store

/// The SQLite store: messages sent one durable transaction each, a chat with a long history
/// opened in the release App, and the database it leaves for the start-up benchmark.
struct StoreBenchmark {
    let app: String
    let scale: Int

    /// Runs the store's figures.
    /// - Returns: the database it made, with `messages` messages between Alice and Bob, for
    ///   the start-up benchmark to start App on; the caller removes `folder`.
    @MainActor
    func run(_ report: Report, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("waypoint.sqlite").path
        let messages = 10_000 / scale
        let syncs = 2_000 / scale
        // The disk's speed moves by more than 2× within minutes on this machine: the ceiling and
        // the sends are measured in turns, ten chunks each, so both see the same disk.
        let chunks = 10
        let probe = try SyncProbe(in: folder)
        var syncTime = Duration.zero
        var sendTime = Duration.zero
        do {
            let store = try SQLiteStore(path: path)
            for chunk in 0..<chunks {
                syncTime += probe.syncs(syncs / chunks)
                let start = ContinuousClock.now
                for index in chunk * messages / chunks..<(chunk + 1) * messages / chunks {
                    let (from, to): (UserID, UserID) = index.isMultiple(of: 2) ? ("alice", "bob") : ("bob", "alice")
                    _ = try store.send("Message number \(index) of the history.", link: nil, from: from, to: to)
                }
                sendTime += ContinuousClock.now - start
            }
        }
        let ceiling = Double(syncs / chunks * chunks) / (syncTime.nanoseconds / 1e9)
        let perSecond = Double(messages) / (sendTime.nanoseconds / 1e9)
        report.line(
            "the disk's own ceiling for such a commit: two log frames (a 24-byte header and a 4 KiB page each) written after the last ones, over a file as long as the log grows, and synced, as SQLite's log does, \(Format.number(Double(syncs))) times",
            "\(Format.number(ceiling)) a second")
        report.line(
            "sending a message to the SQLite store, each its own durable commit (\(Format.number(Double(messages))) messages)",
            "\(Format.number(perSecond)) messages/s", measured: perSecond, atMost: false)
        // The disk sets the pace: the target is a share of what it allows, on any disk.
        report.line(
            "that, against the disk's ceiling measured in turns with it",
            "\(Format.number(perSecond / ceiling * 100))%",
            measured: perSecond / ceiling * 100, target: 90, atMost: false, unit: "%")
        try openChat(path: path, history: messages + 3, report: report)
        return path
    }

    /// Times `message 1` (Bob, whose chat has `history` messages) in the release App on the
    /// database, from the line written to the chat's screen drawn to the end, several times.
    private func openChat(path: String, history: Int, report: Report) throws {
        let process = appProcess(app, arguments: ["--data", path])
        let session = try PipedSession(process)
        defer { session.end() }
        try session.type("login alice\nwonderland\n", until: "Signed in as Alice Liddell")
        var times: [Double] = []
        for _ in 0..<max(5, 21 / scale) {
            times.append(try session.type("message 1\n", until: "Commands: send <text>"))
            try session.type("back\n", until: "Commands: profile <n>")
        }
        times.sort()
        let median = times[times.count / 2]
        report.line(
            "opening a chat with \(Format.number(Double(history))) messages of history, to its first render (median of \(times.count))",
            "\(Format.number(median)) ms",
            measured: median, target: 5, unit: " ms")
    }
}

/// A process driven through pipes, a line at a time.
final class PipedSession {
    private let process: Process
    private let input = Pipe()
    private let output = Pipe()

    init(_ process: Process) throws {
        self.process = process
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Writes `text`, then reads until `marker` appears in what follows.
    /// - Returns: the milliseconds from the write to the marker.
    @discardableResult
    func type(_ text: String, until marker: String) throws -> Double {
        let start = ContinuousClock.now
        input.fileHandleForWriting.write(Data(text.utf8))
        var seen = ""
        while !seen.contains(marker) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw BenchmarkError("App ended before it wrote \(marker)") }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return (ContinuousClock.now - start).nanoseconds / 1e6
    }

    func end() {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}

/// Writes two log frames after the last ones, each a 24-byte header and a 4 KiB page, and syncs
/// them (`fdatasync`, as SQLite does on Linux): what a commit does to SQLite's log (one message
/// is these four writes and one sync, by `strace`: its table's page and its index's). The file
/// starts as long as the log grows (1,000 frames) and is reused from its start, as the log is
/// after a checkpoint: no probe commit extends it, as no send does once the log has grown.
final class SyncProbe {
    private let path: String
    private let descriptor: Int32
    private let block = [UInt8](repeating: 7, count: 4096)
    private var written = 0
    /// SQLite's log: a 32-byte header, then frames of a 24-byte header and a 4 KiB page, 1,000 of
    /// them before a checkpoint restarts it.
    private static let (logHeader, frameHeader, frame, frames) = (32, 24, 24 + 4096, 1000)

    init(in folder: URL) throws {
        path = folder.appendingPathComponent("sync.probe").path
        descriptor = open(path, O_CREAT | O_WRONLY | O_TRUNC, 0o600)
        guard descriptor >= 0 else { throw BenchmarkError("cannot create \(path)") }
        // As long as the log grows to before a checkpoint restarts it: every probe commit then
        // writes over what is there, as the log's do once it has grown, and none extends the file.
        let zeros = [UInt8](repeating: 0, count: Self.logHeader + Self.frames * Self.frame)
        _ = zeros.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        fsync(descriptor)
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// Makes `count` such commits.
    /// - Returns: how long they took.
    func syncs(_ count: Int) -> Duration {
        let start = ContinuousClock.now
        for _ in 0..<count {
            for _ in 0..<2 {
                let offset = off_t(Self.logHeader + written % Self.frames * Self.frame)
                _ = block.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, Self.frameHeader, offset) }
                _ = block.withUnsafeBytes {
                    pwrite(descriptor, $0.baseAddress, $0.count, offset + off_t(Self.frameHeader))
                }
                written += 1
            }
            #if os(Linux)
                fdatasync(descriptor)
            #else
                fsync(descriptor)
            #endif
        }
        return ContinuousClock.now - start
    }
}
