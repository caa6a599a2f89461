import Domain
import Foundation
import Testing

@testable import App
@testable import Store

/// What a hostile try found in the sixth hardening pass: each test starts from the precondition
/// its item names, and failed before its fix.
@Suite("Hardening 6: kept state across Apps")
struct KeptAcrossAppsTests {
    /// A folder of its own for each test, with the data file in it.
    let folder = FileManager.default.temporaryDirectory.appending(path: "waypoint-h6-\(UUID().uuidString)")
    var data: String { folder.appending(path: "w.sqlite").path }

    init() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    func app() throws -> RunningApp { try RunningApp(["--data", data], folder: folder) }

    @Test(
        "item 1: from a kept state, A and B both restore it, A keeps a draft and quits, B quits: the next sign-in has A's draft"
    )
    func twoAppsRestoringOneState() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        // A kept state exists: Alice quit once.
        let first = try app()
        try first.type("login alice", "wonderland", until: "Signed in as Alice Liddell")
        try first.quit()

        let a = try app()
        try a.type("login alice", "wonderland", until: "Restored where you were when you quit")
        try a.type("tab me", "edit", "bio draft from A", until: "Draft:    \"draft from A\" (unsaved)")
        let b = try app()
        try b.type("login alice", "wonderland", until: "Restored where you were when you quit")
        #expect(try a.quit().contains("with your unsaved work on Edit bio. Sign in again to come back to it."))
        try b.quit()

        let next = try app()
        try next.type("login alice", "wonderland", "window 1", "where", until: "link:")
        let printed = try next.quit()
        #expect(printed.contains("Me > [Edit bio], with your unsaved work on Edit bio"), "\(printed)")
        #expect(printed.contains("Draft:    \"draft from A\" (unsaved)"), "\(printed)")
    }
}

/// A cold start from a link, with windows kept (item 2).
@MainActor
@Suite("Hardening 6: a link start with windows kept")
final class LinkStartTests {
    let disk: AppFolder

    init() throws {
        disk = try AppFolder("waypoint-h6-link")
    }

    @Test(
        "item 2: five link starts each restore every kept window, name the draft, and open the link as open would; the windows never multiply"
    )
    func linkStartRestoresKeptWindows() async throws {
        let data = disk.path("w.sqlite")
        let kept = await disk.main(
            ["--data", data],
            typing: ["login alice", "wonderland", "tab me", "edit", "bio A draft", "window new", "tab chats", "quit"])
        #expect(kept.output.contains("in 2 windows (2 in front): window 1: Me > [Edit bio]"), "\(kept.output)")

        for round in 1...5 {
            let run = await disk.main(
                ["--data", data, "--link", "waypoint://chat/dave"], typing: ["login alice", "wonderland", "quit"])
            #expect(run.status == 0)
            #expect(
                run.output.contains(
                    "Restored where you were when you quit, in 2 windows:\n  window 1: Me > [Edit bio], with your unsaved work on Edit bio.\n"
                ), "round \(round): \(run.output)")
            #expect(
                run.output.contains("Opened waypoint://chat/dave, the link you followed before signing in.\n"),
                "round \(round): \(run.output)")
            #expect(
                run.output.contains(
                    "Kept where you were, @alice, in 2 windows (2 in front): window 1: Me > [Edit bio], with your unsaved work on Edit bio; window 2: Chats > Chat @dave."
                ), "round \(round): \(run.output)")
        }
        let next = await disk.main(["--data", data], typing: ["login alice", "wonderland", "windows", "quit"])
        #expect(next.output.contains("  1. Profile @alice > [Edit bio]\n* 2. Chats > Chat @dave\n> quit"), "\(next.output)")
    }

    @Test("item 2: sign-out forgets every window the sign-in restored; the next sign-in starts afresh")
    func signOutForgetsWhatCameBack() async throws {
        let data = disk.path("w.sqlite")
        _ = await disk.main(
            ["--data", data], typing: ["login alice", "wonderland", "window new", "tab chats", "quit"])
        _ = await disk.main(
            ["--data", data, "--link", "waypoint://chat/dave"], typing: ["login alice", "wonderland", "signout", "quit"])
        let next = await disk.main(["--data", data], typing: ["login alice", "wonderland", "windows", "quit"])
        #expect(!next.output.contains("Restored"), "\(next.output)")
        #expect(next.output.contains("* 1. Friends\n"), "\(next.output)")
    }
}
