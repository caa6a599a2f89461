import CSQLite

/// Why the store cannot open or write its file, in words that name the file and what to do.
///
/// App prints one `error:` line with it and exits with `exitStatus`; while a session runs, a
/// write that fails is reported on the screen that asked, and nothing is shown as done.
public struct StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Problem: Hashable, Sendable {
        /// The file is not a SQLite database.
        case notADatabase
        /// The file is shorter than its header says, or its pages do not read back.
        case damaged
        /// A database, but not Waypoint's (its tables are not the store's).
        case foreign
        /// Written by a newer App whose schema this one does not know.
        case newerSchema(found: Int, known: Int)
        /// The file or its folder cannot be created.
        case cannotCreate
        /// No `--data`, and the environment names no folder for the standard file: neither
        /// `XDG_DATA_HOME` nor `HOME` is an absolute path.
        case noDataFolder
        /// The file exists but cannot be opened, or opened for writing.
        case cannotOpen
        /// Another App holds the database's write lock for longer than the store waits.
        case inUse
        /// The disk refused a write (full, or failing).
        case writeRefused
        /// The store was closed (App is ending): nothing more is read or written.
        case closed
        /// Anything else SQLite reports.
        case other
    }

    public let problem: Problem
    /// The database file.
    public let path: String
    /// SQLite's own words, when it gave some.
    public let detail: String?

    public init(_ problem: Problem, path: String, detail: String? = nil) {
        self.problem = problem
        self.path = path
        self.detail = detail
    }

    /// Sorts a SQLite result code into a problem.
    init(code: Int32, message: String?, path: String) {
        let problem: Problem =
            switch code & 0xff {
            case SQLITE_NOTADB: .notADatabase
            case SQLITE_CORRUPT: .damaged
            case SQLITE_CANTOPEN: .cannotOpen
            case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH: .cannotOpen
            case SQLITE_BUSY, SQLITE_LOCKED: .inUse
            case SQLITE_FULL, SQLITE_IOERR: .writeRefused
            default: .other
            }
        self.init(problem, path: path, detail: message)
    }

    /// Whether the file itself is refused (not a database, damaged, another program's, a newer
    /// App's, or not writable), rather than busy or failing for now.
    var refusesTheFile: Bool {
        switch problem {
        case .notADatabase, .damaged, .foreign, .newerSchema, .cannotOpen: true
        case .cannotCreate, .noDataFolder, .inUse, .writeRefused, .closed, .other: false
        }
    }

    /// The exit status App ends with: 73 (EX_CANTCREAT) when the file or its folder cannot be
    /// made, else 74 (EX_IOERR).
    public var exitStatus: Int32 { problem == .cannotCreate || problem == .noDataFolder ? 73 : 74 }

    public var description: String {
        let because = detail.map { " (\($0))" } ?? ""
        return switch problem {
        case .notADatabase:
            "\(path) is not a database\(because); move it away, or choose another file with --data <path>"
        case .damaged:
            "\(path) is damaged: it is shorter than its header says or its pages do not read\(because); restore it from a backup, or move it away to start afresh"
        case .foreign:
            "\(path) is a SQLite database, but not Waypoint's\(because); choose another file with --data <path>"
        case .newerSchema(let found, let known):
            "\(path) was written by a newer Waypoint (schema version \(found); this App knows up to \(known)); run the newer App, or choose another file with --data <path>"
        case .cannotCreate:
            "cannot create \(path)\(because); check that its folder can be written, or choose another file with --data <path>"
        case .noDataFolder:
            "no folder for the data file: neither XDG_DATA_HOME nor HOME is an absolute path; set HOME, or give --data <path>"
        case .cannotOpen:
            "cannot open \(path) for writing\(because); check its permissions and its folder's, or choose another file with --data <path>"
        case .inUse:
            "\(path) is in use by another App that holds it too long\(because); close the other App, or try again"
        case .writeRefused:
            "the disk refused to write \(path)\(because); free some space or check the disk, then try again"
        case .closed:
            "\(path) is closed, because App is ending; start App again to go on"
        case .other:
            "\(path) could not be used\(because); move it away to start afresh, or choose another file with --data <path>"
        }
    }
}
