import Domain
import Foundation
import Testing

@testable import Store

/// Share, pick, sent across `kill -9`: the built App killed at every step of the flow, then run
/// again on the same data file. A share is sent exactly once, or not at all if nothing was picked.
@Suite("A place that answers, killed at every step")
struct AnswerKillTests {
    /// The steps of the flow, in order, each with the line that shows it is done.
    static let steps: [(line: String, done: String)] = [
        ("message 1", "== Friends > Chat @bob =="),
        ("share", "== Friends > Chat @bob > [Pick a friend] =="),
        ("pick 2", "You: Shared a profile: Dave Miller (@dave)"),
    ]

    /// The messages of Alice's chat with Bob that shared a profile, and the answers kept.
    @MainActor
    func shared(in data: String) throws -> (shares: [String], kept: Int) {
        let store = try SQLiteStore(path: data, iterations: 1)
        defer { store.close() }
        let shares = try store.conversation(between: "alice", and: "bob").map(\.text)
            .filter { $0.hasPrefix("Shared a profile") }
        return (shares, try store.keptAnswers(of: "alice").count)
    }

    @Test(
        "killed after each step, then run again: the picker comes back if it was open, and the share is sent once, or never if nothing was picked",
        arguments: 0..<steps.count)
    func killedAfter(step: Int) async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-answer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        let binary = BinaryTests()

        let process = Process()
        process.executableURL = appBinary
        process.arguments = ["--data", data]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        func type(_ line: String, until marker: String) throws {
            try stdin.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
            try #require(binary.read(until: marker, from: stdout.fileHandleForReading) != nil, "no \(marker)")
        }
        try #require(binary.read(until: "Commands: login", from: stdout.fileHandleForReading) != nil)
        try stdin.fileHandleForWriting.write(contentsOf: Data("login alice\nwonderland\n".utf8))
        try #require(binary.read(until: "Signed in as Alice Liddell", from: stdout.fileHandleForReading) != nil)
        for (line, done) in Self.steps[...step] { try type(line, until: done) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal)

        // Run again: the picker, if it was open, is back, and a pick sends the share.
        let pickerOpen = step == 1
        let again = try binary.run(
            ["--data", data],
            input: Data(
                (["login alice", "wonderland"] + (pickerOpen ? ["pick 2"] : []) + ["where", "quit"]).map {
                    $0 + "\n"
                }.joined().utf8))
        #expect(again.status == 0)
        #expect(
            again.output.contains("Restored where you were when you quit: Friends > Chat @bob > [Pick a friend].")
                == pickerOpen, "\(again.output)")
        let (shares, kept) = try await shared(in: data)
        #expect(shares == (step == 0 ? [] : ["Shared a profile: Dave Miller (@dave)"]), "step \(step)")
        #expect(kept == 0)
    }

    @Test(
        "killed after the answer was kept but before the message was stored: the next sign-in closes the picker and sends it, once"
    )
    func killedBetweenAnswerAndSend() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-answer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        // What the file holds at that moment: the picker kept open over Bob's chat, and its answer.
        try await MainActor.run {
            let store = try SQLiteStore(path: data, iterations: 1)
            defer { store.close() }
            try store.keepPlaces(
                "waypoint-state 2\nselected 0\ntab friends friends chat/bob\ntab chats chats\ntab me me\n"
                    + "modal pick-friend\n", of: "alice", replacing: [])
            _ = try store.keepAnswer("dave", action: "share", asker: "chat/bob", of: "alice")
        }
        let binary = BinaryTests()
        let input = Data("login alice\nwonderland\nwhere\nquit\n".utf8)

        let first = try binary.run(["--data", data], input: input)
        #expect(first.output.contains("You: Shared a profile: Dave Miller (@dave)"), "\(first.output)")
        #expect(first.output.contains("top:  Chat @bob"), "\(first.output)")
        let second = try binary.run(["--data", data], input: input)
        #expect(second.status == 0)
        let (shares, kept) = try await shared(in: data)
        #expect(shares == ["Shared a profile: Dave Miller (@dave)"])
        #expect(kept == 0)
    }
}
