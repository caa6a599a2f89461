/// How long a test waits, in wall-clock time, before it calls what it waits for hung: a bound that
/// only ends a hang, with a failure. Beside busy loops on a slow machine, the main actor can be
/// busy with other suites for minutes.
public let hangLimit = Duration.seconds(600)

/// Lets other tasks run until `condition` holds, for at most `limit` of wall-clock time: a wait
/// in a test that ends in failure instead of hanging the suite.
///
///     try #require(await yield(until: { started }), "the provider never started")
///
/// - Returns: whether `condition` held before the limit.
@MainActor
public func yield(until condition: () -> Bool, atMost limit: Duration = hangLimit) async -> Bool {
    let deadline = ContinuousClock.now + limit
    while ContinuousClock.now < deadline {
        if condition() { return true }
        await Task.yield()
    }
    return condition()
}
