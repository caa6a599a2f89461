import Domain

/// A user service that records every question it is asked, in order, and passes it on: a spy
/// for "one service call per place per navigation".
@MainActor
public final class CountingUserService {
    public let base: any UserService
    /// Every call, as `user(@bob)` or `areFriends(@alice, @bob)`, in the order asked.
    public private(set) var calls: [String] = []

    public init(_ base: any UserService) {
        self.base = base
    }

    /// Forgets the calls recorded so far.
    public func reset() {
        calls = []
    }
}

extension CountingUserService: UserService {
    @MainActor public func user(_ id: UserID) async throws(ServiceError) -> User {
        calls.append("user(\(id))")
        return try await base.user(id)
    }

    @MainActor public func friends(of id: UserID) async throws(ServiceError) -> [User] {
        calls.append("friends(of: \(id))")
        return try await base.friends(of: id)
    }

    @MainActor public func mutualFriends(of a: UserID, and b: UserID) async throws(ServiceError) -> [User] {
        calls.append("mutualFriends(of: \(a), and: \(b))")
        return try await base.mutualFriends(of: a, and: b)
    }

    @MainActor public func areFriends(_ a: UserID, _ b: UserID) async throws(ServiceError) -> Bool {
        calls.append("areFriends(\(a), \(b))")
        return try await base.areFriends(a, b)
    }

    @MainActor public func setBio(_ bio: String, of id: UserID) async throws(ServiceError) -> User {
        calls.append("setBio(of: \(id))")
        return try await base.setBio(bio, of: id)
    }

    @MainActor public func setFriendship(_ a: UserID, _ b: UserID, areFriends: Bool) async throws(ServiceError) {
        calls.append("setFriendship(\(a), \(b), \(areFriends))")
        try await base.setFriendship(a, b, areFriends: areFriends)
    }
}
