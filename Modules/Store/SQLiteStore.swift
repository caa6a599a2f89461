import CSQLite
import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Accounts, friendships, messages, bios, the lockout state, flag choices and where each user
/// was, kept in one SQLite file: the Domain's service protocols on the database iOS apps embed.
/// Features cannot tell it from the in-memory backend; what they are told is done is on disk.
///
/// - Every write is one transaction, committed with `synchronous = FULL` in WAL mode before
///   the call returns: a message shown as sent survives `kill -9` or a power cut.
/// - Nothing is cached: every call reads the file, so two Apps on one database each see what
///   the other wrote. SQLite's locks order their writes; a writer waits up to `busyTimeout`
///   for the other, then the call fails with "in use".
/// - Passwords are kept only as `PasswordHash`es.
///
/// It runs on the main actor, where the presenters that call it are: each call is a few
/// indexed statements on a local file (tens of microseconds, plus the commit's sync for a
/// write), the same trade as Core Data's main-queue context. A backend across a network would
/// be an actor or a client instead.
@MainActor
public final class SQLiteStore {
    /// How long a write waits for another App's transaction before it gives up.
    public static let busyTimeout: Duration = .seconds(5)

    /// The database file.
    public let path: String
    let connection: SQLiteConnection
    private let lockout: InMemoryBackend.LockoutPolicy
    private let iterations: Int
    private let now: @Sendable () -> Double
    /// How many times this App changed the friendships: with SQLite's count of other connections'
    /// commits (`PRAGMA data_version`), the data's version.
    private var writes = 0

    /// Opens the database at `path`, creating it (readable by its owner only) with `seed` if
    /// there is no file yet, and migrating it if an older App wrote it. A file that cannot be
    /// used is left as it was.
    /// - Parameters:
    ///   - path: the database file.
    ///   - seed: the accounts, friendships and messages a new file starts with.
    ///   - lockout: when repeated failed sign-ins lock a username.
    ///   - iterations: the PBKDF2 iteration count for passwords hashed from now on.
    ///   - now: the wall clock, in seconds since 1970: lockouts outlive a restart, so they are
    ///     kept in wall-clock time. Tests pass one they can move.
    /// - Throws: `StoreError` naming the file and what to do.
    public init(
        path: String,
        seed: DemoData = .standard,
        lockout: InMemoryBackend.LockoutPolicy = .standard,
        iterations: Int = PasswordHash.standardIterations,
        now: @escaping @Sendable () -> Double = SQLiteStore.wallClock
    ) throws(StoreError) {
        self.path = path
        self.lockout = lockout
        self.iterations = iterations
        self.now = now
        try Self.checkFile(at: path)
        let version: Int
        (connection, version) = try Self.openUsable(path)
        setBusyTimeout(Self.busyTimeout)
        // The first write, now that the file is known to be Waypoint's: WAL lets a reader and a
        // writer (another App) work at once, and FULL syncs the log at every commit. Two Apps
        // that start at once on a new file both ask for WAL, which takes the file's exclusive
        // lock; SQLite refuses one at once rather than let the two wait for each other, so the
        // one refused asks again.
        try Self.retryingWhileInUse { () throws(StoreError) in
            try connection.execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
        }
        if version < Schema.current { try migrate(seed: seed) }
    }

    /// Runs `body` again while it fails because another App holds the file, every 10 ms for up
    /// to `busyTimeout`: for a statement SQLite refuses at once instead of waiting, where both
    /// Apps waiting could never end.
    private static func retryingWhileInUse(_ body: () throws(StoreError) -> Void) throws(StoreError) {
        let deadline = ContinuousClock.now + busyTimeout
        while true {
            do throws(StoreError) {
                return try body()
            } catch  where error.problem == .inUse && ContinuousClock.now < deadline {
                usleep(10_000)
            }
        }
    }

