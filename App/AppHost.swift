import Console
import Domain
import MultiWindow
import Navigation

/// What the app does for its features' routers that the routing core cannot (`WindowHost`):
/// print a place's link, follow a link a message carries, and open home once a user signs in.
/// It holds the app's links and console weakly: the app owns them.
@MainActor
final class AppHost: WindowHost {
    weak var windowLinks: WindowLinks?
    weak var console: ConsoleFront?

    func link(to place: AnyPlace) -> String? { windowLinks?.front.link(to: place) }

    /// A message's link opens as a link does, from the screen that carries it when that screen
    /// can open it (a profile is pushed on the chat's stack); the console says how it went.
    func follow(_ link: String, from screen: any Screen) async {
        await console?.openLink(link, fromHere: true)
    }

    /// Sign-in leads home: the tabs, then the link followed before signing in, or where the user
    /// was when App last quit.
    func gatePassed() async throws {
        try await windowLinks?.front.openTabs()
        await console?.gatePassed()
    }
}
