/// The app's places as one type the compiler knows: App's enum, a case for each feature's place
/// type (`case chat(ChatPlace)`), whose `visit(_:)` is the app's list of features, one line each.
/// A window's state, plans, links and what is kept are values of it: nothing is erased, and a
/// feature added without its line does not compile.
public protocol AppPlaces: Hashable, Sendable {
    /// What the features' places are checked and built with: the app's services.
    associatedtype Environment
    /// Calls `visitor` with this place as its feature's place, and the feature that declares it.
    @MainActor func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == Self
    /// The gate's place: what a window shows until the gate is passed (Login).
    static var gate: Self { get }
    /// The first place of each tab a passed gate leads to, in order: the tab is named as its
    /// place's link (`chats`).
    static var tabs: [Self] { get }
    /// Who passed the gate, if anyone.
    @MainActor static func passer(in environment: Environment) -> GatePasser?
    /// Closes the gate behind the user (sign-out), once the gate's screen is the root again.
    @MainActor static func closeGate(in environment: Environment)
    /// The commands features add to other features' screens (`Contribution`), one line each; none
    /// by default. A feature added later offers itself from another's screen this way, with no
    /// edit to that feature.
    @MainActor static var contributions: [Contribution<Self>] { get }
}

extension AppPlaces {
    @MainActor public static var contributions: [Contribution<Self>] { [] }
}

/// A command a feature adds to the screens of another feature's places (`mutual <user>` on
/// every profile), found by their link's pattern (`profile/<user>`): the host's screen offers it
/// as its own, reading the host place's parameters (`bob`) as its context.
@MainActor
public struct Contribution<Places: AppPlaces> {
    /// The feature that adds it: `Mutual`.
    public let feature: String
    /// The pattern of the places whose screens offer it: `profile/<user>`.
    public let host: String
    /// The offer, made from the host place's link (`profile/bob`).
    public let offer: @MainActor (PlaceLink) -> Offer<Places>?

    public init(feature: String, host: String, offer: @escaping @MainActor (PlaceLink) -> Offer<Places>?) {
        self.feature = feature
        self.host = host
        self.offer = offer
    }
}

/// Who passed the gate: a key that keeps each user's places apart (`alice`), and a name (`@alice`).
public struct GatePasser: Hashable, Sendable {
    public let key: String
    public let name: String

    public init(key: String, name: String) {
        self.key = key
        self.name = name
    }
}

/// What the core asks of a place's feature, with the place typed as the feature's: a
/// `PlaceVisitor` is handed both by the app's `visit(_:)`.
@MainActor
public protocol PlaceVisitor {
    associatedtype Places: AppPlaces
    associatedtype Result
    func visit<F: Feature>(_ place: F.Place, of feature: F.Type) -> Result where F.Places == Places
}

/// A feature's place type: each value names one screen (`ChatPlace.chat(bob)`).
public protocol FeaturePlace: Hashable, Sendable {
    /// What a user reads: "Chat @bob".
    var title: String { get }
}

/// Who may be shown a place.
public enum PlaceAccess: Hashable, Sendable {
    /// Once the gate is passed: before, a link to it waits behind the gate (the pending intent).
    case guarded
    /// Before the gate is passed (Login's screens): after, a link to it is refused.
    case unguarded
}

/// A feature's places, declared once as static requirements the compiler checks: each place's
/// link (its constant segments and typed parameters; the offers that open it read them back),
/// who may see it, how it loads, what its screen offers, its rules, its check, and how its module
/// is built. The app names the feature in its one list (`AppPlaces.visit(_:)`), generic over the
/// router class it composes for it (`ChatFeature<AppPlace, AppChatRouter>`).
///
/// A feature's type asks nothing of its parameters, and its conformance names what the feature
/// needs: `enum ChatFeature<Places, Router> {}`, then `extension ChatFeature: Feature where
/// Places: ChatPlaces, …`. The runtime checks a generic type's own requirements each time the
/// app's `visit(_:)` first makes one (by reading the program's conformances), while a
/// conformance's conditions are handed over by the app's code that names it, with no look-up.
/// A feature's router class asks only what ``Router`` asks (`ChatRouter<Places: AppPlaces>`),
/// as App's subclass of it makes its superclass from its mangled name in the same way.
@MainActor
public protocol Feature {
    associatedtype Place: FeaturePlace
    associatedtype Places: AppPlaces
    /// What a place's check reads, which its screen is built with (a profile's user): asked once.
    associatedtype Checked = Void

    /// `place` as one of the app's: the app's case for the feature.
    static func embed(_ place: Place) -> Places
    /// `place`'s part of a link: `chat/bob`.
    static func link(of place: Place) -> PlaceLink
    /// Who may see `place`; guarded by default.
    static func access(of place: Place) -> PlaceAccess
    /// How `place`'s screen loads; `nil` for a screen built at once. `.standard` by default.
    static func policy(of place: Place) -> LoadPolicy?
    /// The query items a link may hand `place`'s screen (`message=<int>`); none by default.
    static func query(of place: Place) -> [QueryParameter]
    /// Whether `place` answers the screen that opened it (a picker); `false` by default.
    static func answers(_ place: Place) -> Bool
    /// The rules `place`'s data must keep (a chat's friendship), checked when it opens and again
    /// when the data changes; none by default.
    static func rules(of place: Place, in environment: Places.Environment) -> [PlaceRule]
    /// What each action of `place`'s screen opens: what the screen offers, what a link may follow
    /// from it, what `explain` names and the graph draws. None by default.
    static func offers(at place: Place, in environment: Places.Environment) -> [Offer<Places>]
    /// Checks `place` for a link or a route (the user it names exists), and reads what its
    /// screen is built with. Every feature writes it, if only to say there is nothing to check:
    /// a place whose parameters name data (a user) checks them here, before any step runs.
    static func check(_ place: Place, in environment: Places.Environment) async throws -> Checked
    /// Builds `place`'s module (its router, of the app's class, and how its screen is made from
    /// what the check read: `checking`) and declares its opening: what `opening.open` returns,
    /// which the core loads and shows. It awaits nothing.
    static func open(_ place: Place, checking: Checking<Checked>, in opening: Opening<Places>) throws -> ModuleLoad
    /// The feature's name where a developer reads it: `Chat`.
    static var name: String { get }
}

extension Feature {
    public static func access(of place: Place) -> PlaceAccess { .guarded }
    public static func policy(of place: Place) -> LoadPolicy? { .standard }
    public static func query(of place: Place) -> [QueryParameter] { [] }
    public static func answers(_ place: Place) -> Bool { false }
    public static func rules(of place: Place, in environment: Places.Environment) -> [PlaceRule] { [] }
    public static func offers(at place: Place, in environment: Places.Environment) -> [Offer<Places>] { [] }
}
