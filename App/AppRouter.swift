import Console
import Domain
import Links
import Login
import Routing

/// What every router of the app shares: the services it hands the modules it opens, the router
/// classes the app gives the screens it composes, and the app's links and console (held weakly:
/// the app owns them).
@MainActor
final class AppContext {
    let services: Services
    private(set) var routers = RouterClasses()
    weak var links: LinkNavigator?
    weak var console: ConsoleFront?

    init(services: Services) {
        self.services = services
        registerRouters()
    }

    /// Gives screens of type `V` routers of `type`.
    func register<V: Screen>(_ type: AppRouter<V>.Type) {
        routers.register(type) { [unowned self] place in type.init(context: self, place: place) }
    }

    /// The router of a module, of the app's class for its screen where it has one.
    func makeRouter<V: Screen>(for screen: V.Type, place: AnyPlace) -> Router<V> {
        routers.make(for: screen, place: place) ?? Router(place: place)
    }
}

/// The base of the app's module routers: a `Router` that carries the context, so the routes it
/// adopts have their services, and the modules it opens get the app's router classes.
class AppRouter<V: Screen>: Router<V> {
    let context: AppContext

    required init(context: AppContext, place: AnyPlace) {
        self.context = context
        super.init(place: place)
    }

    var dependencies: Services { context.services }

    override func makeRouter<T: Screen>(for screen: T.Type, place: AnyPlace) -> Router<T> {
        context.makeRouter(for: screen, place: place)
    }
}

/// The app's first router. It has no screen, so it opens roots only: Login at start and at
/// sign-out, and the tabs after sign-in.
final class Launcher: LoginRoute {
    let context: AppContext
    private(set) weak var window: Window?
    var sourceScreen: (any Screen)? { nil }
    var dependencies: Services { context.services }

    init(window: Window, context: AppContext) {
        self.window = window
        self.context = context
    }

    func makeRouter<V: Screen>(for screen: V.Type, place: AnyPlace) -> Router<V> {
        context.makeRouter(for: screen, place: place)
    }
}