    /// Ends the store: the log is copied into the file and the file closed, so the file alone
    /// holds everything (a copy of it is a whole backup) and no `-wal` or `-shm` is left beside
    /// it. Calls after it fail with `StoreError` `.closed`. App closes it at `quit`, at the end
    /// of input, and whenever it ends after opening it.
    public func close() {
        try? connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
    }

    /// What a signal that ends App runs, on its own thread, while the store is open: the log
    /// copied into the file, so the file alone holds every committed write. The store makes no
    /// call after it (it holds the connection's lock until the process ends), so call `close()`
    /// only once this is no longer set to run.
    public func checkpointAtSignal() -> (@Sendable () -> Void)? {
        guard let checkpoint = SignalCheckpoint(connection) else { return nil }
        return { @Sendable in checkpoint.run() }
    }

    /// Opens the file at `path` for writing once it is known that this App can use it, decided
    /// before anything writes to it: through a read-only connection, the schema version is read
    /// and range-checked and the tables are compared with that version's; then the file is
    /// opened for writing and checked to be writable. A file this App cannot use is left byte
    /// for byte as it was, and any journal companion (`-wal`, `-shm`, `-journal`) opening it
    /// made is removed.
    /// - Returns: the connection, and the file's version: from 0 (a new, empty file) to
    ///   `Schema.current`.
    /// - Throws: `StoreError` saying why the file cannot be used.
    private static func openUsable(_ path: String) throws(StoreError) -> (SQLiteConnection, Int) {
        let companions = ["-wal", "-shm", "-journal"].map { path + $0 }.filter { access($0, F_OK) != 0 }
        do throws(StoreError) {
            let version = try usableVersion(of: path)
            let connection = try SQLiteConnection(path: path, access: .readWrite)
            guard sqlite3_db_readonly(connection.handle, "main") == 0 else {
                throw StoreError(.cannotOpen, path: path, detail: "the file is read-only")
            }
            return (connection, version)
        } catch {
            // Only a file refused for what it is: one that is busy or failing may be another
            // App's, open now, whose log is the companion that came meanwhile.
            if error.refusesTheFile {
                for companion in companions { unlink(companion) }
            }
            throw error
        }
    }

    /// The schema version of the file at `path`, read through a read-only connection (closed
    /// before this returns), range-checked, with the file's tables compared with that version's.
    /// - Returns: the version, from 0 (a new, empty file) to `Schema.current`.
    /// - Throws: `StoreError` saying why the file cannot be used.
    private static func usableVersion(of path: String) throws(StoreError) -> Int {
        let reader = try SQLiteConnection(path: path, access: .readOnly)
        // Another App may be writing the file's first pages, or turning on its log, this moment:
        // the version and the tables are read in one transaction, as one commit left them.
        reader.waitWhileBusy(busyTimeout)
        try reader.execute("BEGIN")
        defer { try? reader.execute("COMMIT") }
        let version = try reader.statement("PRAGMA user_version").first { $0.integer(0) } ?? 0
        guard version >= 0 else {
            throw StoreError(.foreign, path: path, detail: "its schema version is \(version)")
        }
        guard version <= Schema.current else {
            throw StoreError(.newerSchema(found: version, known: Schema.current), path: path)
        }
        guard try Schema.shape(of: reader) == Schema.shape(at: version) else {
            throw StoreError(.foreign, path: path)
        }
        return version
    }

