import Chat
import Console
import Domain
import Friends
import FullScreen
import Login
import MultiWindow
import Navigation
import Profile
import Restoration

// The app's composition, all of it: the routes each router serves (or it does not compile), the
// features, the services and the fronts. The command line and storage paths have files of their own.

/// Friends opens a friend's profile or chat.
typealias FriendsRoutes = ProfileRoute & ChatRoute
/// The conversations open a chat.
typealias ChatsRoutes = ChatRoute
/// A profile starts a chat; your own profile edits your bio.
typealias ProfileRoutes = ChatRoute & BioEditorRoute
/// A chat opens the friend's profile, and picks a friend to share (a route that returns a value).
typealias ChatRoutes = ProfileRoute & FriendPickerRoute

final class AppFriendsRouter: FriendsRouter<Services>, FriendsRouting, FriendsRoutes {}
final class AppChatsRouter: ChatsRouter<Services>, ChatsRouting, ChatsRoutes {}
final class AppProfileRouter: ProfileRouter<Services>, ProfileRouting, ProfileRoutes {}
final class AppChatRouter: ChatRouter<Services>, ChatRouting, ChatRoutes {}

/// The features, one line each, with the router class of each screen that needs routes: their
/// places, links, tabs (friends, chats, me), rules and the gate come with them. A list, not a
/// chain of `+`: the compiler reads a list of 1,000 features in a fifth of a second, and a chain
/// of 1,000 `+` in minutes, as it weighs every overload of each `+` against the others.
@MainActor
func features(_ services: Services) -> [PlaceKind] {
    let features: [[PlaceKind]] = [
        LoginFeature.places(services),
        FriendsFeature.places(services, friends: AppFriendsRouter.self),
        ChatFeature.places(services, chats: AppChatsRouter.self, chat: AppChatRouter.self),
        ProfileFeature.places(services, profile: AppProfileRouter.self),
    ]
    return features.flatMap { $0 }
}

/// The app: the windows, the live services, the fronts, the links, and where each user was kept.
@MainActor
final class Waypoint {
    static let version = "0.1.0"
    /// The links' scheme: `waypoint://chat/bob`.
    static let scheme = "waypoint"
    /// The hosts whose https:// links are the app's: `https://waypoint.example/chat/bob`.
    static let hosts = ["waypoint.example"]
    /// Every feature flag of the app, as the features that declare them register them.
    static let flagRegistry: [FeatureFlag] = ProfileFeature.flags

    /// The session's windows; each has its own tabs, stacks, modals and loads.
    let windows: Windows
    /// The window in front.
    var window: Window { windows.front }
    let services: Services
    let console: ConsoleFront
    /// The links of the window in front.
    var links: LinkNavigator { windowLinks.front }
    /// Each window's links, and the rule that picks the window a link opens in.
    let windowLinks: WindowLinks
    let restoration: Restoration
    /// The full-screen front, with `--screen`; each window's display paces it.
    let screen: ScreenFront?
    let host = AppHost()
    let questions = QuestionsKeeper()
    let output: any TextOutput
    /// Where `--events` writes one JSON line per change a user sees.
    private(set) var events: EventLog?
    /// Gives each window opened later the console's animations.
    private var addsAnimator: AddsObserver?

    /// The services, where flags and places are kept (`kept`), the console's lines (`input`,
    /// `output`), and what tests and options set: the window's depth, the clocks of `trace` and
    /// of loads, a full-screen `device` (`--screen`: the console then runs its commands and
    /// `output` gets the last words), an `--events` file, the most windows.
    /// - Throws: `CompositionProblems` when the navigation graph finds the composition (`compose`,
    ///   the features by default) broken: App does not start.
    init(
        services: Services, kept: any AppStateStore, input: any LineSource, output: any TextOutput,
        maximumDepth: Int = Window.standardDepthLimit,
        traceClock: @escaping () -> ContinuousClock.Instant = { ContinuousClock.now },
        device: (any FrontDevice)? = nil, clock: any Clock<Duration> = ContinuousClock(),
        events: (any TextOutput)? = nil, windowLimit: Int = Windows.standardLimit,
        compose: @MainActor (Services) -> [PlaceKind] = features
    ) throws(CompositionProblems) {
        // A person at a terminal sees a placeholder while a screen takes long to load; a script
        // waits for each load, so what it prints is the same on every machine.
        let placeholders = device != nil || input.isInteractive
        let (host, questions) = (self.host, self.questions)
        let log = events.map { EventLog(output: $0, now: traceClock) }
        self.events = log
        // Every window is set up alike: the app's host, the loads' clock, a front's animations.
        let animator: ConsoleAnimator? = device == nil ? ConsoleAnimator(output: output) : nil
        let make: @MainActor () -> Window = {
            let window = Window(maximumDepth: maximumDepth)
            window.loader.clock = clock
            window.loader.showsPlaceholders = placeholders
            if let log { window.addObserver(log) }
            window.addObserver(questions)
            return window
        }
        let first = make()
        windows = Windows(first: first, make: make, limit: windowLimit)
        log?.windows = windows
        if let log { windows.addObserver(log) }
        if let device {
            let screen = ScreenFront(window: first, device: device)
            console = ConsoleFront(
                windows: windows, input: screen.prompts, output: screen.messages, traceClock: traceClock)
            console.drawsScreens = false
            screen.console = console
            self.screen = screen
            // Each window has a display of its own; the one in front paces the screen.
            screen.attach(windows)
        } else {
            console = ConsoleFront(windows: windows, input: input, output: output, traceClock: traceClock)
            screen = nil
        }
        // After the console's own watch, which ends a prompt left open while a load waited.
        if let animator {
            animator.windows = windows
            first.addObserver(animator)
            let adds = AddsObserver(animator)
            windows.addObserver(adds)
            addsAnimator = adds
        }
        // The features' questions are the console's to ask.
        var services = services
        services.prompt = ConsolePrompt(console)
        self.services = services
        self.output = output
        let (links, graph) = try Self.checkedLinks(of: compose(services), window: first, graph: screen != nil)
        screen?.graph = graph
        // Every window's navigator shares the first's host.
        links.navigator.host = host
        windowLinks = WindowLinks(windows: windows, first: links)
        restoration = Restoration(
            navigator: links, load: { user in try kept.keptPlaces(of: UserID(user)).map { ($0.id, $0.text) } },
            save: { state, user, replacing in try kept.keepPlaces(state, of: UserID(user), replacing: replacing) })
        restoration.windowLinks = windowLinks
        log?.links = windowLinks
        // What the front has drawn is what the user saw: the log writes it then.
        console.onDisplayed = { [weak log] in log?.flush() }
        host.windowLinks = windowLinks
        host.console = console
        console.windowLinks = windowLinks
        console.restoration = restoration
        console.flags = (services.flags, { name, isOn in try kept.saveFlag(name, isOn: isOn) })
        keeps(in: kept)
    }
}
