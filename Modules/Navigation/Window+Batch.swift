extension Window {
    /// Runs `changes` as one batch: the window changes at once, step by step, as always, and its
    /// observers hear every step; when the outermost batch ends, they hear `.settled`. A front
    /// whose changes take time waits for it, then shows the whole batch as one change per
    /// container (the whole new stack at once, as UIKit's `setViewControllers` does), so a link
    /// of five steps takes about one animation's time, not five.
    ///
    /// The batch is one change a user sees (`ShownChange`), made for `cause` (the outermost
    /// batch's says).
    /// - Returns: what `changes` returns.
    /// - Throws: what `changes` throws; the batch settles all the same.
    public func batch<T, E: Error>(
        cause: ShownChange.Cause = .command, _ changes: () async throws(E) -> T
    ) async throws(E) -> T {
        let outerCause = self.cause
        if batchDepth == 0, operationDepth == 0 { self.cause = cause }
        batchDepth += 1
        defer {
            defer { self.cause = outerCause }
            batchDepth -= 1
            if batchDepth == 0, batchChanged {
                batchChanged = false
                publish(.settled)
            }
            if batchDepth == 0 { commit() }
        }
        return try await changes()
    }

    /// Whether a batch is under way: its changes have not settled yet.
    var isBatching: Bool { batchDepth > 0 }
}
