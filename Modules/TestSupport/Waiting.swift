/// Lets other tasks run until `condition` holds, for at most `limit` of wall-clock time: a wait
/// in a test that ends in failure instead of hanging the suite. The bound only ends a hang: beside
/// busy loops on a slow machine, the main actor can be busy with other suites for minutes.
///
///     try #require(await yield(until: { started }), "the provider never started")
///
/// - Returns: whether `condition` held before the limit.
@MainActor
public func yield(until condition: () -> Bool, atMost limit: Duration = .seconds(600)) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
