/// Accounts, friendships and messages kept in memory: the backend the app runs on (seeded with
/// `DemoData.standard`), and a fake that any test seeds as it likes.
///
/// It lives on the main actor, where the presenters that call it run: its work is a dictionary
/// look-up, and an actor of its own would cost two thread hops per call (the benchmark's console
/// session ran a third slower). A backend that does real I/O would be an actor or a client.
@MainActor
public final class InMemoryBackend {
    /// After `maxFailures` failed sign-ins for a username within `lockDuration` of the first,
    /// sign-in for it is refused for `lockDuration`.
    ///
    /// The failures are kept per username, so the table is bounded: an entry expires with its
    /// window (the failures stop counting, or the lock ends), and at most `capacity` usernames
    /// are tracked at once. When that many are tracked and none has expired, a sign-in for a
    /// username not in the table is refused before its password is checked ("sign-in is
    /// paused") until the first entry expires. No entry is ever evicted early, so filling the
    /// table cannot unlock a name or reset its count.
    public struct LockoutPolicy: Sendable {
        public var maxFailures: Int
        public var lockDuration: Duration
        public var capacity: Int

        public init(maxFailures: Int, lockDuration: Duration, capacity: Int = 10_000) {
            self.maxFailures = maxFailures
            self.lockDuration = lockDuration
            self.capacity = max(1, capacity)
        }

        /// Five failures within five minutes lock sign-in for five minutes; 10,000 usernames
        /// tracked at most.
        public static let standard = LockoutPolicy(maxFailures: 5, lockDuration: .seconds(300))
    }

    private var users: [UserID: User] = [:]
    private var passwords: [UserID: Password] = [:]
    private var friends: [UserID: Set<UserID>] = [:]
    /// Each conversation's messages, oldest first, under the pair of its users in order.
    private var conversations: [Pair: [Message]] = [:]
    private var messageCount = 0
    private var flagChoices: [String: Bool] = [:]
    private var places: [UserID: [KeptPlaces]] = [:]
    private var lastKept = 0
    /// How many times the friendships changed: the data's version.
    private var version = 0
    /// The questions and answers kept and not consumed yet, each with its user; a question is
    /// open until it is answered.
    private var answers: [(user: UserID, record: KeptAnswerRecord, isAnswered: Bool)] = []

    /// Two users, in a fixed order: the key of their conversation.
    private struct Pair: Hashable {
        let first: UserID
        let second: UserID

        init(_ a: UserID, _ b: UserID) {
            (first, second) = a < b ? (a, b) : (b, a)
        }
    }
    private var failedSignIns: [String: FailedSignIns] = [:]
    /// No entry of `failedSignIns` expires before this, when it is set. A new entry expires
    /// after every older one, so it stays a lower bound until the next sweep recomputes it.
    private var earliestExpiry: ContinuousClock.Instant?
    private let unavailable: Set<UserID>
    private let lockout: LockoutPolicy
    private let now: @Sendable () -> ContinuousClock.Instant

    /// The usernames a reset link went out for, in order: what a mail server would have sent.
    public private(set) var passwordResetRequests: [String] = []

    /// - Parameters:
    ///   - data: the accounts, friendships and messages to start with.
    ///   - lockout: when repeated failed sign-ins lock a username.
    ///   - now: the clock lockouts are measured with; tests pass one they can move.
    public init(
        data: DemoData = .standard,
        lockout: LockoutPolicy = .standard,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.lockout = lockout
        self.now = now
        unavailable = data.unavailable
        for account in data.accounts {
            users[account.user.id] = account.user
            passwords[account.user.id] = account.password
        }
        for (a, b) in data.friendships {
            friends[a, default: []].insert(b)
            friends[b, default: []].insert(a)
        }
        for (index, message) in data.messages.enumerated() {
            conversations[Pair(message.from, message.to), default: []].append(
                Message(id: index + 1, sender: message.from, recipient: message.to, text: message.text))
            messageCount += 1
        }
    }

    /// The failed sign-ins of one username.
    private struct FailedSignIns {
        var count = 0
        /// When the entry expires: the end of the window that began with the first failure, or,
        /// once locked, the end of the lock.
        var expires: ContinuousClock.Instant
        var isLocked = false
    }

