import Chat
import Domain
import Friends
import Login
import Profile
import Routing

/// What every router in the app has: the live dependencies, which it hands to the modules it
/// opens.
@MainActor
protocol AppRouting: RouterProtocol {
    var dependencies: Dependencies { get }
}

/// The one place that says which router class each feature gets. A route's default
/// implementation asks its router for a new module router; every router in the app answers
/// from here.
extension AppRouting {
    func makeLoginRouter() -> any LoginModuleRouter { LoginRouter(dependencies: dependencies) }
    func makeFriendsRouter() -> any FriendsModuleRouter { FriendsRouter(dependencies: dependencies) }
    func makeProfileRouter() -> any ProfileModuleRouter { ProfileRouter(dependencies: dependencies) }
    func makeChatRouter() -> any ChatModuleRouter { ChatRouter(dependencies: dependencies) }
}

/// The base of the app's module routers: a `Router` that carries the dependencies.
class AppRouter<V: Screen>: Router<V>, AppRouting {
    let dependencies: Dependencies

    init(dependencies: Dependencies) {
        self.dependencies = dependencies
        super.init()
    }
}

/// The app's first router. It has no screen, so it can only open roots: it starts the app at
/// Login.
final class Launcher: AppRouting, LoginRoute {
    let dependencies: Dependencies
    private(set) weak var window: Window?
    var sourceScreen: (any Screen)? { nil }

    init(window: Window, dependencies: Dependencies) {
        self.window = window
        self.dependencies = dependencies
    }
}
