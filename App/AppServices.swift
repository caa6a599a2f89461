import Chat
import Domain
import Friends
import Login
import Profile

/// Every service of the app, in one value: the composition root's container. Each feature
/// declares the services it uses (its `…Dependencies` protocol); this serves them all, so each
/// feature is handed the whole value and sees only what its protocol names. A feature with a
/// service of its own adds it to its protocol and here, not to Domain.
///
/// A small value passed through initializers, never a global.
@MainActor
struct AppServices {
    var auth: any AuthService
    var users: any UserService
    var messages: any MessageService
    var session: Session
    /// The app's feature flags; a feature reads the flags it declares.
    var flags: FeatureFlags
    /// How a feature asks the user a yes-or-no question; the console answers.
    var prompt: any UserPrompt
}

extension AppServices: LoginDependencies, FriendsDependencies, ProfileDependencies, ChatDependencies {}