    /// Seconds since 1970, from the system's real-time clock.
    public nonisolated static let wallClock: @Sendable () -> Double = {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Checks the file before SQLite opens it, and creates it if it is missing.
    /// - Throws: `StoreError` when it is not a database, is shorter than its header says, or
    ///   cannot be created.
    private static func checkFile(at path: String) throws(StoreError) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
            guard descriptor >= 0 else {
                // Another App starting on the same new file made it first: check the one it made.
                guard errno == EEXIST else {
                    throw StoreError(.cannotCreate, path: path, detail: String(cString: strerror(errno)))
                }
                return try checkFile(at: path)
            }
            closeFile(descriptor)
            return
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(.notADatabase, path: path, detail: "it is not a regular file")
        }
        let size = Int(info.st_size)
        // An empty file becomes a new database: readable by its owner only, as one App creates.
        guard size > 0 else {
            guard chmod(path, 0o600) == 0 || info.st_mode & 0o077 == 0 else {
                throw StoreError(.cannotOpen, path: path, detail: String(cString: strerror(errno)))
            }
            return
        }
        var header = [UInt8](repeating: 0, count: 100)
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw StoreError(.cannotOpen, path: path, detail: String(cString: strerror(errno)))
        }
        let count = header.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, 100) }
        closeFile(descriptor)
        guard count == 100, header.starts(with: Array("SQLite format 3".utf8) + [0]) else {
            throw StoreError(.notADatabase, path: path)
        }
        // The page size (1 means 65,536) and the page count, both big-endian.
        let pageSize = Int(header[16]) << 8 | Int(header[17])
        let pages = header[28..<32].reduce(0) { $0 << 8 | Int($1) }
        let bytes = (pageSize == 1 ? 65_536 : pageSize) * pages
        guard bytes <= size else {
            throw StoreError(
                .damaged, path: path, detail: "its header says \(bytes) bytes, the file has \(size)")
        }
    }

    /// Runs the schema steps the file lacks, and seeds a new file, in one transaction. The
    /// version is read again under the write lock, and range-checked again: another App may have
    /// migrated the file meanwhile.
    private func migrate(seed: DemoData) throws(StoreError) {
        let result = try connection.transaction { () throws(StoreError) in
            let version = try connection.statement("PRAGMA user_version").first { $0.integer(0) } ?? 0
            guard version <= Schema.current else {
                throw StoreError(.newerSchema(found: version, known: Schema.current), path: path)
            }
            guard version >= 0 else { throw StoreError(.foreign, path: path) }
            guard version < Schema.current else { return }
            for step in Schema.steps[version...] { try connection.execute(step) }
            try connection.execute("PRAGMA user_version = \(Schema.current)")
            if version == 0 { try insert(seed) }
        }
        try result.get()
    }

    private func insert(_ data: DemoData) throws(StoreError) {
        for account in data.accounts {
            try connection.statement("INSERT INTO users (id, name, bio, unavailable) VALUES (?, ?, ?, ?)")
                .bind(
                    .text(account.user.id.rawValue), .text(account.user.name), .text(account.user.bio),
                    .integer(data.unavailable.contains(account.user.id) ? 1 : 0)
                ).run()
            let hash =
                PasswordHash.madeOnce(for: account.user.id, account.password, iterations: iterations)
                ?? PasswordHash(hashing: account.password.utf8Bytes, iterations: iterations)
            try store(hash, of: account.user.id)
        }
        for (a, b) in data.friendships {
            for (user, friend) in [(a, b), (b, a)] {
                try connection.statement("INSERT OR IGNORE INTO friendships (user, friend) VALUES (?, ?)")
                    .bind(.text(user.rawValue), .text(friend.rawValue)).run()
            }
        }
        for message in data.messages {
            try insertMessage(text: message.text, link: nil, from: message.from, to: message.to)
        }
    }

    private func store(_ hash: PasswordHash, of user: UserID) throws(StoreError) {
        try connection.statement(
            "INSERT OR REPLACE INTO passwords (user, iterations, salt, hash) VALUES (?, ?, ?, ?)"
        ).bind(.text(user.rawValue), .integer(hash.iterations), .blob(hash.salt), .blob(hash.hash)).run()
    }

    @discardableResult
    private func insertMessage(text: String, link: String?, from sender: UserID, to recipient: UserID)
        throws(StoreError) -> Int
    {
        let (low, high) = Self.pair(sender, recipient)
        try connection.statement(
            "INSERT INTO messages (low, high, sender, recipient, text, link) VALUES (?, ?, ?, ?, ?, ?)"
        ).bind(
            .text(low.rawValue), .text(high.rawValue), .text(sender.rawValue), .text(recipient.rawValue),
            .text(text), .text(link)
        ).run()
        return connection.lastInsertedRow
    }

    /// The two users of a conversation in a fixed order: the key its messages are kept under.
    private static func pair(_ a: UserID, _ b: UserID) -> (low: UserID, high: UserID) {
        a < b ? (a, b) : (b, a)
    }

    // MARK: - Reading

    private func findUser(_ id: UserID) throws(StoreError) -> (user: User, unavailable: Bool)? {
        try connection.statement("SELECT name, bio, unavailable FROM users WHERE id = ?").bind(.text(id.rawValue))
            .first { (User(id: id, name: $0.text(0), bio: $0.text(1)), $0.integer(2) != 0) }
    }

    /// The user `id`, and whether their profile service is down.
    /// - Throws: `ServiceError.unknownUser`, or `.storage`.
    private func requireUser(_ id: UserID) throws(ServiceError) -> (user: User, unavailable: Bool) {
        guard let found = try serviceCall({ () throws(StoreError) in try findUser(id) }) else {
            throw .unknownUser(id)
        }
        return found
    }

    /// Users read from a statement whose columns are id, name, bio.
    private static func readUser(_ row: Statement) -> User {
        User(id: UserID(row.text(0)), name: row.text(1), bio: row.text(2))
    }

    private static func readMessage(_ row: Statement) -> Message {
        Message(
            id: row.integer(0), sender: UserID(row.text(1)), recipient: UserID(row.text(2)), text: row.text(3),
            link: row.optionalText(4))
    }

    /// Runs a store call for a service, reporting a storage failure as the service's error.
    private func serviceCall<T>(_ body: () throws(StoreError) -> T) throws(ServiceError) -> T {
        do { return try body() } catch { throw .storage("\(error)") }
    }

    private func authCall<T>(_ body: () throws(StoreError) -> T) throws(AuthError) -> T {
        do { return try body() } catch { throw .storage("\(error)") }
    }

    /// How long a write waits for another App's transaction.
    func setBusyTimeout(_ timeout: Duration) {
        connection.waitWhileBusy(timeout)
    }

    /// Limits the file to `pages` pages, so that a test can make the disk refuse a write.
    func limitPages(to pages: Int) throws(StoreError) {
        try connection.execute("PRAGMA max_page_count = \(pages)")
    }

    /// The number of pages the file has now.
    var pageCount: Int {
        (try? connection.statement("PRAGMA page_count").first { $0.integer(0) }) ?? 0
    }
}

