import Domain
import Foundation
import Testing

@testable import Store

/// The built `App` binary: `swift test` builds it into the products folder, beside the tests.
///
/// The tests' bundle says where that is, on every platform: on macOS the tests are a
/// `WaypointPackageTests.xctest` bundle that a runner elsewhere loads (so the runner's own path,
/// `CommandLine.arguments[0]`, is no guide); on Linux the `.xctest` file is the executable itself.
let appBinary: URL = {
    let candidates =
        Bundle.allBundles.filter { $0.bundlePath.hasSuffix(".xctest") }.map { $0.bundleURL.deletingLastPathComponent() }
        + [Bundle.main.executableURL, Bundle.main.bundleURL].compactMap { $0?.deletingLastPathComponent() }
        + [Bundle.main.bundleURL]
    let found = candidates.map { $0.appending(path: "App") }.first {
        FileManager.default.isExecutableFile(atPath: $0.path)
    }
    return found ?? Bundle.main.bundleURL.appending(path: "App")
}()

/// The built `App` binary, run as a user would, with piped input.
@Suite("App binary")
struct BinaryTests {
    var binary: URL { appBinary }

    /// Runs the binary with `arguments`, piping `input` to it, with a data folder of its own
    /// (`XDG_DATA_HOME`) unless `data` names one.
    func run(_ arguments: [String], input: Data = Data(), data: URL? = nil) throws -> (
        status: Int32, output: String, errors: String
    ) {
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path),
            "no App binary at \(binary.path); run swift build first")
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-data-\(UUID().uuidString)")
        defer { if data == nil { try? FileManager.default.removeItem(at: folder) } }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ["XDG_DATA_HOME": (data ?? folder).path, "HOME": (data ?? folder).path]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        try stdin.fileHandleForWriting.write(contentsOf: input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        let errors = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self)
        )
    }

    @Test("a piped walkthrough, on a new database in the data folder, prints its golden transcript and exits 0")
    func walkthrough() throws {
        let input = try Data(contentsOf: sessionsFolder.appending(path: "walkthrough.in"))
        let expected = try String(contentsOf: sessionsFolder.appending(path: "walkthrough.out"), encoding: .utf8)

        let data = FileManager.default.temporaryDirectory.appending(path: "waypoint-data-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }

        let result = try run([], input: input, data: data)

        #expect(result.status == 0)
        let folder = data.appending(path: "waypoint")
        let file = folder.appending(path: "waypoint.sqlite")
        #expect(try FileManager.default.attributesOfItem(atPath: folder.path)[.posixPermissions] as? Int == 0o700)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int == 0o600)
        #expect(
            result.output == expected,
            "the binary's walkthrough differs from walkthrough.out; if the change is intended, run Scripts/record-transcripts and read the diff"
        )
        #expect(result.errors.isEmpty)
        #expect(!result.output.contains("\u{1B}"))
    }

    @Test("--version, and a usage error with status 64")
    func arguments() throws {
        #expect(try run(["--version"]) == (0, "Waypoint 0.1.0\n", ""))
        let bad = try run(["--nope"])
        #expect(bad.status == 64)
        #expect(bad.output.isEmpty)
        #expect(bad.errors.hasPrefix("error: unknown argument \"--nope\"; see App --help\n"))
    }

    @Test("a program driving App through pipes gets each answer before it sends the next line")
    func conversation() throws {
        let process = Process()
        process.executableURL = binary
        process.arguments = ["--in-memory"]
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        let login = read(until: "Commands: login", from: stdout.fileHandleForReading)
        #expect(login?.contains("== Login ==") == true)
        try stdin.fileHandleForWriting.write(contentsOf: Data("help\n".utf8))
        #expect(read(until: "Everywhere:", from: stdout.fileHandleForReading) != nil)
        try stdin.fileHandleForWriting.write(contentsOf: Data("quit\n".utf8))
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// What `handle` gives until `marker` appears; `nil` if nothing comes for two minutes (a
    /// bound for a hung App only: a loaded machine may take long to start it), or the output ends
    /// first.
    func read(until marker: String, from handle: FileHandle) -> String? {
        var seen = ""
        var descriptor = pollfd(fd: handle.fileDescriptor, events: Int16(POLLIN), revents: 0)
        while !seen.contains(marker) {
            guard poll(&descriptor, 1, 120_000) == 1 else { return nil }
            let chunk = handle.availableData
            guard !chunk.isEmpty else { return nil }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        return seen
    }

    @Test("when the reader of its output goes away, App stops at once and ends by SIGPIPE (status 141)")
    func closedPipe() throws {
        // `yes where | App | head -1`, with the endless input as a file of 300,000 lines.
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-pipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appending(path: "where.in")
        try Data(String(repeating: "where\n", count: 300_000).utf8).write(to: input)

        let shell = Process()
        shell.executableURL = URL(filePath: "/bin/bash")
        shell.arguments = [
            "-c", #""$0" --in-memory <"$1" | head -n 1 >/dev/null; echo "${PIPESTATUS[0]}""#, binary.path, input.path,
        ]
        let output = Pipe()
        shell.standardOutput = output
        try shell.run()
        let finished = waitForExit(of: shell, seconds: 120)
        if !finished { shell.terminate() }
        let status = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)

        #expect(finished, "App kept running after its reader went away")
        #expect(status == "141\n")
    }

    @Test("kill -9 in the middle of a session, again and again, loses nothing that was shown as done")
    func crashes() async throws {
        let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-crash-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = folder.appending(path: "w.sqlite").path
        var sent: [String] = []
        var accounts: [String] = []
        var bio = ""

        for round in 1...5 {
            let process = Process()
            process.executableURL = binary
            process.arguments = ["--data", data]
            let stdin = Pipe()
            let stdout = Pipe()
            process.standardInput = stdin
            process.standardOutput = stdout
            try process.run()
            let output = stdout.fileHandleForReading
            func type(_ lines: String..., until marker: String) throws {
                try stdin.fileHandleForWriting.write(contentsOf: Data(lines.map { $0 + "\n" }.joined().utf8))
                try #require(read(until: marker, from: output) != nil, "round \(round): no \(marker)")
            }

            try #require(read(until: "Commands: login", from: output) != nil, "round \(round): App showed no Login")
            try type(
                "signup", "create crash\(round) Crash \(round)", "secret99", until: "Account @crash\(round) created")
            accounts.append("crash\(round)")
            try type("login alice", "wonderland", until: "Signed in as Alice Liddell")
            try type("tab me", "edit", "bio Bio \(round)", "save", until: "> save\n~ dismissed Edit bio")
            bio = "Bio \(round)"
            try type("tab friends", "message 1", until: "== Friends > Chat @bob ==")
            for index in 0..<(2 + round % 3) {
                try type("send crash \(round).\(index)", until: "You: crash \(round).\(index)\n")
                sent.append("crash \(round).\(index)")
            }
            // One more, killed while it may be half done: it was never shown as sent.
            try stdin.fileHandleForWriting.write(contentsOf: Data("send in flight \(round)\n".utf8))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            #expect(process.terminationReason == .uncaughtSignal)
        }

        // Only the check runs on the main actor, where the store lives: the sessions above block
        // on their pipes, and other suites' tests wait for the main actor meanwhile.
        try await MainActor.run { [sent, accounts, bio] in
            let store = try SQLiteStore(path: data, iterations: 1)
            let check = try store.connection.statement("PRAGMA integrity_check").first { $0.text(0) }
            #expect(check == "ok")
            let texts = try store.conversation(between: "alice", and: "bob").map(\.text)
            #expect(texts.filter { $0.hasPrefix("crash ") } == sent)
            for account in accounts { #expect(try store.user(UserID(account)).name.hasPrefix("Crash ")) }
            #expect(try store.user("alice").bio == bio)
        }
    }

    @Test("the end of input at the password prompt exits 0")
    func endOfInput() throws {
        let result = try run(["--in-memory"], input: Data("login alice\n".utf8))
        #expect(result.status == 0)
        #expect(result.output.hasSuffix("> login alice\nBye.\n"))
    }
}

/// Waits for `process` to end, for at most `seconds`.
/// - Returns: whether it ended.
func waitForExit(of process: Process, seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning, Date() < deadline { usleep(10_000) }
    return !process.isRunning
}
