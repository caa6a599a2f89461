import Domain

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What App runs on: the services every feature is given, and what App itself keeps for the
/// next run (flag choices, where each user was).
@MainActor
public struct Backend {
    public var dependencies: Services
    public var kept: any AppStateStore
    /// Ends the backend: a database is checkpointed into its one file and closed.
    public var close: @MainActor () -> Void = {}
    /// What a signal that ends App runs first (on another thread), while the backend is open.
    public var checkpointAtSignal: (@Sendable () -> Void)?

    /// Every service, and what App keeps, from one backend; the demo's network stands in front
    /// of it (some users slow, flaky or silent, to show each load policy), waiting on `clock`.
    public init(
        _ backend: any AuthService & UserService & MessageService & AppStateStore, flags: FeatureFlags,
        clock: any Clock<Duration> = ContinuousClock()
    ) {
        let network = DemoNetwork(
            users: backend, messages: backend, behaviours: DemoData.standard.network, clock: clock)
        dependencies = Services(
            auth: backend, users: network, messages: network, session: Session(), flags: flags,
            prompt: NoOneToAsk())
        kept = backend
    }

    /// Everything in memory, seeded with the demo: what `--in-memory` and the tests run on.
    public static func inMemory(
        _ backend: InMemoryBackend = InMemoryBackend(), flags: FeatureFlags = FeatureFlags(),
        clock: any Clock<Duration> = ContinuousClock()
    ) -> Backend {
        Backend(backend, flags: flags, clock: clock)
    }

    /// Everything in the SQLite database `store` opened.
    public static func store(_ store: SQLiteStore) -> Backend {
        var backend = Backend(store, flags: FeatureFlags())
        backend.close = { store.close() }
        backend.checkpointAtSignal = store.checkpointAtSignal()
        return backend
    }
}

/// Where App keeps its data, and opening it.
public enum Storage {
    /// The environment variables that say where the user's data folder is.
    public static let variables = ["XDG_DATA_HOME", "HOME"]

    public static let fileName = "waypoint.sqlite"

    /// The folder the database lives in when `--data` does not say: Application Support on
    /// Apple's systems; `$XDG_DATA_HOME/waypoint`, else `~/.local/share/waypoint`, elsewhere.
    /// `nil` when the environment names no home. A variable that is empty or relative names
    /// none, as the XDG specification says: `HOME=` would put the file under `/`, or under the
    /// folder App was started in.
    public static func standardFolder(environment: [String: String]) -> String? {
        let home = environment["HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
        #if canImport(Darwin)
            return home.map { "\($0)/Library/Application Support/Waypoint" }
        #else
            if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return "\(data)/waypoint" }
            return home.map { "\($0)/.local/share/waypoint" }
        #endif
    }

    /// The database file `choice` names; `nil` for `--in-memory`, or when the environment names
    /// no data folder.
    public static func path(of choice: StorageChoice, environment: [String: String]) -> String? {
        switch choice {
        case .inMemory: nil
        case .file(let path): path
        case .standard: standardFolder(environment: environment).map { "\($0)/\(fileName)" }
        }
    }

    /// Opens what `choice` names; the standard folder is created first (readable by its owner
    /// only) if it is missing.
    /// - Parameters:
    ///   - choice: what the command line chose.
    ///   - environment: the variables that name the data folder.
    ///   - iterations: the PBKDF2 iteration count for passwords hashed from now on (tests pass 1).
    /// - Returns: the backend.
    /// - Throws: `StoreError` naming the file or folder and what to do.
    @MainActor
    public static func open(
        _ choice: StorageChoice, environment: [String: String], iterations: Int = PasswordHash.standardIterations
    ) throws(StoreError) -> Backend {
        switch choice {
        case .inMemory:
            return .inMemory()
        case .file(let path):
            return .store(try SQLiteStore(path: path, iterations: iterations))
        case .standard:
            guard let folder = standardFolder(environment: environment) else {
                throw StoreError(.noDataFolder, path: "the data folder")
            }
            try createFolder(folder)
            return .store(try SQLiteStore(path: "\(folder)/\(fileName)", iterations: iterations))
        }
    }

    /// Creates `folder` and any missing parent, each readable by its owner only.
    /// - Throws: `StoreError.cannotCreate` when one cannot be made.
    static func createFolder(_ folder: String) throws(StoreError) {
        var path = ""
        for component in folder.split(separator: "/") {
            path += "/\(component)"
            var info = stat()
            if stat(path, &info) == 0 { continue }
            guard mkdir(path, 0o700) == 0 || errno == EEXIST else {
                throw StoreError(.cannotCreate, path: path, detail: String(cString: strerror(errno)))
            }
        }
    }
}
