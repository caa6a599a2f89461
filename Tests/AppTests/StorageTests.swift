import Console
import Domain
import Foundation
import Testing

@testable import App
@testable import Navigation
@testable import Store

/// App on a real database file: what is kept between runs, restoration, and the files it
/// refuses. Each test has a folder of its own.
@MainActor
@Suite("Storage")
final class StorageTests {
    let disk: AppFolder

    init() throws {
        disk = try AppFolder("waypoint-app")
    }

    @Test("an account, a message, a bio and a flag made in one run are there in the next")
    func keptBetweenRuns() async throws {
        let data = disk.path("w.sqlite")
        let first = await disk.main(
            ["--data", data],
            typing: [
                "signup", "create zoe Zoe Quill", "quills", "login zoe", "quills", "signout", "login alice",
                "wonderland", "message 1",
                "send Kept?", "flag profile.v2 on", "tab me", "edit", "bio Kept bio", "save", "quit",
            ])
        #expect(first.status == 0)
        #expect(first.errors.isEmpty)

        let second = await disk.main(
            ["--data", data],
            typing: ["login zoe", "quills", "signout", "login alice", "wonderland", "tab chats", "flags", "quit"])

        #expect(second.status == 0)
        #expect(second.output.contains("Signed in as Zoe Quill (@zoe)."))
        #expect(second.output.contains("  1. Bob Builder (@bob): You: Kept?"))
        #expect(second.output.contains("profile.v2  on "))
        #expect(!second.output.contains("error:"))
        let store = try SQLiteStore(path: data, iterations: 1)
        #expect(try store.user("alice").bio == "Kept bio")
    }

