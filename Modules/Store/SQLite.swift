import CSQLite

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One connection to a SQLite file: statements prepared once and kept, values bound and read
/// by column, and every failure turned into a `StoreError` that names the file.
///
/// It is the store's only contact with SQLite's C interface, and it is small on purpose: the
/// store writes its SQL in the open, and this runs it.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?
    private var statements: [String: Statement] = [:]

    /// How a connection opens its file.
    enum Access {
        /// Read and write; the file is created if it does not exist.
        case create
        /// Read and write an existing file.
        case readWrite
        /// Read only: nothing this connection does writes to the database file.
        case readOnly
    }

    /// Opens `path` as `access` says.
    /// - Throws: `StoreError` when the file cannot be opened.
    init(path: String, access: Access) throws(StoreError) {
        self.path = path
        let mode =
            switch access {
            case .create: SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
            case .readWrite: SQLITE_OPEN_READWRITE
            case .readOnly: SQLITE_OPEN_READONLY
            }
        // Serialized: every call holds the connection's mutex, so the checkpoint a signal asks for
        // (`checkpointWhileHeld`, on another thread) never runs inside one of the store's calls.
        let flags = mode | SQLITE_OPEN_FULLMUTEX
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK else {
            let error = StoreError(code: code, message: handle.map { String(cString: sqlite3_errmsg($0)) }, path: path)
            sqlite3_close_v2(handle)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    /// Opens `path`, creating the file if `create` and it does not exist.
    /// - Throws: `StoreError` when the file cannot be opened.
    convenience init(path: String, create: Bool) throws(StoreError) {
        try self.init(path: path, access: create ? .create : .readWrite)
    }

    deinit {
        close()
    }

    /// Closes the file: the statements are finalized, and SQLite, closing the last connection,
    /// copies the log into the file and removes the `-wal` and `-shm` companions. Calls after it
    /// fail with `StoreError.closed`.
    func close() {
        guard let handle else { return }
        statements.removeAll()
        sqlite3_close_v2(handle)
        self.handle = nil
    }

    /// Runs one or more statements that return no rows.
    /// - Throws: `StoreError` when one fails.
    func execute(_ sql: String) throws(StoreError) {
        guard handle != nil else { throw StoreError(.closed, path: path) }
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw failure(code) }
    }

    /// The statement for `sql`, prepared the first time and reset for reuse after.
    /// - Throws: `StoreError` when SQLite cannot prepare it.
    func statement(_ sql: String) throws(StoreError) -> Statement {
        guard handle != nil else { throw StoreError(.closed, path: path) }
        if let statement = statements[sql] {
            statement.reset()
            return statement
        }
        var prepared: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil)
        guard code == SQLITE_OK, let prepared else { throw failure(code) }
        let statement = Statement(prepared, connection: self)
        statements[sql] = statement
        return statement
    }

    /// Runs `body` in one transaction: committed when it returns, rolled back when it throws.
    /// `BEGIN IMMEDIATE` takes the write lock first, so two Apps on one file wait for each
    /// other (up to the busy timeout) instead of failing halfway.
    /// - Returns: what `body` returns.
    /// - Throws: what `body` throws, or `StoreError` when the commit fails.
    func transaction<T, E: Error>(_ body: () throws(E) -> T) throws(StoreError) -> Result<T, E> {
        try statement("BEGIN IMMEDIATE").run()
        let result: Result<T, E>
        do throws(E) {
            result = .success(try body())
        } catch {
            result = .failure(error)
        }
        guard case .success = result else {
            rollBack()
            return result
        }
        do {
            try statement("COMMIT").run()
        } catch {
            rollBack()
            throw error
        }
        return result
    }

    /// Rolls back the open transaction, unless SQLite already has: it does on some errors, as a
    /// full disk, and a second `ROLLBACK` would fail with an error that hides the first.
    private func rollBack() {
        guard sqlite3_get_autocommit(handle) == 0 else { return }
        try? statement("ROLLBACK").run()
    }

    /// The error for a failed call, with SQLite's own words.
    func failure(_ code: Int32) -> StoreError {
        StoreError(code: code, message: String(cString: sqlite3_errmsg(handle)), path: path)
    }

    /// How long a statement waits for another connection's lock before it fails as in use.
    func waitWhileBusy(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        sqlite3_busy_timeout(handle, Int32(seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }

    /// The number of rows the last statement changed.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// The row id the last insert gave.
    var lastInsertedRow: Int { Int(sqlite3_last_insert_rowid(handle)) }
}

/// Copies the log into the database file from any thread, as a signal that ends the process
/// asks: the connection's mutex is taken and never given back, so the store makes no call after
/// it, and the file alone holds every committed write. What it returns is run just before the
/// process ends.
struct SignalCheckpoint: @unchecked Sendable {
    // The handle is only used under its connection's mutex (the connection is serialized).
    private let handle: OpaquePointer

    init?(_ connection: SQLiteConnection) {
        guard let handle = connection.handle else { return nil }
        self.handle = handle
    }

    func run() {
        sqlite3_mutex_enter(sqlite3_db_mutex(handle))
        sqlite3_wal_checkpoint_v2(handle, nil, SQLITE_CHECKPOINT_TRUNCATE, nil, nil)
    }
}

/// A prepared statement: bind the parameters (from 1), then step through the rows.
final class Statement {
    private let handle: OpaquePointer
    private unowned let connection: SQLiteConnection

    fileprivate init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    fileprivate func reset() {
        sqlite3_reset(handle)
        sqlite3_clear_bindings(handle)
    }

    /// Binds the values in order, from parameter 1; returns the statement, to run.
    @discardableResult
    func bind(_ values: SQLValue...) -> Statement {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            switch value {
            case .integer(let integer): sqlite3_bind_int64(handle, index, sqlite3_int64(integer))
            case .real(let real): sqlite3_bind_double(handle, index, real)
            case .text(let text): sqlite3_bind_text(handle, index, text, -1, transient)
            case .blob(let bytes):
                bytes.withUnsafeBytes {
                    _ = sqlite3_bind_blob(handle, index, $0.baseAddress, Int32($0.count), transient)
                }
            case .null: sqlite3_bind_null(handle, index)
            }
        }
        return self
    }

    /// Moves to the next row.
    /// - Returns: whether there is one.
    /// - Throws: `StoreError` when SQLite fails.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw connection.failure(code)
        }
    }

    /// Runs a statement that returns no rows.
    /// - Throws: `StoreError` when SQLite fails.
    func run() throws(StoreError) {
        while try step() {}
    }

    /// Every row, each read by `read`.
    /// - Returns: what `read` made of each row.
    /// - Throws: `StoreError` when SQLite fails.
    func rows<T>(_ read: (Statement) -> T) throws(StoreError) -> [T] {
        var found: [T] = []
        while try step() { found.append(read(self)) }
        return found
    }

    /// The first row, read by `read`, or `nil` when there is none.
    /// - Returns: what `read` made of the row.
    /// - Throws: `StoreError` when SQLite fails.
    func first<T>(_ read: (Statement) -> T) throws(StoreError) -> T? {
        defer { sqlite3_reset(handle) }
        return try step() ? read(self) : nil
    }

    func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(handle, column)) }

    func real(_ column: Int32) -> Double { sqlite3_column_double(handle, column) }

    func text(_ column: Int32) -> String {
        guard let bytes = sqlite3_column_text(handle, column) else { return "" }
        let count = Int(sqlite3_column_bytes(handle, column))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    func optionalText(_ column: Int32) -> String? {
        sqlite3_column_type(handle, column) == SQLITE_NULL ? nil : text(column)
    }

    func blob(_ column: Int32) -> [UInt8] {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return [] }
        return Array(UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

/// A value SQLite stores.
enum SQLValue {
    case integer(Int)
    case real(Double)
    case text(String)
    case blob([UInt8])
    case null
}

extension SQLValue: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
    init(integerLiteral value: Int) { self = .integer(value) }
    init(stringLiteral value: String) { self = .text(value) }

    /// A text, or `NULL` for `nil`.
    static func text(_ value: String?) -> SQLValue { value.map(SQLValue.text) ?? .null }
}

/// SQLite copies the bytes it is given at once (`SQLITE_TRANSIENT`).
private let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
