/// A user service that answers each question once while one navigation runs.
///
/// A link checks the users it names before any step runs, and then the screens it opens load
/// the same users again: inside `remembering(_:)` each distinct question (a user, a friendship,
/// a friends list) reaches the service once, and the loads reuse what the checks read. Outside
/// a navigation every call goes through, so a screen that reloads when it comes back on top
/// reads what is there then. A write (`setBio`) forgets what the navigation remembered.
///
/// The memory belongs to the task that runs the navigation (a task-local value), so two
/// navigations never share it, and the loads a navigation starts inherit it.
@MainActor
public final class RememberingUserService {
    /// The service that answers.
    public let base: any UserService

    public init(_ base: any UserService) {
        self.base = base
    }

    /// Runs `body` as one navigation: the questions it asks any `RememberingUserService` are
    /// answered once each, errors included.
    /// - Returns: what `body` returns.
    public static func remembering<T>(_ body: () async throws -> T) async rethrows -> T {
        if memory != nil { return try await body() }
        return try await $memory.withValue(Memory()) { try await body() }
    }

    @TaskLocal private static var memory: Memory?

    /// What one navigation asked, with the answers.
    @MainActor
    private final class Memory {
        var users: [UserID: Result<User, ServiceError>] = [:]
        var friendships: [UserPair: Result<Bool, ServiceError>] = [:]
        var friends: [UserID: Result<[User], ServiceError>] = [:]
        var mutualFriends: [UserPair: Result<[User], ServiceError>] = [:]

        func forget() {
            users = [:]
            friendships = [:]
            friends = [:]
            mutualFriends = [:]
        }
    }

}

extension RememberingUserService: UserService {
    @MainActor public func user(_ id: UserID) async throws(ServiceError) -> User {
        guard let memory = Self.memory else { return try await base.user(id) }
        if let known = memory.users[id] { return try known.get() }
        let answer = await Self.result { () async throws(ServiceError) in try await base.user(id) }
        if answer.isLasting { memory.users[id] = answer }
        return try answer.get()
    }

    @MainActor public func friends(of id: UserID) async throws(ServiceError) -> [User] {
        guard let memory = Self.memory else { return try await base.friends(of: id) }
        if let known = memory.friends[id] { return try known.get() }
        let answer = await Self.result { () async throws(ServiceError) in try await base.friends(of: id) }
        if answer.isLasting { memory.friends[id] = answer }
        return try answer.get()
    }

    @MainActor public func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        guard let memory = Self.memory else { return try await base.mutualFriends(of: a, and: b) }
        if let known = memory.mutualFriends[UserPair(a, b)] { return try known.get() }
        let answer = await Self.result { () async throws(ServiceError) in try await base.mutualFriends(of: a, and: b) }
        if answer.isLasting { memory.mutualFriends[UserPair(a, b)] = answer }
        return try answer.get()
    }

    @MainActor public func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool {
        guard let memory = Self.memory else { return try await base.areFriends(a, b) }
        // Friendship goes both ways: one answer serves either order.
        let key = UserPair(min(a, b), max(a, b))
        if let known = memory.friendships[key] { return try known.get() }
        let answer = await Self.result { () async throws(ServiceError) in try await base.areFriends(a, b) }
        if answer.isLasting { memory.friendships[key] = answer }
        return try answer.get()
    }

    @MainActor public func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User {
        Self.memory?.forget()
        return try await base.setBio(bio, of: id)
    }

    private static func result<T>(_ call: () async throws(ServiceError) -> T) async -> Result<T, ServiceError> {
        do { return .success(try await call()) } catch { return .failure(error) }
    }
}

extension Result where Failure == ServiceError {
    /// Whether the answer holds for the rest of a navigation: a service that is not answering
    /// now may answer when asked again (a load's retry), so that failure is not remembered.
    fileprivate var isLasting: Bool {
        if case .failure(.unavailable) = self { false } else { true }
    }
}

/// Two users, in the order a question names them: a key of the memory, made with no array.
private struct UserPair: Hashable {
    let first: UserID
    let second: UserID

    init(_ first: UserID, _ second: UserID) {
        self.first = first
        self.second = second
    }
}