    @Test(
        "after quit, and after the end of input, the data file alone holds everything: no -wal or -shm is left, and a copy of the file has every account and message",
        arguments: [true, false])
    func oneFileAfterEnding(quits: Bool) async throws {
        let data = disk.path("w.sqlite")
        let run = await disk.main(
            ["--data", data],
            typing: [
                "signup", "create zoe Zoe Quill", "quills", "login alice", "wonderland", "message 1",
                "send In the file?",
            ] + (quits ? ["quit"] : []))
        #expect(run.status == 0 && run.errors.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: data + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: data + "-shm"))

        // A backup of the file alone.
        let copy = disk.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: data, toPath: copy)
        let store = try SQLiteStore(path: copy, iterations: 1)
        #expect(try store.user("zoe").name == "Zoe Quill")
        #expect(try store.conversation(between: "alice", and: "bob").map(\.text).last == "In the file?")
    }

    @Test("--flag wins over a flag set in the app last time, for this run only")
    func commandLineFlagWins() async throws {
        let data = disk.path("w.sqlite")
        _ = await disk.main(["--data", data], typing: ["flag profile.v2 on", "quit"])

        let overridden = await disk.main(["--data", data, "--flag", "profile.v2=off"], typing: ["flags", "quit"])
        let kept = await disk.main(["--data", data], typing: ["flags", "quit"])

        #expect(overridden.output.contains("profile.v2  off"))
        #expect(kept.output.contains("profile.v2  on "))
    }

    @Test("a flag the store cannot keep is refused in one line, and stays as it was")
    func flagNotKept() async throws {
        let session = try ScriptedApp()
        try await session.start()
        let flags = try #require(session.app.console.flags?.flags)
        session.app.console.flags = (flags, { _, _ in throw ServiceError.storage("the disk is full") })
        _ = session.output.take()

        await session.type("flag profile.v2 on", "flags")

        let said = session.output.take()
        #expect(said.contains("error: profile.v2 could not be kept, so it stays as it was: "), "\(said)")
        #expect(said.contains("profile.v2  off"), "\(said)")
    }

    @Test("with no --data, the database is made in $XDG_DATA_HOME/waypoint, for its owner only")
    func standardFolder() async throws {
        let result = await disk.main([], typing: ["quit"])

        #expect(result.status == 0)
        let file = disk.folder.appending(path: "waypoint/waypoint.sqlite").path
        #expect(FileManager.default.fileExists(atPath: file))
        #expect(
            try FileManager.default.attributesOfItem(atPath: disk.path("waypoint"))[.posixPermissions] as? Int == 0o700)
        #expect(Storage.standardFolder(environment: ["HOME": "/home/ann"]) == "/home/ann/.local/share/waypoint")
        #expect(
            Storage.standardFolder(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "/data"]) == "/data/waypoint")
        #expect(
            Storage.standardFolder(environment: ["HOME": "/home/ann", "XDG_DATA_HOME": "rel"])
                == "/home/ann/.local/share/waypoint")
    }

    @Test(
        "a HOME that is empty or relative names no data folder: one error line, status 73, nothing made",
        arguments: [[:], ["HOME": ""], ["HOME": "", "XDG_DATA_HOME": ""], ["HOME": "home", "XDG_DATA_HOME": "data"]]
    )
    func noDataFolder(environment: [String: String]) async throws {
        #expect(Storage.standardFolder(environment: environment) == nil)
        let output = RecordedOutput()
        let errors = RecordedOutput()
        let status = await Waypoint.main(
            arguments: [], environment: environment, input: ScriptedInput([RawLine("quit")]), output: output,
            errors: errors,
            open: { choice throws(StoreError) in try Storage.open(choice, environment: environment, iterations: 1) })

        #expect(status == 73)
        #expect(output.text.isEmpty)
        #expect(
            errors.text
                == "error: no folder for the data file: neither XDG_DATA_HOME nor HOME is an absolute path; set HOME, or give --data <path>\n"
        )
    }

    @Test("--in-memory keeps nothing")
    func inMemory() async throws {
        _ = await disk.main(["--in-memory"], typing: ["signup", "create zoe Zoe Quill", "quills", "quit"])
        let again = await disk.main(["--in-memory"], typing: ["login zoe", "quills", "quit"])

        #expect(again.output.contains("error: wrong username or password"))
        #expect(!FileManager.default.fileExists(atPath: disk.path("waypoint")))
    }

    @Test(
        "a file App cannot use: one error line naming it and what to do, its status, nothing run, the file as it was")
    func badFiles() async throws {
        let text = disk.path("notes.txt")
        try Data("shopping list\nmilk\n".utf8).write(to: URL(filePath: text))
        let newer = disk.path("newer.sqlite")
        do {
            let store = try SQLiteStore(path: newer, iterations: 1)
            try store.connection.execute("PRAGMA user_version = 7")
        }
        let negative = disk.path("negative.sqlite")
        do {
            let store = try SQLiteStore(path: negative, iterations: 1)
            try store.connection.execute("PRAGMA user_version = -1")
        }
        let missing = disk.path("no/such/folder/w.sqlite")
        let cases: [(path: String, status: Int32, error: String)] = [
            (
                negative, 74,
                "error: \(negative) is a SQLite database, but not Waypoint's (its schema version is -1); choose another file with --data <path>\n"
            ),
            (text, 74, "error: \(text) is not a database; move it away, or choose another file with --data <path>\n"),
            (
                newer, 74,
                "error: \(newer) was written by a newer Waypoint (schema version 7; this App knows up to \(Schema.current)); run the newer App, or choose another file with --data <path>\n"
            ),
            (
                missing, 73,
                "error: cannot create \(missing) (No such file or directory); check that its folder can be written, or choose another file with --data <path>\n"
            ),
        ]
        for bad in cases {
            let before = try? Data(contentsOf: URL(filePath: bad.path))

            let result = await disk.main(["--data", bad.path], typing: ["login alice", "wonderland"])

            #expect(result.status == bad.status)
            #expect(result.output.isEmpty)
            #expect(result.errors == bad.error)
            #expect((try? Data(contentsOf: URL(filePath: bad.path))) == before)
        }
    }

    @Test(
        "--data and --in-memory are one choice",
        arguments: [
            (["--data", "a", "--in-memory"], "error: give one of --data <path> and --in-memory, once"),
            (["--in-memory", "--data=a"], "error: give one of --data <path> and --in-memory, once"),
            (["--data", "a", "--data", "b"], "error: give one of --data <path> and --in-memory, once"),
            (["--data"], "error: --data needs a value, as in --data /tmp/waypoint.sqlite"),
            (["--data="], "error: --data needs a file's path, as in --data /tmp/waypoint.sqlite"),
            (["--in-memory=yes"], "error: --in-memory takes no value; write --in-memory"),
        ])
    func storageUsage(arguments: [String], message: String) async {
        let result = await disk.main(arguments)
        #expect(result.status == 64)
        #expect(result.errors.hasPrefix(message + "\n\nusage: App"))
    }

    @Test("what is read back is checked before it is shown: a bio written by another program cannot drive the terminal")
    func readBackChecked() async throws {
        let data = disk.path("w.sqlite")
        do {
            let store = try SQLiteStore(path: data, iterations: 1)
            try store.connection.statement("UPDATE users SET bio = ?, name = ? WHERE id = 'bob'")
                .bind(.text("\u{1B}[2JWiped"), .text("Bob\u{7}")).run()
        }

        let result = await disk.main(["--data", data], typing: ["login alice", "wonderland", "profile 1", "quit"])

        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"))
        #expect(!result.output.contains("\u{7}"))
        #expect(result.output.contains("Wiped"))
    }
}

