/// A set of accounts, friendships and messages to start a backend with.
public struct DemoData: Sendable {
    public struct Account: Sendable {
        public var user: User
        public var password: Password

        public init(user: User, password: Password) {
            self.user = user
            self.password = password
        }
    }

    public var accounts: [Account]
    public var friendships: [(UserID, UserID)]
    public var messages: [(from: UserID, to: UserID, text: String)]
    /// Users whose profile service is down: looking them up fails with
    /// `ServiceError.unavailable`, so opening their profile or chat fails on purpose.
    public var unavailable: Set<UserID>
    /// How the network behaves for some users, to show each load policy (`DemoNetwork`).
    public var network: [UserID: DemoNetwork.Behaviour]

    public init(
        accounts: [Account],
        friendships: [(UserID, UserID)] = [],
        messages: [(from: UserID, to: UserID, text: String)] = [],
        unavailable: Set<UserID> = [],
        network: [UserID: DemoNetwork.Behaviour] = [:]
    ) {
        self.accounts = accounts
        self.friendships = friendships
        self.messages = messages
        self.unavailable = unavailable
        self.network = network
    }

    /// The demo the app starts with; README lists the accounts and their passwords.
    public static let standard = DemoData(
        accounts: [
            Account(user: alice, password: Password("wonderland")),
            Account(user: bob, password: Password("fixit123")),
            Account(user: carol, password: Password("carols")),
            Account(user: dave, password: Password("sourdough")),
            Account(user: erin, password: Password("summit")),
            Account(user: frank, password: Password("offline")),
            Account(user: quinn, password: Password("patience")),
            Account(user: gina, password: Password("slowpoke")),
            Account(user: hal, password: Password("tryagain")),
            Account(user: ivy, password: Password("silence")),
            Account(user: kim, password: Password("verbose")),
        ],
        friendships: [
            ("alice", "bob"), ("alice", "carol"), ("alice", "dave"),
            ("bob", "carol"), ("carol", "erin"), ("dave", "erin"),
            ("alice", "frank"),
            ("quinn", "gina"), ("quinn", "hal"), ("quinn", "ivy"), ("quinn", "kim"),
        ],
        messages: [
            (from: "bob", to: "alice", text: "Hi Alice! Did the new router land?"),
            (from: "alice", to: "bob", text: "It did. Protocols all the way down."),
            (from: "bob", to: "alice", text: "Send me a link when you can."),
            (from: "carol", to: "alice", text: "Choir at seven tonight?"),
        ],
        unavailable: [frank.id],
        network: [gina.id: .slow(.seconds(2)), hal.id: .flaky, ivy.id: .silent]
    )

    public static let alice = User(
        id: "alice", name: "Alice Liddell", bio: "Follows white rabbits; reads routing tables for fun.")
    public static let bob = User(id: "bob", name: "Bob Builder", bio: "Can we fix it? Yes, we can.")
    public static let carol = User(id: "carol", name: "Carol Singer", bio: "Sings in three choirs and one band.")
    public static let dave = User(id: "dave", name: "Dave Miller", bio: "Bakes bread at 4 a.m. so you don't have to.")
    public static let erin = User(id: "erin", name: "Erin Hale", bio: "Climbs mountains, mostly the small ones.")
    /// The user whose profile service is down, to show a provider that fails.
    public static let frank = User(id: "frank", name: "Frank Outage", bio: "Usually unreachable.")
    /// The account whose friends show each load policy.
    public static let quinn = User(id: "quinn", name: "Quinn Waits", bio: "Tests every load policy, patiently.")
    /// Her profile and chat take two seconds: a placeholder stands in; `back` stops the wait.
    public static let gina = User(id: "gina", name: "Gina Slowe", bio: "On a slow line.")
    /// His profile fails to load the first time, and loads when tried again.
    public static let hal = User(id: "hal", name: "Hal Flake", bio: "Works on the second try.")
    /// Her profile and chat never answer: the load times out.
    public static let ivy = User(id: "ivy", name: "Ivy Still", bio: "Never answers.")
    /// His bio is too long for the card screen: with `profile.v2` on, the card fails and the
    /// classic profile stands in.
    public static let kim = User(
        id: "kim", name: "Kim Wordy",
        bio: "Writes long bios that run on and on, far longer than a card has room for, so the card gives up.")
}