// MARK: - AuthService

extension SQLiteStore: AuthService {
    public func signIn(username: String, password: Password) throws(AuthError) -> User {
        let key = try Rules.signInKey(username: username, password: password)
        let now = self.now()
        return try authCall { () throws(StoreError) -> Result<User, AuthError> in
            let record = try connection.statement(
                "SELECT count, expires, locked FROM failed_sign_ins WHERE username = ? AND expires > ?"
            ).bind(.text(key), .real(now)).first {
                (count: $0.integer(0), expires: $0.real(1), locked: $0.integer(2) != 0)
            }
            if let record, record.locked {
                return .failure(.locked(username: key, minutes: minutes(from: now, to: record.expires)))
            }
            if record == nil {
                let tracked =
                    try connection.statement("SELECT count(*), min(expires) FROM failed_sign_ins WHERE expires > ?")
                    .bind(.real(now)).first { (count: $0.integer(0), soonest: $0.real(1)) }
                if let tracked, tracked.count >= lockout.capacity {
                    return .failure(.signInPaused(minutes: minutes(from: now, to: tracked.soonest)))
                }
            }
            // The hash is checked for a username nobody has too, so the time taken does not
            // tell which usernames exist.
            let stored = try connection.statement("SELECT iterations, salt, hash FROM passwords WHERE user = ?")
                .bind(.text(key)).first { PasswordHash(iterations: $0.integer(0), salt: $0.blob(1), hash: $0.blob(2)) }
            // What is read from the file is checked before the hash loops over it.
            if let stored, let flaw = stored.flaw {
                throw StoreError(.damaged, path: path, detail: "the password record of \(key) has \(flaw)")
            }
            let matches = (stored ?? PasswordHash(iterations: iterations, salt: [0], hash: [0])).matches(
                password.utf8Bytes)
            if matches, stored != nil, let found = try findUser(UserID(key)) {
                try connection.statement("DELETE FROM failed_sign_ins WHERE username = ?").bind(.text(key)).run()
                return .success(found.user)
            }
            return .failure(try recordFailure(of: key, at: now))
        }.get()
    }