/// State restoration: two runs of App on one backend, as two runs on one database file.
@MainActor
@Suite("Restoration")
struct RestorationTests {
    @Test(
        "a kept state of a newer version is never overwritten: the sign-in leaves it, quit says it stays for the newer App, and it is still there"
    )
    func newerStateKept() async throws {
        let backend = InMemoryBackend()
        let newer = "waypoint-state 99\nwhatever a newer App keeps"
        backend.savePlaces(newer, of: "alice")
        let session = try ScriptedApp(
            ["login alice", "wonderland", "message 1", "quit"].map(RawLine.init), backend: backend)
        _ = try await session.run()

        #expect(backend.savedPlaces(of: "alice") == newer)
        let text = session.output.text
        #expect(
            text.contains(
                "\nWhere you were last time was kept by a newer App (state version 99; this one reads up to 3), so it is left as it is; you are on Friends.\n"
            ), "\(text)")
        #expect(!text.contains("error:"), "a newer App's state is a notice, not an error")
        #expect(
            text.contains(
                "Not kept where you were, @alice: where you were last time was kept by a newer App (state version 99; this one reads up to 3), and it stays as it is in the data file for that App"
            ))
        #expect(!text.contains("Kept where you were"))
    }

    @Test(
        "quit typed while a placeholder stands in stops the load first, then says one farewell that names exactly what was kept"
    )
    func quitWhileLoading() async throws {
        let backend = InMemoryBackend()
        let session = try ScriptedApp(
            ["login quinn", "patience", "message 3", "quit"].map(RawLine.init), backend: backend, atTerminal: true)
        let status = try await session.run()

        let text = session.output.text
        #expect(status == 0)
        #expect(text.contains("Loading Chat @ivy"))
        #expect(text.components(separatedBy: "Bye.").count == 2, "\(text)")
        #expect(text.components(separatedBy: "Kept where you were").count == 2, "\(text)")
        #expect(text.contains("Kept where you were, @quinn: Friends. Sign in again to come back to it."), "\(text)")
        #expect(
            backend.savedPlaces(of: "quinn")
                == "waypoint-state 2\nselected 0\ntab friends friends\ntab chats chats\ntab me me")
        #expect(!session.app.window.loader.isLoading)
    }

    @Test("where the user was at quit (every tab's stack, the tab shown, the modals) comes back after they sign in")
    func restores() async throws {
        let backend = InMemoryBackend()
        let first = try ScriptedApp(try script("restore"), backend: backend)
        _ = try await first.run()
        let kept = try #require(backend.savedPlaces(of: "alice"))

        let second = try ScriptedApp(
            ["login alice", "wonderland", "where", "tab friends", "quit"].map(RawLine.init), backend: backend)
        _ = try await second.run()

        try expectGolden(first.output.text + "---- the next run ----\n" + second.output.text, "restore")
        let expected =
            "waypoint-state 2\nselected 2\ntab friends friends chat/bob profile/bob\ntab chats chats chat/carol\n"
            + "tab me me\nmodal edit-bio#Kept%20at%20quit%2C%20not%20saved"
        #expect(kept == expected)
        // `quit` at the question the draft raised answered no: the draft is kept again.
        #expect(backend.savedPlaces(of: "alice") == expected)
        #expect(
            second.app.window.state.screens.titles
                == NavigationState(
                    tabs: [
                        .init(name: "friends", stack: ["Friends", "Chat @bob", "Profile @bob"]),
                        .init(name: "chats", stack: ["Chats", "Chat @carol"]),
                        .init(name: "me", stack: ["Profile @alice"]),
                    ], selected: 2, modals: [["Edit bio"]]))
    }

    @Test(
        "a draft not saved survives quit, the end of input, and a sign-out the end of input answers: the next sign-in brings the editor back with it",
        arguments: [["quit"], [], ["signout"]])
    func draftSurvives(ending: [String]) async throws {
        let backend = InMemoryBackend()
        let first = try ScriptedApp(
            (["login alice", "wonderland", "tab me", "edit", "bio My draft"] + ending).map(RawLine.init),
            backend: backend)
        _ = try await first.run()
        #expect(first.output.text.contains("with your unsaved work on Edit bio. Sign in again to come back to it.\n"))
        #expect(backend.savedPlaces(of: "alice")?.hasSuffix("\nmodal edit-bio#My%20draft") == true)

        let second = try ScriptedApp(["login alice", "wonderland", "save"].map(RawLine.init), backend: backend)
        _ = try await second.run()

        #expect(second.output.text.contains("Draft:    \"My draft\" (unsaved)\n"))
        #expect(
            second.output.text.contains(
                "Restored where you were when you quit: Me > [Edit bio], with your unsaved work on Edit bio.\n"))
        #expect(try backend.user("alice").bio == "My draft")
    }

    @Test("a kept draft is encoded so that no space, line break or # can split the kept text")
    func draftEncoding() async throws {
        for draft in ["", "a b#c%d\ne", "\u{1F600} ünïcode", "%zz"] {
            #expect(LinkQuery.percentDecoded(Substring(LinkQuery.percentEncoded(draft))) == draft)
            #expect(!LinkQuery.percentEncoded(draft).contains { " \n#".contains($0) })
        }
        #expect(LinkQuery.percentDecoded("%4") == nil)
        #expect(LinkQuery.percentDecoded("%FF") == nil)
    }

    @Test("a state that no longer resolves comes back as far as it can, and says what it dropped and why")
    func dropsWhatNoLongerResolves() async throws {
        var data = DemoData.standard
        data.friendships.removeAll { $0 == ("alice", "bob") }
        let backend = InMemoryBackend(data: data)
        let state = NavigationState<AppPlace>(
            tabs: [
                .init(name: "friends", stack: [.friendsList, .chat("bob"), .profile("bob")]),
                .init(name: "chats", stack: [.chats, .chat("carol")]), .init(name: "me", stack: [.me]),
            ], selected: 1, modals: [[.pickFriend(excluding: "carol")]])
        // The picker is a place of its own, with its question: it is kept, and comes back.
        let kept = StateText.text(of: state.map { Recorded($0) })
        backend.savePlaces(kept, of: "alice")

        let session = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init), backend: backend)
        _ = try await session.run()

        #expect(
            session.output.text.contains(
                "Restored where you were when you quit: Chats > Chat @carol > [Pick a friend].\n"
                    + "Dropped Chat @bob > Profile @bob: you and @bob are not friends; you can only chat with friends.\n"
            ))
        #expect(session.app.window.state.screens.titles.stack(ofTab: "friends") == ["Friends"])
        #expect(session.state == NavigationState(root: ["Chats", "Chat @carol"], modals: [["Pick a friend"]]))
    }

    @Test(
        "a kept state App cannot fully use comes back as far as it reads, and says what it left out; one it cannot read at all is forgotten; a newer one is left as it is"
    )
    func partlyReadable() async throws {
        let backend = InMemoryBackend()
        // Version 1 (no version line), as an App before versions kept it, with a handle no link reads.
        backend.savePlaces("selected 0\ntab friends friends chat/Bob\nthis is not a line", of: "alice")
        let partly = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init), backend: backend)
        _ = try await partly.run()
        #expect(
            partly.output.text.contains(
                "Restored where you were when you quit: Friends.\n"
                    + "Left out chat/Bob and what followed it in the friends tab: write the handle in lowercase: bob.\n"
                    + "Left out a line that is no part of a kept state (\"this is not a line\").\n"))

        backend.savePlaces("nothing here", of: "alice")
        let unreadable = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init), backend: backend)
        _ = try await unreadable.run()
        #expect(
            unreadable.output.text.contains(
                "error: where you were last time could not be read: a line that is no part of a kept state "
                    + "(\"nothing here\"); it is forgotten, and you are on Friends\n"))
        #expect(
            backend.savedPlaces(of: "alice")?.hasPrefix("waypoint-state 2\nselected 0\ntab friends friends\n") == true)

        // A newer App's, whatever its line ends: left as it is, not forgotten.
        for (start, end) in [("", "\n"), ("", "\r\n"), ("\n  \n", "\n")] {
            let kept = start + "waypoint-state 4\(end)selected 0\(end)tab friends friends"
            backend.savePlaces(kept, of: "alice")
            let newer = try ScriptedApp(["login alice", "wonderland", "signout"].map(RawLine.init), backend: backend)
            _ = try await newer.run()
            #expect(
                newer.output.text.contains(
                    "Where you were last time was kept by a newer App (state version 4; this one reads up to 3), "
                        + "so it is left as it is; you are on Friends.\n"), "\(newer.output.text)")
            #expect(backend.savedPlaces(of: "alice") == kept)
        }
    }

    @Test("signing out forgets the kept state; a link followed before sign-in opens once the kept state is back")
    func signOutAndLinks() async throws {
        let backend = InMemoryBackend()
        backend.savePlaces("selected 0\ntab friends friends", of: "alice")
        let signedOut = try ScriptedApp(["login alice", "wonderland", "signout"].map(RawLine.init), backend: backend)
        _ = try await signedOut.run()
        #expect(backend.savedPlaces(of: "alice") == nil)

        let linked = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init), backend: backend)
        let kept = StateText.text(
            of: NavigationState<AppPlace>(
                tabs: [
                    .init(name: "friends", stack: [.friendsList, .chat("bob")]), .init(name: "chats", stack: [.chats]),
                    .init(name: "me", stack: [.me]),
                ], selected: 0
            ).map { Recorded($0) })
        backend.savePlaces(kept, of: "alice")
        _ = try await linked.run(link: "waypoint://chats")

        #expect(linked.output.text.contains("Restored where you were when you quit: Friends > Chat @bob.\n"))
        #expect(linked.output.text.contains("Opened waypoint://chats, the link you followed before signing in."))
        #expect(linked.titles.tabs.map(\.stack) == [["Friends", "Chat @bob"], ["Chats"], ["Profile @alice"]])
        #expect(linked.titles.selectedTab == "chats")
    }
}
