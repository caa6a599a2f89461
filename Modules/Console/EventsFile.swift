import Navigation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file `--events` writes to, opened so that it can neither destroy data nor hang App:
/// a path that is (or links to) the database or one of its companions is refused before
/// anything is opened, and a FIFO nobody reads is refused at once instead of blocking.
public enum EventsFile {
    /// Why `--events <path>` cannot be written; App prints it after `error: --events "<path>": `.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// 64 (EX_USAGE) for a path that names the data, 73 (EX_CANTCREAT) for one that cannot
        /// be opened.
        public var exitStatus: Int32
    }

    /// The files SQLite keeps beside a database.
    static let companions = ["", "-wal", "-shm", "-journal"]

    /// Refuses `path` when it names the database at `data` or a companion of it: by the same
    /// canonical path (through symbolic links and `..`), or by the same file (a hard link).
    /// - Throws: `Refusal` with status 64.
    public static func check(_ path: String, against data: String?) throws(Refusal) {
        guard let data else { return }
        let target = canonical(path)
        let base = canonical(data)
        for suffix in companions {
            let companion = data + suffix
            if target == base + suffix || sameFile(path, companion) {
                throw Refusal(
                    description: "it is the data file\(suffix.isEmpty ? "" : "'s \(suffix) companion") "
                        + "(\(CommandLineOptions.quoted(companion))), which writing events would destroy; "
                        + "give another file",
                    exitStatus: 64)
            }
        }
    }

    /// Opens `path` for writing, created (readable by its owner only) or emptied. A FIFO with
    /// no reader is refused at once (`ENXIO`) rather than waited on; once open, writes block
    /// as usual, so no event is dropped because a reader is slow. A regular file is locked for
    /// as long as App runs (`flock`): one another App records to is refused, not emptied under
    /// it, as two records written over each other would read as neither.
    /// - Returns: the descriptor.
    /// - Throws: `Refusal` with status 73 naming the system's reason.
    public static func openForWriting(_ path: String) throws(Refusal) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0o600)
        guard descriptor >= 0 else {
            let noReader = errno == ENXIO
            throw Refusal(
                description: noReader
                    ? "it is a FIFO that no one reads; start its reader first, or give a regular file"
                    : "\(String(cString: strerror(errno))); give a file in a folder you can write to",
                exitStatus: 73)
        }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG {
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
                close(descriptor)
                throw Refusal(
                    description: "another App is recording to it now; give another file, or end that App first",
                    exitStatus: 73)
            }
            guard ftruncate(descriptor, 0) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                throw Refusal(description: "\(reason); give a file in a folder you can write to", exitStatus: 73)
            }
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        return descriptor
    }

    /// `path` with every symbolic link and `.`/`..` resolved; for a file that does not exist
    /// yet, its folder resolved and its name appended.
    static func canonical(_ path: String) -> String {
        if let resolved = realPath(path) { return resolved }
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realPath(folder.isEmpty ? "/" : folder) else { return path }
        return (resolved == "/" ? "" : resolved) + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func sameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(a, &first) == 0, stat(b, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }
}

extension EventsFile {
    /// The events file as the log writes it: a write that fails (a full disk, a reader gone) is
    /// reported once on standard error, nothing more is written, and App's exit status says so.
    @MainActor
    public final class Output: TextOutput {
        private let base: StandardOutput
        private let path: String
        private let errors: any TextOutput
        /// Whether an event could not be written: App then exits with 74 (EX_IOERR).
        public private(set) var failed = false

        public init(path: String, descriptor: Int32, errors: any TextOutput) {
            base = StandardOutput(descriptor: descriptor)
            self.path = path
            self.errors = errors
        }

        public var descriptor: Int32 { base.descriptor }
        public var isClosed: Bool { base.isClosed }

        public func write(_ text: String) {
            base.write(text)
        }

        public func flush() {
            base.flush()
            guard base.isClosed, !failed else { return }
            failed = true
            errors.write(
                "error: --events \"\(CommandLineOptions.quoted(path))\": an event could not be written "
                    + "(\(String(cString: strerror(base.failure)))); no more are written this session\n")
            errors.flush()
        }
    }

    /// The whole of the file at `path`, as text, read within `limit` bytes and lines of at most
    /// `lineLimit`: a device that never ends (`/dev/zero`) is refused once past them.
    /// - Throws: `Refusal` with 66 (EX_NOINPUT) when it cannot be read, 65 (EX_DATAERR) past a limit.
    public static func read(_ path: String, limit: Int, lineLimit: Int) throws(Refusal) -> String {
        func unreadable() -> Refusal {
            Refusal(description: "\(String(cString: strerror(errno))); give a file --events wrote", exitStatus: 66)
        }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw unreadable() }
        defer { close(descriptor) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        var (lineStart, lines) = (0, 1)
        while true {
            let count = chunk.withUnsafeMutableBytes { readBytes(descriptor, $0.baseAddress, $0.count) }
            guard count >= 0 else { throw unreadable() }
            if count == 0 { break }
            guard bytes.count + count <= limit else {
                throw Refusal(
                    description: "it is larger than \(limit >> 20) MB, more than --events writes for any session; "
                        + "give a file --events wrote", exitStatus: 65)
            }
            for index in 0..<count where chunk[index] == UInt8(ascii: "\n") {
                lineStart = bytes.count + index + 1
                lines += 1
            }
            bytes += chunk[..<count]
            guard bytes.count - lineStart <= lineLimit else {
                throw Refusal(
                    description: "line \(lines) is longer than \(lineLimit >> 20) MB, longer than any event; give a "
                        + "file --events wrote", exitStatus: 65)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The system's `read`, which `EventsFile.read` hides by its name.
private func readBytes(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    read(descriptor, buffer, count)
}