    /// Counts a failed sign-in for `key`, locking it at the policy's limit, in one transaction
    /// (two Apps failing at once count twice).
    /// - Returns: the error that says how many attempts are left.
    private func recordFailure(of key: String, at now: Double) throws(StoreError) -> AuthError {
        let window = Double(lockout.lockDuration.components.seconds)
        let result = try connection.transaction { () throws(StoreError) -> AuthError in
            try connection.statement("DELETE FROM failed_sign_ins WHERE expires <= ?").bind(.real(now)).run()
            let count =
                try connection.statement(
                    """
                    INSERT INTO failed_sign_ins (username, count, expires, locked) VALUES (?1, 1, ?2, 0)
                    ON CONFLICT (username) DO UPDATE SET count = count + 1 RETURNING count
                    """
                ).bind(.text(key), .real(now + window)).first { $0.integer(0) } ?? 1
            let attemptsLeft = max(0, lockout.maxFailures - count)
            if attemptsLeft == 0 {
                try connection.statement("UPDATE failed_sign_ins SET locked = 1, expires = ? WHERE username = ?")
                    .bind(.real(now + window), .text(key)).run()
            }
            return .wrongCredentials(
                username: key, attemptsLeft: attemptsLeft, lockMinutes: Rules.minutes(in: lockout.lockDuration))
        }
        return try result.get()
    }

    /// The minutes from `now` to `end`, a time read from the file: range-checked before it is
    /// used, so a time no lock could have (past, far off, not a number) counts as a lock's
    /// longest, never traps.
    private func minutes(from now: Double, to end: Double) -> Int {
        let longest = Double(lockout.lockDuration.components.seconds)
        let seconds = end - now
        guard seconds.isFinite, seconds > 0 else { return Rules.minutes(in: .seconds(longest)) }
        return Rules.minutes(in: .milliseconds(Int64((min(seconds, longest) * 1000).rounded(.up))))
    }

    public func signUp(username: String, name: String, password: Password) throws(AuthError) -> User {
        let id = try Rules.newUsername(username)
        guard try authCall({ () throws(StoreError) in try findUser(id) }) == nil else { throw .usernameTaken(id) }
        let name = try Rules.newAccount(name: name, password: password)
        let user = User(id: id, name: name)
        // Hashed before the write lock is taken: the hash is slow on purpose, and another App's
        // writes should not wait for it.
        let hash = PasswordHash(hashing: password.utf8Bytes, iterations: iterations)
        let created = try authCall { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Bool in
                try connection.statement("INSERT OR IGNORE INTO users (id, name) VALUES (?, ?)")
                    .bind(.text(id.rawValue), .text(name)).run()
                guard connection.changes == 1 else { return false }
                try store(hash, of: id)
                return true
            }.get()
        }
        // Another App took the name between the check and the write.
        guard created else { throw .usernameTaken(id) }
        return user
    }

    public func requestPasswordReset(username: String) {
        let key = Rules.key(of: username)
        _ = try? connection.statement(
            "INSERT INTO password_resets (username) SELECT id FROM users WHERE id = ?"
        ).bind(.text(key)).run()
    }

    /// The usernames a reset link went out for, in order: what a mail server would have sent.
    public var passwordResetRequests: [String] {
        (try? connection.statement("SELECT username FROM password_resets ORDER BY id").rows { $0.text(0) }) ?? []
    }
}

