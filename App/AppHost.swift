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
    /// Keeps an answer for the signed-in user until its effect consumes it.
    var keepAnswer: (@MainActor (_ asker: String, _ action: String, _ text: String) -> Int?)?
    /// Where questions kept with where the user is are answered once across Apps.
    var kept: (any AppStateStore)?

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

    func keep(asker: String, action: String, answer text: String) -> Int? {
        keepAnswer?(asker, action, text)
    }

    func answer(_ record: Int, with text: String) throws -> Bool {
        try kept?.answer(record, with: text) ?? true
    }

    func isOpen(question record: Int) -> Bool {
        // A store that cannot be read says nothing new: the question stays as it is.
        (try? kept?.question(record)).map { $0 == .open } ?? true
    }

    func forget(question record: Int) {
        try? kept?.dropAnswer(record)
    }
}

/// Keeps where the user is each time a question opens or closes in a window (a picker), not only
/// at quit: after a kill, the question comes back.
@MainActor
final class QuestionsKeeper: NavigationObserver {
    weak var console: ConsoleFront?

    func window(_ window: Window, did event: NavigationEvent) {
        switch event {
        case .awaitingReply, .replied: console?.questionsChanged()
        default: break
        }
    }
}
