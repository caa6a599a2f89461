import Domain
import Foundation
import Synchronization
import Testing

@testable import Store

/// A folder of its own for each test, removed after.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appending(path: "waypoint-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ name: String) -> String { url.appending(path: name).path }
}

/// A wall clock a test moves by hand.
final class WallClock: Sendable {
    private let seconds = Mutex(1_800_000_000.0)

    var now: @Sendable () -> Double { { [self] in seconds.withLock { $0 } } }

    func advance(by seconds: Double) { self.seconds.withLock { $0 += seconds } }
}

/// The store on real files in a temporary folder: no mock of SQLite.
@MainActor
@Suite("SQLite store")
struct StoreTests {
    let folder: TemporaryFolder
    let clock = WallClock()

    init() throws { folder = try TemporaryFolder() }

    /// A store on `name`, with one PBKDF2 iteration so the tests run quickly (the hash itself
    /// is tested against its vectors in HashTests).
    func open(_ name: String = "waypoint.sqlite") throws(StoreError) -> SQLiteStore {
        try SQLiteStore(path: folder.path(name), iterations: 1, now: clock.now)
    }

    /// What signing in to `store` as `name` with `password` throws; `nil` when it signs in.
    func signInError(_ store: SQLiteStore, _ name: String, _ password: String = "wrong") -> AuthError? {
        do {
            _ = try store.signIn(username: name, password: Password(password))
            return nil
        } catch { return error }
    }

    @Test("a new file is created for its owner only, with the demo accounts and their history")
    func createsSeeded() async throws {
        let store = try open()

        let mode = try FileManager.default.attributesOfItem(atPath: store.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        #expect(try store.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
        #expect(try store.friends(of: "alice").map(\.id) == ["bob", "carol", "dave", "frank"])
        #expect(
            try store.conversation(between: "alice", and: "bob").map(\.text) == [
                "Hi Alice! Did the new router land?", "It did. Protocols all the way down.",
                "Send me a link when you can.",
            ])
        #expect(try store.conversations(of: "alice").map(\.friend.id) == ["carol", "bob"])
        let recent = try store.recentConversation(between: "bob", and: "alice", limit: 2)
        #expect(recent.messages.map(\.id) == [2, 3])
        #expect(recent.earlier == 1)
        let none = try store.recentConversation(between: "alice", and: "bob", limit: 0)
        #expect(none.friend.id == "bob")
        #expect(none.messages.isEmpty && none.earlier == 3)
        #expect(throws: ServiceError.unavailable("frank")) { try store.user("frank") }
        #expect(try store.mutualFriends(of: "alice", and: "erin").map(\.id) == ["carol", "dave"])
    }

    @Test("what one run acknowledged is there in the next: an account, messages, a bio, flags, places, a lock")
    func survivesReopening() async throws {
        do {
            let store = try open()
            _ = try store.signUp(username: "zoe", name: "Zoe Quill", password: Password("quills"))
            let sent = try #require(
                try store.send(
                    "Shared a profile", link: "waypoint://profile/carol", from: "alice", to: "bob", consuming: nil))
            #expect(sent.id == 5)
            _ = try store.setBio("New bio", of: "alice")
            try store.saveFlag("profile.v2", isOn: true)
            try store.savePlaces("{\"tabs\":[]}", of: "alice")
            for _ in 1...5 { _ = try? store.signIn(username: "bob", password: Password("nope")) }
        }

