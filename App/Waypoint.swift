import Chat
import Console
import Domain
import Friends
import FullScreen
import Login
import Navigation
import Profile

// The app's composition, all of it: its places (one case per feature, and the list of features),
// the routes each router serves (or it does not compile), the services and the fronts. The launch
// and the command line are in Waypoint+Main.swift.

/// Friends opens a friend's profile or chat.
typealias FriendsRoutes = ProfileRoute & ChatRoute
/// A profile starts a chat; your own profile edits your bio.
typealias ProfileRoutes = ChatRoute & BioEditorRoute
/// A chat opens the friend's profile, and picks a friend to share (a route that returns a value).
typealias ChatRoutes = ProfileRoute & FriendPickerRoute

final class AppFriendsRouter: FriendsRouter<AppPlace>, FriendsRouting, FriendsRoutes {}
final class AppProfileRouter: ProfileRouter<AppPlace>, ProfileRouting, ProfileRoutes {}
final class AppChatRouter: ChatRouter<AppPlace>, ChatRouting, ChatRoutes {}

/// The app's places: a case for each feature's place type, and `visit(_:)`, the list of
/// features, one line each, with the router class of each screen that needs routes. Their links,
/// tabs, rules and the gate come with them; a feature left out of the list does not compile.
enum AppPlace: AppPlaces, LoginPlaces, FriendsPlaces, ChatPlaces, ProfilePlaces {
    typealias Environment = Services

    case login(LoginPlace)
    case friends(FriendsPlace)
    case chat(ChatPlace)
    case profile(ProfilePlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == AppPlace {
        switch self {
        case .login(let place): visitor.visit(place, of: LoginFeature<AppPlace>.self)
        case .friends(let place): visitor.visit(place, of: FriendsFeature<AppPlace, AppFriendsRouter>.self)
        case .chat(let place): visitor.visit(place, of: ChatFeature<AppPlace, AppChatRouter>.self)
        case .profile(let place): visitor.visit(place, of: ProfileFeature<AppPlace, AppProfileRouter>.self)
        }
    }

    static var gate: AppPlace { loginGate }
    /// The tabs: friends, chats, me.
    static var tabs: [AppPlace] { [.friends(.friends), .chat(.chats), .profile(.me)] }
    /// The commands features add to other features' screens, one line each (`Contribution`): a
    /// feature `Scripts/new-feature` makes adds its own here.
    static var contributions: [Contribution<AppPlace>] {
        [
            // MutualFeature<AppPlace>.contribution, for a Mutual feature's `mutual <user>` on profiles
        ]
    }
}

/// The app: the windows, the live services, the fronts, and the record of what users saw.
@MainActor
final class Waypoint {
    static let version = "0.1.0"
    /// The links' scheme: `waypoint://chat/bob`.
    static let scheme = "waypoint"
    /// The hosts whose https:// links are the app's: `https://waypoint.example/chat/bob`.
    static let hosts = ["waypoint.example"]
    /// Every feature flag of the app, as the features that declare them register them.
    static let flagRegistry: [FeatureFlag] = FeatureFlag.profileFlags

    /// The session's windows; each has its own tabs, stacks, modals and loads.
    let windows: Windows<AppPlace>
    var window: Window<AppPlace> { windows.front }
    let services: Services
    let console: ConsoleFront<AppPlace>
    /// The full-screen front, with `--screen`; each window's display paces it.
    let screen: ScreenFront<AppPlace>?
    let output: any TextOutput
    /// Writes one JSON line per change a user sees (`--events`).
    let events: EventRecorder<AppPlace>?

    /// The services, where flags and places are kept (`kept`), the console's lines (`input`,
    /// `output`), and what tests and options set: the window's depth, the clocks of `trace` and
    /// of loads, a full-screen `device` (`--screen`: the console then runs its commands and
    /// `output` gets the last words), an `--events` output, the most windows.
    /// - Throws: `CompositionProblems` when the declarations find the composition broken: App
    ///   does not start.
    init(
        services: Services, kept: any AppStateStore, input: any LineSource, output: any TextOutput,
        maximumDepth: Int = standardDepthLimit,
        traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        device: (any FrontDevice)? = nil, clock: any Clock<Duration> = ContinuousClock(),
        events: (any TextOutput)? = nil, windowLimit: Int = Navigation.windowLimit
    ) throws(CompositionProblems) {
        // The features' questions are the console's to ask, once it exists.
        let prompt = ConsolePrompt<AppPlace>()
        var services = services
        services.prompt = prompt
        self.services = services
        self.output = output
        let declarations = Declarations<AppPlace>(
            environment: services, scheme: Self.scheme, hosts: Self.hosts,
            reserved: Set(ConsoleCommand.allCases.map(\.rawValue)))
        guard declarations.problems.isEmpty else { throw CompositionProblems(declarations.problems) }
        // A person at a terminal sees a placeholder while a screen takes long to load; a script
        // waits for each load, so what it prints is the same on every machine.
        let placeholders = device != nil || input.isInteractive
        let make: @MainActor () -> Window<AppPlace> = {
            let window = Window(declarations, maximumDepth: maximumDepth)
            window.loader.clock = clock
            window.loader.showsPlaceholders = placeholders
            return window
        }
        windows = Windows(first: make(), make: make, limit: windowLimit)
        if let device {
            let screen = ScreenFront(window: windows.front, device: device)
            console = screen.makeConsole(over: windows, traceClock: traceClock)
            // Each window has a display of its own; the one in front paces the screen.
            screen.attach(windows)
            self.screen = screen
        } else {
            console = ConsoleFront(windows: windows, input: input, output: output, traceClock: traceClock)
            console.animates = true
            screen = nil
        }
        prompt.console = console
        console.keep(in: kept, flags: services.flags)
        let windows = self.windows
        let recorder = events.map { output in EventRecorder(windows, write: { output.write($0) }, now: traceClock) }
        self.events = recorder
        // What the front has drawn is what the user saw: the record, if kept, writes it then.
        if let recorder { console.onDisplayed = { [weak recorder] in recorder?.flush() } }
    }
}

/// What the declarations find wrong with the composition, one line a problem naming the feature
/// and the fix: App does not start.
struct CompositionProblems: Error {
    let lines: [String]

    init(_ lines: [String]) {
        self.lines = lines
    }
}