// MARK: - UserService

extension SQLiteStore: UserService {
    public func user(_ id: UserID) throws(ServiceError) -> User {
        let found = try requireUser(id)
        guard !found.unavailable else { throw .unavailable(id) }
        return found.user
    }

    public func friends(of id: UserID) throws(ServiceError) -> [User] {
        _ = try requireUser(id)
        return try serviceCall { () throws(StoreError) in
            try connection.statement(
                """
                SELECT u.id, u.name, u.bio FROM friendships f JOIN users u ON u.id = f.friend
                WHERE f.user = ? ORDER BY u.name, u.id
                """
            ).bind(.text(id.rawValue)).rows(Self.readUser)
        }
    }

    public func mutualFriends(of a: UserID, and b: UserID) throws(ServiceError) -> [User] {
        _ = try requireUser(a)
        _ = try requireUser(b)
        return try serviceCall { () throws(StoreError) in
            try connection.statement(
                """
                SELECT u.id, u.name, u.bio FROM friendships f
                JOIN friendships g ON g.friend = f.friend AND g.user = ?2
                JOIN users u ON u.id = f.friend
                WHERE f.user = ?1 ORDER BY u.name, u.id
                """
            ).bind(.text(a.rawValue), .text(b.rawValue)).rows(Self.readUser)
        }
    }

    public func areFriends(_ a: UserID, _ b: UserID) throws(ServiceError) -> Bool {
        _ = try requireUser(a)
        _ = try requireUser(b)
        return try serviceCall { () throws(StoreError) in try hasFriendship(a, b) }
    }

    /// Whether the file has the friendship of `a` with `b`: a row names two users, so when it
    /// is there both exist.
    private func hasFriendship(_ a: UserID, _ b: UserID) throws(StoreError) -> Bool {
        try connection.statement("SELECT 1 FROM friendships WHERE user = ? AND friend = ?")
            .bind(.text(a.rawValue), .text(b.rawValue)).first { _ in true } ?? false
    }

    public func setBio(_ bio: String, of id: UserID) throws(ServiceError) -> User {
        var user = try requireUser(id).user
        user.bio = try Rules.bio(bio)
        try serviceCall { () throws(StoreError) in
            try connection.statement("UPDATE users SET bio = ? WHERE id = ?").bind(.text(user.bio), .text(id.rawValue))
                .run()
        }
        return user
    }

    public func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) throws(ServiceError) {
        _ = try requireUser(a)
        _ = try requireUser(b)
        guard a != b else { return }
        try serviceCall { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) in
                for (user, friend) in [(a, b), (b, a)] {
                    try connection.statement(
                        areFriends
                            ? "INSERT OR IGNORE INTO friendships (user, friend) VALUES (?, ?)"
                            : "DELETE FROM friendships WHERE user = ? AND friend = ?"
                    ).bind(.text(user.rawValue), .text(friend.rawValue)).run()
                }
            }.get()
        }
        writes += 1
    }
}

// MARK: - MessageService

extension SQLiteStore: MessageService {
    public func conversation(between a: UserID, and b: UserID) throws(ServiceError) -> [Message] {
        guard try areFriends(a, b) else { throw .notFriends(b) }
        let (low, high) = Self.pair(a, b)
        return try serviceCall { () throws(StoreError) in
            try connection.statement(
                "SELECT id, sender, recipient, text, link FROM messages WHERE low = ? AND high = ? ORDER BY id"
            ).bind(.text(low.rawValue), .text(high.rawValue)).rows(Self.readMessage)
        }
    }

