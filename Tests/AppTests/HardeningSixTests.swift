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