        let store = try open()
        #expect(try store.signIn(username: "zoe", password: Password("quills")) == User(id: "zoe", name: "Zoe Quill"))
        #expect(
            try store.conversation(between: "bob", and: "alice").last
                == Message(
                    id: 5, sender: "alice", recipient: "bob", text: "Shared a profile", link: "waypoint://profile/carol"
                ))
        #expect(try store.user("alice").bio == "New bio")
        #expect(try store.savedFlags() == ["profile.v2": true])
        #expect(try store.savedPlaces(of: "alice") == "{\"tabs\":[]}")
        #expect(throws: AuthError.locked(username: "bob", minutes: 5)) {
            try store.signIn(username: "bob", password: Password("fixit123"))
        }
        clock.advance(by: 300)
        #expect(try store.signIn(username: "bob", password: Password("fixit123")) == DemoData.bob)
    }

    @Test("a new file at the standard count keeps the demo accounts' hashes made once; a new password gets a new salt")
    func seededWithHashesMadeOnce() async throws {
        let store = try SQLiteStore(path: folder.path("standard.sqlite"), now: clock.now)
        func salt(of user: String) throws -> [UInt8]? {
            try store.connection.statement("SELECT salt FROM passwords WHERE user = ?").bind(.text(user)).first {
                $0.blob(0)
            }
        }

        for account in DemoData.standard.accounts {
            #expect(
                try salt(of: account.user.id.rawValue)
                    == PasswordHash.madeOnce(for: account.user.id, account.password)?.salt)
        }
        #expect(try store.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
        _ = try store.signUp(username: "zoe", name: "Zoe", password: Password("wonderland"))
        #expect(try salt(of: "zoe") != salt(of: "alice"))
    }

    @Test("passwords are kept only as salted PBKDF2 hashes")
    func noPlaintext() async throws {
        let store = try SQLiteStore(path: folder.path("w.sqlite"), iterations: 7, now: clock.now)
        _ = try store.signUp(username: "zoe", name: "Zoe", password: Password("secret-quill"))
        let bytes =
            try Data(contentsOf: URL(filePath: store.path))
            + (try? Data(contentsOf: URL(filePath: store.path + "-wal"))).orEmpty

        #expect(bytes.range(of: Data("secret-quill".utf8)) == nil)
        #expect(bytes.range(of: Data("wonderland".utf8)) == nil)
        let row = try store.connection.statement(
            "SELECT iterations, length(salt), length(hash) FROM passwords WHERE user = 'zoe'"
        )
        .first { [$0.integer(0), $0.integer(1), $0.integer(2)] }
        #expect(row == [7, 16, 32])
    }

    @Test("the same rules as the in-memory backend: taken names, limits, strangers")
    func rules() async throws {
        let store = try open()
        #expect(throws: AuthError.usernameTaken("alice")) {
            try store.signUp(username: "alice", name: "", password: Password(""))
        }
        #expect(throws: ServiceError.notFriends("erin")) { try store.send("hi", link: nil, from: "alice", to: "erin") }
        #expect(throws: ServiceError.unknownUser("zed")) { try store.send("hi", link: nil, from: "zed", to: "alice") }
        #expect(throws: ServiceError.unknownUser("zed")) { try store.send("hi", link: nil, from: "alice", to: "zed") }
        #expect(try store.send("hi", link: nil, from: "alice", to: "bob", consuming: nil)?.text == "hi")
        #expect(throws: ServiceError.emptyMessage) { try store.send("  ", link: nil, from: "alice", to: "bob") }
        #expect(throws: ServiceError.bioTooLong(length: 161, limit: 160)) {
            try store.setBio(String(repeating: "b", count: 161), of: "alice")
        }
        #expect(throws: ServiceError.unknownUser("zed")) { try store.user("zed") }
        store.requestPasswordReset(username: " Bob ")
        store.requestPasswordReset(username: "nobody")
        #expect(store.passwordResetRequests == ["bob"])
    }

    @Test("failed sign-ins count afresh after a success, and after they run out")
    func failuresCountAfresh() throws {
        let store = try open()
        func attemptsLeft(_ name: String, _ password: String = "wrong") -> Int? {
            guard let error = signInError(store, name, password) else { return nil }
            guard case .wrongCredentials(_, let left, _) = error else { return -1 }
            return left
        }

        #expect([attemptsLeft("alice"), attemptsLeft("alice"), attemptsLeft("alice", "wonderland")] == [4, 3, nil])
        #expect(attemptsLeft("alice") == 4, "a success forgets the failures before it")
        #expect([attemptsLeft("bob"), attemptsLeft("bob"), attemptsLeft("bob")] == [4, 3, 2])
        clock.advance(by: 300)
        #expect(attemptsLeft("bob") == 4, "failures that ran out are not counted again")
    }

    @Test("a friendship changed by this App moves the data version; befriending yourself changes nothing")
    func friendshipWrites() throws {
        let store = try open()
        let before = store.dataVersion()

        try store.setFriendship("alice", "bob", areFriends: false)

        #expect(store.dataVersion() != before)
        #expect(try !store.areFriends("alice", "bob"))
        try store.setFriendship("alice", "alice", areFriends: true)
        #expect(try store.friends(of: "alice").map(\.id) == ["carol", "dave", "frank"])
    }

    @Test("a full lockout table pauses sign-in for a name it does not hold, until an entry runs out")
    func fullLockoutTable() throws {
        let store = try SQLiteStore(
            path: folder.path("full.sqlite"),
            lockout: InMemoryBackend.LockoutPolicy(maxFailures: 5, lockDuration: .seconds(300), capacity: 2),
            iterations: 1, now: clock.now)
        func fail(_ name: String) -> AuthError? { signInError(store, name) }

        #expect(fail("x1") == .wrongCredentials(username: "x1", attemptsLeft: 4, lockMinutes: 5))
        clock.advance(by: 60)
        #expect(fail("x2") == .wrongCredentials(username: "x2", attemptsLeft: 4, lockMinutes: 5))
        #expect(fail("x3") == .signInPaused(minutes: 4))
        #expect(fail("x1") == .wrongCredentials(username: "x1", attemptsLeft: 3, lockMinutes: 5))
        clock.advance(by: 240)
        #expect(fail("x3") == .wrongCredentials(username: "x3", attemptsLeft: 4, lockMinutes: 5))
    }

    @Test("a file of schema version 1 is migrated in one transaction, its data kept")
    func migratesVersion1() async throws {
        let path = folder.path("old.sqlite")
        do {
            let old = try SQLiteConnection(path: path, create: true)
            try old.execute(Schema.steps[0])
            try old.execute(
                """
                INSERT INTO users (id, name) VALUES ('ann', 'Ann'), ('ben', 'Ben');
                INSERT INTO friendships VALUES ('ann', 'ben'), ('ben', 'ann');
                INSERT INTO messages (low, high, sender, recipient, text) VALUES ('ann', 'ben', 'ann', 'ben', 'hello');
                PRAGMA user_version = 1;
                """)
        }

        let store = try SQLiteStore(path: path, iterations: 1, now: clock.now)

        #expect(try store.connection.statement("PRAGMA user_version").first { $0.integer(0) } == Schema.current)
        #expect(
            try store.conversation(between: "ann", and: "ben") == [
                Message(id: 1, sender: "ann", recipient: "ben", text: "hello")
            ])
        #expect(throws: ServiceError.unknownUser("alice")) { try store.user("alice") }
        try store.savePlaces("x", of: "ann")
    }

    @Test("a file of schema version 2 is migrated with each user's kept state, which then stands beside others")
    func migratesVersion2() async throws {
        let path = folder.path("v2.sqlite")
        do {
            let old = try SQLiteConnection(path: path, create: true)
            try old.execute(Schema.steps[0] + ";" + Schema.steps[1])
            try old.execute(
                """
                INSERT INTO users (id, name) VALUES ('ann', 'Ann'), ('ben', 'Ben');
                INSERT INTO places VALUES ('ann', 'kept by ann'), ('ben', 'kept by ben');
                PRAGMA user_version = 2;
                """)
        }

        let store = try SQLiteStore(path: path, iterations: 1, now: clock.now)
        let ann = try store.keptPlaces(of: "ann")
        #expect(ann.map(\.text) == ["kept by ann"])
        let id = try store.keepPlaces("ann's second App", of: "ann", replacing: [])
        #expect(try store.keptPlaces(of: "ann").map(\.text) == ["kept by ann", "ann's second App"])
        try store.keepPlaces(nil, of: "ann", replacing: ann.map(\.id) + [id].compactMap { $0 })
        #expect(try store.keptPlaces(of: "ann").isEmpty)
        #expect(try store.keptPlaces(of: "ben").map(\.text) == ["kept by ben"])
    }

    @Test("a file the App cannot use is refused with its reason and left byte for byte as it was")
    func refusedFiles() async throws {
        let newer = folder.path("newer.sqlite")
        do {
            let connection = try SQLiteConnection(path: newer, create: true)
            try connection.execute("CREATE TABLE users (id TEXT); PRAGMA user_version = 99")
        }
        let foreign = folder.path("foreign.sqlite")
        try SQLiteConnection(path: foreign, create: true).execute("CREATE TABLE notes (text TEXT)")
        let text = folder.path("notes.txt")
        try Data(String(repeating: "not a database\n", count: 20).utf8).write(to: URL(filePath: text))
        let truncated = folder.path("truncated.sqlite")
        do {
            let full = try open("full.sqlite")
            for index in 0..<300 {
                _ = try full.send("message \(index)", link: nil, from: "alice", to: "bob", consuming: nil)
            }
        }
        try SQLiteConnection(path: folder.path("full.sqlite"), create: false).execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let whole = try Data(contentsOf: URL(filePath: folder.path("full.sqlite")))
        try whole.prefix(whole.count / 2).write(to: URL(filePath: truncated))

        let cases: [(String, StoreError.Problem)] = [
            (newer, .newerSchema(found: 99, known: Schema.current)), (foreign, .foreign), (text, .notADatabase),
            (truncated, .damaged),
        ]
        for (path, problem) in cases {
            let before = try Data(contentsOf: URL(filePath: path))
            #expect(throws: StoreError.self) { try SQLiteStore(path: path, iterations: 1) }
            do { _ = try SQLiteStore(path: path, iterations: 1) } catch { #expect(error.problem == problem, "\(path)") }
            #expect(try Data(contentsOf: URL(filePath: path)) == before, "\(path) changed")
            #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        }
    }

    @Test(
        "a schema version no Waypoint writes (negative) is refused as not Waypoint's, never a trap, and the file is left as it was",
        arguments: [-1, -2, Int(Int32.min)])
    func negativeVersion(version: Int) async throws {
        let path = folder.path("negative.sqlite")
        try SQLiteConnection(path: path, create: true).execute(
            "CREATE TABLE users (id TEXT); PRAGMA user_version = \(version)")
        try expectRefused(path, as: .foreign)
    }

    @Test(
        "another program's database with a users table and version 1 or 2 is refused before anything writes to it, in either journal mode",
        arguments: [(1, false), (2, false), (2, true)])
    func foreignWithUsers(version: Int, wal: Bool) async throws {
        let path = folder.path("other.sqlite")
        do {
            let other = try SQLiteConnection(path: path, create: true)
            if wal { try other.execute("PRAGMA journal_mode = WAL") }
            try other.execute(
                "CREATE TABLE users (id TEXT, email TEXT); CREATE TABLE notes (text TEXT); PRAGMA user_version = \(version)"
            )
        }
        try expectRefused(path, as: .foreign)
    }

    @Test("a Waypoint file of an older version with a table missing is refused, not migrated half way")
    func damagedSchema() async throws {
        let path = folder.path("half.sqlite")
        try SQLiteConnection(path: path, create: true).execute(
            Schema.steps[0] + "; DROP TABLE password_resets; PRAGMA user_version = 1")
        try expectRefused(path, as: .foreign)
    }

    /// Opening `path` fails with `problem`, the file's bytes are the same after, and no journal
    /// companion is left beside it.
    func expectRefused(
        _ path: String, as problem: StoreError.Problem, sourceLocation: SourceLocation = #_sourceLocation
    )
        throws
    {
        let before = try Data(contentsOf: URL(filePath: path))
        do {
            _ = try SQLiteStore(path: path, iterations: 1)
            Issue.record("\(path) was opened", sourceLocation: sourceLocation)
        } catch {
            #expect(error.problem == problem, sourceLocation: sourceLocation)
        }
        #expect(try Data(contentsOf: URL(filePath: path)) == before, "\(path) changed", sourceLocation: sourceLocation)
        for companion in ["-wal", "-shm", "-journal"] {
            #expect(
                !FileManager.default.fileExists(atPath: path + companion), "\(companion)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("what is read from the file is range-checked: an absurd iteration count, a hash's length, a lock for ever")
    func absurdNumbers() async throws {
        let store = try open()
        try store.connection.execute(
            """
            UPDATE passwords SET iterations = 4611686018427387904 WHERE user = 'bob';
            UPDATE passwords SET iterations = -5 WHERE user = 'carol';
            UPDATE passwords SET hash = x'' WHERE user = 'erin';
            UPDATE passwords SET hash = x'00' WHERE user = 'frank';
            INSERT INTO failed_sign_ins VALUES ('dave', 5, 1e300, 1);
            """)

        // A hash of no bytes would match any password: a hash of the wrong length is refused too.
        for user in ["bob", "carol", "erin", "frank"] {
            do {
                _ = try store.signIn(username: user, password: Password("whatever"))
                Issue.record("\(user) signed in")
            } catch {
                guard case .storage(let words) = error else { throw error }
                #expect(words.contains("the password record of \(user) has"), "\(words)")
            }
        }
        #expect(throws: AuthError.locked(username: "dave", minutes: 5)) {
            try store.signIn(username: "dave", password: Password("sourdough"))
        }
    }

    @Test("a file that cannot be created says so, with status 73; one that cannot be written, with 74")
    func unwritable() async throws {
        let missing = folder.path("no/such/folder/w.sqlite")
        do { _ = try SQLiteStore(path: missing, iterations: 1) } catch {
            #expect(error.problem == .cannotCreate)
            #expect(error.exitStatus == 73)
            #expect("\(error)".hasPrefix("cannot create \(missing) (No such file or directory)"))
        }
        #expect(!FileManager.default.fileExists(atPath: missing))

        _ = try open("locked.sqlite")
        let locked = folder.path("locked.sqlite")
        try FileManager.default.setAttributes([.posixPermissions: 0o400], ofItemAtPath: locked)
        guard getuid() != 0 else { return }  // root writes anyway
        do { _ = try SQLiteStore(path: locked, iterations: 1) } catch {
            #expect(error.problem == .cannotOpen)
            #expect(error.exitStatus == 74)
        }
    }

    @Test("when the disk refuses a write, the call fails with the reason and nothing is half kept")
    func diskRefuses() async throws {
        let store = try open()
        let before = try store.conversation(between: "alice", and: "bob")
        try store.limitPages(to: store.pageCount)

        var error: ServiceError?
        for index in 0..<1_000 where error == nil {
            do {
                _ = try store.send(
                    String(repeating: "x", count: 900) + "\(index)", link: nil, from: "alice", to: "bob", consuming: nil
                )
            } catch let thrown {
                error = thrown
            }
        }
        let kept = try store.conversation(between: "alice", and: "bob")

        #expect(
            "\(try #require(error))".hasPrefix("the disk refused to write \(store.path) (database or disk is full)"))
        #expect(kept.count > before.count)
        #expect(kept.dropFirst(before.count).map(\.text).allSatisfy { $0.count > 900 })
        #expect(kept.dropFirst(before.count).map(\.id) == Array(5..<5 + kept.count - before.count))
    }

    @Test("two stores on one file both work, and each sees what the other wrote")
    func twoApps() async throws {
        let first = try open()
        let second = try open()

        _ = try first.send("from the first", link: nil, from: "alice", to: "bob", consuming: nil)
        _ = try second.send("from the second", link: nil, from: "bob", to: "alice", consuming: nil)
        _ = try second.signUp(username: "zoe", name: "Zoe", password: Password("quills"))

        #expect(
            try first.conversation(between: "alice", and: "bob").suffix(2).map(\.text) == [
                "from the first", "from the second",
            ])
        #expect(try first.signIn(username: "zoe", password: Password("quills")).name == "Zoe")
        #expect(throws: AuthError.usernameTaken("zoe")) {
            try first.signUp(username: "zoe", name: "Zoe", password: Password("quills"))
        }
    }

    @Test(
        "a kept answer is sent once: the message consumes it in its write, so a second App that delivers it too sends nothing, and an open question cannot be consumed"
    )
    func keptAnswerSentOnce() async throws {
        let first = try open()
        let second = try open()
        let shared = "Shared a profile: Carol Singer (@carol)"
        let asked = try first.keepQuestion(asker: "friends/chat/bob", action: "share", of: "alice")
        #expect(try second.question(asked) == .open)
        #expect(try first.send(shared, link: nil, from: "alice", to: "bob", consuming: asked) == nil)
        #expect(try first.answer(asked, with: "carol"))
        #expect(try !second.answer(asked, with: "dave"))
        #expect(try second.question(asked) == .answered)

        let sent = try first.send(shared, link: "waypoint://profile/carol", from: "alice", to: "bob", consuming: asked)
        let again = try second.send(
            shared, link: "waypoint://profile/carol", from: "alice", to: "bob", consuming: asked)

        #expect(sent?.text == shared && again == nil)
        #expect(try second.conversation(between: "alice", and: "bob").filter { $0.text == shared }.count == 1)
        #expect(try second.keptAnswers(of: "alice").isEmpty && second.question(asked) == .gone)
    }

    @Test("a write that waits longer than the busy timeout for another App says the file is in use")
    func inUse() async throws {
        let store = try open()
        let other = try SQLiteConnection(path: store.path, create: false)
        try other.execute("BEGIN IMMEDIATE")
        defer { try? other.execute("ROLLBACK") }
        store.setBusyTimeout(.milliseconds(50))

        #expect(
            throws: ServiceError.storage(
                "\(store.path) is in use by another App that holds it too long (database is locked); close the other App, or try again"
            )
        ) {
            try store.send("hi", link: nil, from: "alice", to: "bob")
        }
    }
}

extension Optional where Wrapped == Data {
    var orEmpty: Data { self ?? Data() }
}
