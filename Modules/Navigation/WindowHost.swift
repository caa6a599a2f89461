/// What a window's host does for its features that the routing core cannot: the host knows the
/// app's front and its store. A feature reaches it through its window (`window?.host`), so it
/// follows a link or keeps an answer without knowing the app.
@MainActor
public protocol WindowHost: AnyObject {
    /// Opens `link`, carried by `screen` (a message's link), from `screen` when it can.
    func follow(_ link: String, from screen: any Screen) async
    /// The gate was passed (a user signed in): the host opens what comes next, its home.
    /// - Throws: the home's load error.
    func gatePassed() async throws
    /// Keeps `text`, what a place that answers gave `asker` (its path, `chat/bob`) for its
    /// `action`, durably until the asker's effect consumes it. By default nothing is kept.
    /// - Returns: the record's id; `nil` when nothing is kept (delivered once, in this run).
    func keep(asker: String, action: String, answer text: String) -> Int?
    /// Answers the kept question `record` with `text`, if it is still open: of two Apps that
    /// brought one question back, the first to answer wins. By default every answer is kept.
    /// - Returns: `false` when it was answered, or closed, in another App.
    /// - Throws: when the answer cannot be kept; nothing changed then.
    func answer(_ record: Int, with text: String) throws -> Bool
    /// Whether the kept question `record` is still open, waiting for its answer: one answered or
    /// closed in another App is not. By default it is.
    func isOpen(question record: Int) -> Bool
    /// Forgets the kept question `record`, which left without an answer.
    func forget(question record: Int)
}

extension WindowHost {
    public func keep(asker: String, action: String, answer text: String) -> Int? { nil }
    public func answer(_ record: Int, with text: String) throws -> Bool { true }
    public func isOpen(question record: Int) -> Bool { true }
    public func forget(question record: Int) {}
}
