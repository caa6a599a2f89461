import Domain
import Synchronization
import Testing

/// A clock a test moves by hand.
final class TestClock: Sendable {
    private let start = ContinuousClock.now
    private let offset = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { start + offset.withLock { $0 } }

    func advance(by duration: Duration) {
        offset.withLock { $0 += duration }
    }
}

@MainActor
@Suite("Signing in and up")
struct AuthTests {
    let clock = TestClock()
    var backend: InMemoryBackend { InMemoryBackend(now: { [clock] in clock.now }) }

    @Test("the right password signs in, whatever the username's case and spaces")
    func signIn() async throws {
        let auth = backend
        #expect(try auth.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
        #expect(try auth.signIn(username: "  Alice ", password: Password("wonderland")) == DemoData.alice)
    }

    @Test("a wrong password or an unknown user counts down to a lock")
    func wrongCredentials() async {
        let auth = backend
        #expect(throws: AuthError.wrongCredentials(username: "alice", attemptsLeft: 4, lockMinutes: 5)) {
            try auth.signIn(username: "alice", password: Password("nope"))
        }
        #expect(throws: AuthError.wrongCredentials(username: "nobody", attemptsLeft: 4, lockMinutes: 5)) {
            try auth.signIn(username: "nobody", password: Password("nope"))
        }
    }

    @Test("five failures lock the username, even for the right password, until the lock runs out")
    func lockout() async throws {
        let auth = backend
        var errors: [AuthError] = []
        for _ in 1...5 {
            do { _ = try auth.signIn(username: "alice", password: Password("nope")) } catch {
                errors.append(error)
            }
        }
        #expect(errors.map(\.attemptsLeft) == [4, 3, 2, 1, 0])

        #expect(throws: AuthError.locked(username: "alice", minutes: 5)) {
            try auth.signIn(username: "alice", password: Password("wonderland"))
        }
        clock.advance(by: .seconds(299))
        #expect(throws: AuthError.locked(username: "alice", minutes: 1)) {
            try auth.signIn(username: "alice", password: Password("wonderland"))
        }
        #expect(try auth.signIn(username: "bob", password: Password("fixit123")) == DemoData.bob)

        clock.advance(by: .seconds(1))
        #expect(try auth.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
    }

    @Test("a lock lasts its whole length from the failure that locked, not from the first")
    func lockFromLastFailure() async throws {
        let auth = backend
        _ = fail(auth, ["alice"])
        clock.advance(by: .seconds(120))
        #expect(fail(auth, Array(repeating: "alice", count: 4)).last?.attemptsLeft == 0)

        clock.advance(by: .seconds(240))
        #expect(throws: AuthError.locked(username: "alice", minutes: 1)) {
            try auth.signIn(username: "alice", password: Password("wonderland"))
        }
    }

    /// Fails one sign-in for each of `names`, and returns the errors.
    func fail(_ auth: InMemoryBackend, _ names: [String]) -> [AuthError] {
        names.compactMap { name -> AuthError? in
            do throws(AuthError) {
                _ = try auth.signIn(username: name, password: Password("nope"))
                return nil
            } catch {
                return error
            }
        }
    }

    @Test("failures expire with their window: they stop counting five minutes after the first")
    func failuresExpire() async throws {
        let auth = backend
        #expect(fail(auth, Array(repeating: "alice", count: 4)).map(\.attemptsLeft) == [4, 3, 2, 1])
        #expect(auth.trackedUsernames == 1)
        clock.advance(by: .seconds(300))

        #expect(fail(auth, ["alice"]).map(\.attemptsLeft) == [4])
        #expect(auth.trackedUsernames == 1)
        _ = try auth.signIn(username: "alice", password: Password("wonderland"))
        #expect(auth.trackedUsernames == 0)
    }

    @Test("the lockout table is bounded: 300,000 distinct failing names keep at most its capacity")
    func boundedTable() async throws {
        let auth = InMemoryBackend(
            lockout: InMemoryBackend.LockoutPolicy(maxFailures: 5, lockDuration: .seconds(300), capacity: 1_000),
            now: { [clock] in clock.now })
        var largest = 0
        for round in 0..<300 {
            _ = fail(auth, (0..<1_000).map { "spray\(round)-\($0)" })
            largest = max(largest, auth.trackedUsernames)
            clock.advance(by: .seconds(1))
        }
        #expect(largest == 1_000)
    }

    @Test("a full table pauses sign-in for untracked names, and can't be used to unlock or reset a tracked one")
    func fullTableCannotUnlock() async throws {
        let auth = InMemoryBackend(
            lockout: InMemoryBackend.LockoutPolicy(maxFailures: 5, lockDuration: .seconds(300), capacity: 3),
            now: { [clock] in clock.now })
        // alice is locked, bob has two failures: both tracked.
        #expect(
            fail(auth, Array(repeating: "alice", count: 5)).last
                == .wrongCredentials(
                    username: "alice", attemptsLeft: 0, lockMinutes: 5))
        clock.advance(by: .seconds(60))
        _ = fail(auth, ["bob", "bob", "x1"])

        // The table is full: a spray of new names is refused before any password is checked.
        #expect(fail(auth, ["x2", "x3"]) == [.signInPaused(minutes: 4), .signInPaused(minutes: 4)])
        #expect(throws: AuthError.signInPaused(minutes: 4)) {
            try auth.signIn(username: "carol", password: Password("carols"))
        }
        #expect(auth.trackedUsernames == 3)
        // Neither alice's lock nor bob's count moved.
        #expect(throws: AuthError.locked(username: "alice", minutes: 4)) {
            try auth.signIn(username: "alice", password: Password("wonderland"))
        }
        #expect(fail(auth, ["bob"]).map(\.attemptsLeft) == [2])

        // Once alice's lock runs out her entry expires, and room is made again.
        clock.advance(by: .seconds(240))
        #expect(try auth.signIn(username: "alice", password: Password("wonderland")) == DemoData.alice)
        #expect(try auth.signIn(username: "carol", password: Password("carols")) == DemoData.carol)
    }

    @Test("a successful sign-in forgets earlier failures")
    func successResetsFailures() async throws {
        let auth = backend
        for _ in 1...4 { _ = try? auth.signIn(username: "alice", password: Password("nope")) }
        _ = try auth.signIn(username: "alice", password: Password("wonderland"))

        #expect(throws: AuthError.wrongCredentials(username: "alice", attemptsLeft: 4, lockMinutes: 5)) {
            try auth.signIn(username: "alice", password: Password("nope"))
        }
    }

    @Test("empty fields are refused before anything is checked")
    func emptyFields() async {
        let auth = backend
        #expect(throws: AuthError.missingUsername) {
            try auth.signIn(username: " ", password: Password("x"))
        }
        #expect(throws: AuthError.missingPassword) {
            try auth.signIn(username: "alice", password: Password(""))
        }
    }

    @Test("a new account can sign in, and has no friends")
    func signUp() async throws {
        let auth = backend
        let dan = try auth.signUp(username: "Dan", name: "  Dan Brown ", password: Password("secret99"))

        #expect(dan == User(id: "dan", name: "Dan Brown"))
        #expect(try auth.signIn(username: "dan", password: Password("secret99")) == dan)
        #expect(try auth.friends(of: "dan").isEmpty)
    }

    @Test(
        "sign-up refuses bad fields and taken usernames",
        arguments: [
            ("al", "Al", "secret99", AuthError.invalidUsername(.tooShort)),
            ("9lives", "Cat", "secret99", .invalidUsername(.mustStartWithLetter)),
            ("bad name!", "X", "secret99", .invalidUsername(.invalidCharacter(" "))),
            ("alice", "Another Alice", "secret99", .usernameTaken("alice")),
            ("dan", "   ", "secret99", .missingName),
            ("dan", String(repeating: "n", count: 41), "secret99", .nameTooLong(limit: 40)),
            ("dan", "Dan", "short", .passwordTooShort(minimum: 6)),
        ]
    )
    func signUpRefused(username: String, name: String, password: String, expected: AuthError) async {
        let auth = backend
        #expect(throws: expected) {
            try auth.signUp(username: username, name: name, password: Password(password))
        }
    }

    @Test("a reset link goes out for existing accounts only, and says nothing either way")
    func passwordReset() async {
        let auth = backend
        auth.requestPasswordReset(username: "Alice")
        auth.requestPasswordReset(username: "nobody")
        #expect(auth.passwordResetRequests == ["alice"])
    }

    @Test("errors name the problem and what to do")
    func descriptions() {
        #expect(
            "\(AuthError.wrongCredentials(username: "alice", attemptsLeft: 3, lockMinutes: 5))"
                == "wrong username or password; 3 more failed attempts lock sign-in for 5 minutes")
        #expect(
            "\(AuthError.wrongCredentials(username: "alice", attemptsLeft: 0, lockMinutes: 5))"
                == "wrong username or password; that was the last attempt, so sign-in for \"alice\" is locked for 5 minutes"
        )
        #expect(
            "\(AuthError.locked(username: "alice", minutes: 1))"
                == "sign-in for \"alice\" is locked after too many failed attempts; try again in 1 minute, or reset the password"
        )
    }
}

extension AuthError {
    var attemptsLeft: Int? {
        if case .wrongCredentials(_, let left, _) = self { left } else { nil }
    }
}