    public func recentConversation(between a: UserID, and b: UserID, limit: Int) throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    ) {
        guard try areFriends(a, b) else { throw .notFriends(b) }
        let friend = try requireUser(b).user
        let (low, high) = Self.pair(a, b)
        return try serviceCall { () throws(StoreError) in
            let total =
                try connection.statement("SELECT count(*) FROM messages WHERE low = ? AND high = ?")
                .bind(.text(low.rawValue), .text(high.rawValue)).first { $0.integer(0) } ?? 0
            let newest = try connection.statement(
                """
                SELECT id, sender, recipient, text, link FROM messages WHERE low = ? AND high = ?
                ORDER BY id DESC LIMIT ?
                """
            ).bind(.text(low.rawValue), .text(high.rawValue), .integer(max(0, limit))).rows(Self.readMessage)
            return (friend, newest.reversed(), total - newest.count)
        }
    }

    public func conversations(of user: UserID) throws(ServiceError) -> [Conversation] {
        _ = try requireUser(user)
        return try serviceCall { () throws(StoreError) in
            try connection.statement(
                """
                SELECT m.id, m.sender, m.recipient, m.text, m.link, u.id, u.name, u.bio
                FROM friendships f JOIN users u ON u.id = f.friend
                JOIN messages m ON m.id = (
                    SELECT max(id) FROM messages
                    WHERE low = min(f.user, f.friend) AND high = max(f.user, f.friend))
                WHERE f.user = ? ORDER BY m.id DESC
                """
            ).bind(.text(user.rawValue)).rows { row in
                Conversation(
                    friend: User(id: UserID(row.text(5)), name: row.text(6), bio: row.text(7)),
                    last: Self.readMessage(row))
            }
        }
    }

    public func send(
        _ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int? = nil
    ) throws(ServiceError) -> Message? {
        let text = try Rules.message(text)
        enum Sent {
            case stored(Int)
            case notFriends, consumedAlready
        }
        // The check, the answer consumed and the insert are one transaction: they see one state
        // of the file, a kill leaves all or nothing of them, and the locks are taken once.
        let sent = try serviceCall { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Sent in
                guard try hasFriendship(sender, recipient) else { return .notFriends }
                if let answer {
                    try connection.statement("DELETE FROM kept_answers WHERE id = ? AND answer IS NOT NULL")
                        .bind(.integer(answer)).run()
                    guard connection.changes == 1 else { return .consumedAlready }
                }
                return .stored(try insertMessage(text: text, link: link, from: sender, to: recipient))
            }.get()
        }
        switch sent {
        case .stored(let id): return Message(id: id, sender: sender, recipient: recipient, text: text, link: link)
        case .consumedAlready: return nil
        case .notFriends:
            // No friendship: the users are looked up only now, to say why.
            _ = try requireUser(sender)
            _ = try requireUser(recipient)
            throw .notFriends(recipient)
        }
    }
}

// MARK: - AppStateStore

extension SQLiteStore: AppStateStore {
    public func savedFlags() throws(ServiceError) -> [String: Bool] {
        try serviceCall { () throws(StoreError) in
            let rows = try connection.statement("SELECT name, value FROM flags").rows {
                ($0.text(0), $0.integer(1) != 0)
            }
            return Dictionary(rows, uniquingKeysWith: { $1 })
        }
    }

    public func saveFlag(_ name: String, isOn: Bool) throws(ServiceError) {
        try serviceCall { () throws(StoreError) in
            try connection.statement("INSERT OR REPLACE INTO flags (name, value) VALUES (?, ?)")
                .bind(.text(name), .integer(isOn ? 1 : 0)).run()
        }
    }

    public func keptPlaces(of user: UserID) throws(ServiceError) -> [KeptPlaces] {
        try serviceCall { () throws(StoreError) in
            try connection.statement("SELECT id, state FROM kept_places WHERE user = ? ORDER BY id")
                .bind(.text(user.rawValue)).rows { KeptPlaces(id: $0.integer(0), text: $0.text(1)) }
        }
    }

