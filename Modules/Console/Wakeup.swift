import Navigation

/// What a front waits on while a command's load waits: the command's end, a change to the
/// window, or the next look at its input, whichever comes first.
@MainActor
public final class Wakeup {
    private var continuation: CheckedContinuation<Void, Never>?
    private var isWoken = false

    public init() {}

    /// Ends the wait under way, or the next one at once.
    public func wake() {
        guard let continuation else {
            isWoken = true
            return
        }
        self.continuation = nil
        continuation.resume()
    }

    /// Waits to be woken, or `interval` on `clock`: a watch (`LoadWatch`), which does not make a
    /// test's time pass.
    /// - Parameters:
    ///   - interval: the longest wait.
    ///   - clock: what it is measured on.
    public func wait(atMost interval: Duration, on clock: any Clock<Duration>) async {
        if isWoken {
            isWoken = false
            return
        }
        let timer = Task { @MainActor [weak self] in
            try? await LoadWatch.$isWatching.withValue(true) { try await clock.sleep(for: interval) }
            if !Task.isCancelled { self?.wake() }
        }
        await withCheckedContinuation { self.continuation = $0 }
        isWoken = false
        timer.cancel()
    }
}