    /// How many usernames the lockout table tracks now (it never holds more than the policy's
    /// capacity).
    public var trackedUsernames: Int { failedSignIns.count }

    private func requireUser(_ id: UserID) throws(ServiceError) -> User {
        guard let user = users[id] else { throw .unknownUser(id) }
        return user
    }

    /// `ids`' users, by name.
    private func sortedUsers(_ ids: Set<UserID>) -> [User] {
        // Gathered at their number at once, then sorted in place: one array, not three.
        var found: [User] = []
        found.reserveCapacity(ids.count)
        for id in ids { if let user = users[id] { found.append(user) } }
        found.sort { ($0.name, $0.id) < ($1.name, $1.id) }
        return found
    }
}

// MARK: - AuthService

extension InMemoryBackend: AuthService {
    public func signIn(username: String, password: Password) throws(AuthError) -> User {
        let key = try Rules.signInKey(username: username, password: password)
        let now = self.now()
        var record = failedSignIns[key]
        if let expires = record?.expires, now >= expires {
            failedSignIns[key] = nil
            record = nil
        }
        if let record, record.isLocked {
            throw .locked(username: key, minutes: Rules.minutes(in: record.expires - now))
        }
        if record == nil, failedSignIns.count >= lockout.capacity {
            // Full: drop what expired (only once something can have), or refuse.
            if earliestExpiry.map({ now >= $0 }) ?? true {
                failedSignIns = failedSignIns.filter { now < $0.value.expires }
                earliestExpiry = failedSignIns.values.map(\.expires).min()
            }
            if failedSignIns.count >= lockout.capacity, let soonest = earliestExpiry {
                throw .signInPaused(minutes: Rules.minutes(in: soonest - now))
            }
        }
        let id = UserID(key)
        if let user = users[id], passwords[id] == password {
            failedSignIns[key] = nil
            return user
        }
        var failures = record ?? FailedSignIns(expires: now + lockout.lockDuration)
        failures.count += 1
        let attemptsLeft = max(0, lockout.maxFailures - failures.count)
        if attemptsLeft == 0 {
            failures.isLocked = true
            failures.expires = now + lockout.lockDuration
        }
        failedSignIns[key] = failures
        throw .wrongCredentials(
            username: key, attemptsLeft: attemptsLeft, lockMinutes: Rules.minutes(in: lockout.lockDuration))
    }

    public func signUp(username: String, name: String, password: Password) throws(AuthError) -> User {
        let id = try Rules.newUsername(username)
        guard users[id] == nil else { throw .usernameTaken(id) }
        let name = try Rules.newAccount(name: name, password: password)
        let user = User(id: id, name: name)
        users[id] = user
        passwords[id] = password
        return user
    }

    public func requestPasswordReset(username: String) {
        let key = Rules.key(of: username)
        if users[UserID(key)] != nil { passwordResetRequests.append(key) }
    }
}

// MARK: - UserService

extension InMemoryBackend: UserService {
    public func user(_ id: UserID) throws(ServiceError) -> User {
        let user = try requireUser(id)
        guard !unavailable.contains(id) else { throw .unavailable(id) }
        return user
    }

    public func friends(of id: UserID) throws(ServiceError) -> [User] {
        _ = try requireUser(id)
        return sortedUsers(friends[id, default: []])
    }

    public func mutualFriends(of a: UserID, and b: UserID) throws(ServiceError) -> [User] {
        _ = try requireUser(a)
        _ = try requireUser(b)
        return sortedUsers(friends[a, default: []].intersection(friends[b, default: []]))
    }

    public func areFriends(_ a: UserID, _ b: UserID) throws(ServiceError) -> Bool {
        _ = try requireUser(a)
        _ = try requireUser(b)
        return friends[a, default: []].contains(b)
    }

    public func setBio(_ bio: String, of id: UserID) throws(ServiceError) -> User {
        var user = try requireUser(id)
        let bio = try Rules.bio(bio)
        user.bio = bio
        users[id] = user
        return user
    }

    public func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) throws(ServiceError) {
        _ = try requireUser(a)
        _ = try requireUser(b)
        guard a != b, friends[a, default: []].contains(b) != areFriends else { return }
        if areFriends {
            friends[a, default: []].insert(b)
            friends[b, default: []].insert(a)
        } else {
            friends[a]?.remove(b)
            friends[b]?.remove(a)
        }
        version += 1
    }
}