    @discardableResult
    public func keepPlaces(_ places: String?, of user: UserID, replacing: [Int]) throws(ServiceError) -> Int? {
        try serviceCall { () throws(StoreError) in
            try connection.transaction { () throws(StoreError) -> Int? in
                for id in replacing {
                    try connection.statement("DELETE FROM kept_places WHERE id = ? AND user = ?")
                        .bind(.integer(id), .text(user.rawValue)).run()
                }
                guard let places else { return nil }
                try connection.statement("INSERT INTO kept_places (user, state) VALUES (?, ?)")
                    .bind(.text(user.rawValue), .text(places)).run()
                return connection.lastInsertedRow
            }.get()
        }
    }
}

extension SQLiteStore {
    /// This App's friendship writes, and SQLite's count of what other connections committed: it
    /// changes when another App writes the file, however its App-level numbers run. (Any commit of
    /// another App counts: a rule is checked again, and finds what changed, if anything.)
    public func dataVersion() -> Int {
        let others = (try? connection.statement("PRAGMA data_version").first { $0.integer(0) }) ?? 0
        return others &* 1_000_003 &+ writes
    }

    public func keepAnswer(_ text: String, action: String, asker: String, of user: UserID) throws(ServiceError) -> Int {
        try serviceCall { () throws(StoreError) in
            try connection.statement("INSERT INTO kept_answers (user, asker, action, answer) VALUES (?, ?, ?, ?)")
                .bind(.text(user.rawValue), .text(asker), .text(action), .text(text)).run()
            return connection.lastInsertedRow
        }
    }

    public func keepQuestion(asker: String, action: String, of user: UserID) throws(ServiceError) -> Int {
        try serviceCall { () throws(StoreError) in
            try connection.statement("INSERT INTO kept_answers (user, asker, action, answer) VALUES (?, ?, ?, NULL)")
                .bind(.text(user.rawValue), .text(asker), .text(action)).run()
            return connection.lastInsertedRow
        }
    }

    public func answer(_ id: Int, with text: String) throws(ServiceError) -> Bool {
        try serviceCall { () throws(StoreError) in
            // One statement: of two Apps that answer, the second changes nothing.
            try connection.statement("UPDATE kept_answers SET answer = ? WHERE id = ? AND answer IS NULL")
                .bind(.text(text), .integer(id)).run()
            return connection.changes == 1
        }
    }

    public func question(_ id: Int) throws(ServiceError) -> KeptQuestion {
        try serviceCall { () throws(StoreError) in
            let answered = try connection.statement("SELECT answer IS NOT NULL FROM kept_answers WHERE id = ?")
                .bind(.integer(id)).first { $0.integer(0) != 0 }
            return answered.map { $0 ? .answered : .open } ?? .gone
        }
    }

    public func keptAnswers(of user: UserID) throws(ServiceError) -> [KeptAnswerRecord] {
        try serviceCall { () throws(StoreError) in
            try connection.statement(
                "SELECT id, asker, action, answer FROM kept_answers WHERE user = ? AND answer IS NOT NULL ORDER BY id"
            )
            .bind(.text(user.rawValue)).rows {
                KeptAnswerRecord(id: $0.integer(0), asker: $0.text(1), action: $0.text(2), text: $0.text(3))
            }
        }
    }

    public func forget(answer: Int) throws(ServiceError) { try dropAnswer(answer) }

    public func dropAnswer(_ id: Int) throws(ServiceError) {
        try serviceCall { () throws(StoreError) in
            try connection.statement("DELETE FROM kept_answers WHERE id = ?").bind(.integer(id)).run()
        }
    }
}

/// The system's `close`, by a name the store's own `close()` does not hide.
private func closeFile(_ descriptor: Int32) {
    #if canImport(Glibc)
        _ = Glibc.close(descriptor)
    #else
        _ = Darwin.close(descriptor)
    #endif
}
