import Domain
import DomainTesting
import Navigation
import NavigationTesting
import TestSupport

@testable import Login

/// Records where the Login presenter navigates; fails on demand.
@MainActor
final class LoginNavigatorSpy: LoginFlowNavigating {
    private(set) var calls: [LoginDestination] = []
    var failure: (any Error)?

    func navigate(to destination: LoginDestination) async throws {
        calls.append(destination)
        if let failure { throw failure }
    }
}

/// Login's test places: Login's, shown from the tester's screen, and stubs.
enum LoginTest: TesterPlaces, LoginPlaces, ExpressibleByStringLiteral {
    typealias Environment = Services

    case login(LoginPlace)
    case stub(StubPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == LoginTest {
        switch self {
        case .login(let place): visitor.visit(place, of: LoginFeature<LoginTest>.self)
        case .stub(let place): visitor.visit(place, of: StubFeature<LoginTest>.self)
        }
    }

    static var gate: LoginTest { .stub("Tester") }
    static var tabs: [LoginTest] { [] }
    static func passer(in environment: Services) -> GatePasser? { nil }
    static func closeGate(in environment: Services) {}

    init(stringLiteral title: String) { self = .stub(StubPlace(title)) }
}

/// An app of Login alone, with Login's own gate: who signed in passed it.
enum LoginOnly: LoginPlaces {
    typealias Environment = Services

    case login(LoginPlace)

    func visit<V: PlaceVisitor>(_ visitor: V) -> V.Result where V.Places == LoginOnly {
        switch self {
        case .login(let place): visitor.visit(place, of: LoginFeature<LoginOnly>.self)
        }
    }

    static var gate: LoginOnly { loginGate }
    static var tabs: [LoginOnly] { [] }
}

/// A host that adopts `LoginRoute`, as an app's launcher would.
final class LoginHost: Router<StubScreen, LoginTest>, LoginRoute {}