// MARK: - MessageService

extension InMemoryBackend: MessageService {
    public func conversation(between a: UserID, and b: UserID) throws(ServiceError) -> [Message] {
        guard try areFriends(a, b) else { throw .notFriends(b) }
        return conversations[Pair(a, b), default: []]
    }

    public func recentConversation(between a: UserID, and b: UserID, limit: Int) throws(ServiceError) -> (
        friend: User, messages: [Message], earlier: Int
    ) {
        let all = try conversation(between: a, and: b)
        let kept = all.suffix(max(0, limit))
        return (try requireUser(b), Array(kept), all.count - kept.count)
    }

    public func conversations(of user: UserID) throws(ServiceError) -> [Conversation] {
        _ = try requireUser(user)
        var found: [Conversation] = []
        for friend in friends[user, default: []] {
            guard let last = conversations[Pair(user, friend)]?.last, let other = users[friend] else { continue }
            found.append(Conversation(friend: other, last: last))
        }
        return found.sorted { $0.last.id > $1.last.id }
    }

    public func send(
        _ text: String, link: String?, from sender: UserID, to recipient: UserID, consuming answer: Int? = nil
    ) throws(ServiceError) -> Message? {
        let text = try Rules.message(text)
        guard try areFriends(sender, recipient) else { throw .notFriends(recipient) }
        if let answer {
            guard answers.contains(where: { $0.record.id == answer && $0.isAnswered }) else { return nil }
            answers.removeAll { $0.record.id == answer }
        }
        messageCount += 1
        let message = Message(id: messageCount, sender: sender, recipient: recipient, text: text, link: link)
        conversations[Pair(sender, recipient), default: []].append(message)
        return message
    }
}

// MARK: - AppStateStore

extension InMemoryBackend: AppStateStore {
    public func savedFlags() -> [String: Bool] { flagChoices }

    public func saveFlag(_ name: String, isOn: Bool) { flagChoices[name] = isOn }

    public func keptPlaces(of user: UserID) -> [KeptPlaces] { places[user] ?? [] }

    @discardableResult
    public func keepPlaces(_ places: String?, of user: UserID, replacing: [Int]) -> Int? {
        var kept = self.places[user, default: []].filter { !replacing.contains($0.id) }
        defer { self.places[user] = kept.isEmpty ? nil : kept }
        guard let places else { return nil }
        lastKept += 1
        kept.append(KeptPlaces(id: lastKept, text: places))
        return lastKept
    }

    public func keepAnswer(_ text: String, action: String, asker: String, of user: UserID) -> Int {
        lastKept += 1
        answers.append((user, KeptAnswerRecord(id: lastKept, asker: asker, action: action, text: text), true))
        return lastKept
    }

    public func keepQuestion(asker: String, action: String, of user: UserID) -> Int {
        lastKept += 1
        answers.append((user, KeptAnswerRecord(id: lastKept, asker: asker, action: action, text: ""), false))
        return lastKept
    }

    public func answer(_ id: Int, with text: String) -> Bool {
        guard let index = answers.firstIndex(where: { $0.record.id == id && !$0.isAnswered }) else { return false }
        answers[index].record.text = text
        answers[index].isAnswered = true
        return true
    }

    public func question(_ id: Int) -> KeptQuestion {
        guard let found = answers.first(where: { $0.record.id == id }) else { return .gone }
        return found.isAnswered ? .answered : .open
    }

    public func keptAnswers(of user: UserID) -> [KeptAnswerRecord] {
        answers.filter { $0.user == user && $0.isAnswered }.map(\.record)
    }

    public func dropAnswer(_ id: Int) { answers.removeAll { $0.record.id == id } }

    public func forget(answer: Int) { dropAnswer(answer) }

    public func dataVersion() -> Int { version }

    /// The newest state kept for `user`, if any (`AppStateStore`'s, without `throws`).
    public func savedPlaces(of user: UserID) -> String? { keptPlaces(of: user).last?.text }

    /// Keeps `places` as the only state of `user` (`AppStateStore`'s, without `throws`).
    public func savePlaces(_ places: String?, of user: UserID) {
        keepPlaces(places, of: user, replacing: keptPlaces(of: user).map(\.id))
    }
}
