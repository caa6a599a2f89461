import Console
import Domain
import Friends
import Login
import Routing

/// Why a link cannot be opened, beyond what the route table says.
enum LinkFailure: Error, CustomStringConvertible {
    /// The link itself: malformed, or a path the table does not match.
    case link(LinkError)
    /// `next` cannot be opened from the screen before it in the link.
    case cannotFollow(String, after: String)
    /// The link names more screens than one link may open.
    case tooDeep(count: Int, limit: Int)
    /// A user the link names: unknown, unreachable, or not the signed-in user's friend.
    case user(any Error)
    /// A link for signed-out users while someone is signed in.
    case signedIn(link: String, user: UserID)
    /// A step found no route for what it had to open.
    case cannotOpen(String, from: String)
    /// A step failed; the window shows what the steps before it reached.
    case stepFailed(String, reason: any Error, reached: String)

    var description: String {
        switch self {
        case .link(let error): "\(error)"
        case .cannotFollow(let next, let after): "\(next) cannot follow \(after): no route opens it from there"
        case .tooDeep(let count, let limit): "the link names \(count) screens; one link opens at most \(limit)"
        case .user(let error): "\(error)"
        case .signedIn(let link, let user):
            "\(link) is for signed-out users and you are signed in as \(user); type signout on Friends first"
        case .cannotOpen(let title, let source): "there is no route from \(source) to \(title)"
        case .stepFailed(let step, let reason, let reached): "could not \(step): \(reason); stopped at \(reached)"
        }
    }
}

/// A link that passed every check that needs no navigation: it parses, every part matches the
/// table, each destination can follow the one before, and (when someone is signed in) the users
/// it names exist.
struct ResolvedLink {
    /// The link as written back: `waypoint://chat/bob`.
    let text: String
    let matches: [LinkMatch<Destination>]
    /// The whole state it names, root first.
    let target: [Destination]

    /// Whether it names signed-in screens; otherwise it names Login's, for signed-out users.
    var needsSignIn: Bool { target.contains(where: \.needsSignIn) }
}

/// Opens links: from whatever the window shows, through legal steps on the route methods, to
/// exactly the state a link names (navigation as state), guarded so signed-in screens need a signed-in
/// user, with a link opened while signed out kept until sign-in (the pending intent). It is
/// the navigator where URL handling is injected (the coordinator's navigator), and it has no way to navigate of
/// its own: every step is a router's `close()` or a route method.
@MainActor
final class LinkNavigator {
    let table: RouteTable<Destination>
    private weak var window: Window?
    private let launcher: Launcher
    private var dependencies: Dependencies { launcher.context.dependencies }

    /// The link opened while signed out, waiting for a sign-in.
    private(set) var pending: ResolvedLink?
    /// What happened that the user should hear about: a pending link that opened or failed.
    var feedback = ScreenFeedback()

    init(table: RouteTable<Destination>, window: Window, launcher: Launcher) {
        self.table = table
        self.window = window
        self.launcher = launcher
    }

    // MARK: - Reading the state

    /// The window as a value of destinations; `nil` without a window, or if a screen shows a
    /// place of another type.
    var state: NavigationState<Destination>? {
        window?.state(of: Destination.self)
    }

    /// The destinations the window shows, root first: every screen's place, modals included.
    var currentPlaces: [Destination] {
        state?.path ?? []
    }

    /// The link that recreates what the window shows; `nil` when nothing is shown.
    var currentLink: String? {
        let places = currentPlaces
        guard let root = places.first else { return nil }
        let path = places.count > 1 && root == places[1].root ? places.dropFirst() : places[...]
        return "\(Destination.scheme)://" + path.map(\.path).joined(separator: "/")
    }

    // MARK: - Resolving

    /// Checks `text` without navigating.
    /// - Throws: `LinkFailure` naming the first problem.
    func resolve(_ text: String) async throws(LinkFailure) -> ResolvedLink {
        let matches: [LinkMatch<Destination>]
        do { matches = try table.resolve(text) } catch { throw .link(error) }
        let chain = matches.map(\.target)
        guard let first = chain.first else { throw .link(.noPath(scheme: Destination.scheme)) }
        let target = first == first.root ? chain : [first.root] + chain
        // One limit for links and commands: the window's own, so every state `where` can print
        // is a link that opens.
        let limit = window?.maximumDepth ?? Window.standardDepthLimit
        guard target.count <= limit else { throw .tooDeep(count: target.count, limit: limit) }
        for (previous, next) in zip(target, target.dropFirst()) where !previous.canOpen(next) {
            throw .cannotFollow(next.path, after: previous.path)
        }
        try await checkUsers(in: target)
        return ResolvedLink(
            text: "\(Destination.scheme)://" + matches.map(\.path).joined(separator: "/"), matches: matches,
            target: target)
    }

    /// Every user named must exist and be reachable, and a chat must be with a friend of whoever
    /// is signed in. Signed out, nothing is checked: the link waits for sign-in whatever user it
    /// names, so a link cannot be used to learn which accounts exist. A pending link is resolved
    /// again after sign-in, and its users are checked then.
    private func checkUsers(in target: [Destination]) async throws(LinkFailure) {
        guard let me = dependencies.session.user?.id else { return }
        do {
            for place in target {
                switch place {
                case .profile(let user):
                    _ = try await dependencies.users.user(user)
                case .chat(let user):
                    _ = try await dependencies.users.user(user)
                    if try await !dependencies.users.areFriends(me, user) {
                        throw ServiceError.notFriends(user)
                    }
                default:
                    continue
                }
            }
        } catch {
            throw .user(error)
        }
    }

    // MARK: - Opening

    /// What opening a link did.
    enum Outcome: Equatable {
        /// The window now shows the link's state.
        case opened
        /// The window showed it already; nothing changed.
        case alreadyThere
        /// Signed out: Login is up, and the link opens after sign-in.
        case waitingForSignIn
    }

    /// Resolves `text`, then opens it.
    /// - Throws: `LinkFailure`; for a link that does not resolve, nothing has changed.
    @discardableResult
    func open(_ text: String) async throws(LinkFailure) -> Outcome {
        try await open(resolve(text))
    }

    /// Opens a resolved link: guards it, plans the steps from the window's state, runs them.
    /// - Throws: `LinkFailure.signedIn` (nothing changes), or `.stepFailed` when a route fails
    ///   on the way (the window keeps what the earlier steps reached).
    @discardableResult
    func open(_ link: ResolvedLink) async throws(LinkFailure) -> Outcome {
        switch guardDecision(for: link) {
        case .passes:
            return try await navigate(to: link.target) ? .opened : .alreadyThere
        case .waitsForSignIn:
            let replaced = pending.map { $0.text == link.text ? "" : " (instead of \($0.text))" } ?? ""
            pending = link
            _ = try await navigate(to: [.login])
            feedback.notice("Sign in to open \(link.text); it opens once you do\(replaced). Type cancel to drop it.")
            return .waitingForSignIn
        case .refused(let user):
            throw .signedIn(link: link.text, user: user)
        }
    }

    /// What the guard does with a link, for whoever is signed in now.
    private enum GuardDecision {
        /// The link opens as it is.
        case passes
        /// Signed out, the link needs a sign-in: Login opens and the link waits.
        case waitsForSignIn
        /// Signed in as this user, the link is for signed-out users.
        case refused(UserID)
    }

    private func guardDecision(for link: ResolvedLink) -> GuardDecision {
        switch (link.needsSignIn, dependencies.session.user) {
        case (true, nil): .waitsForSignIn
        case (false, let user?): .refused(user.id)
        default: .passes
        }
    }

    /// Runs the plan from the window's state to `target`.
    /// - Returns: whether anything changed.
    private func navigate(to target: [Destination]) async throws(LinkFailure) -> Bool {
        let plan = NavigationPlan(from: currentPlaces, to: target)
        for step in plan.steps {
            do {
                try await run(step)
            } catch {
                throw .stepFailed(describe(step), reason: error, reached: window?.titles.description ?? "(no window)")
            }
        }
        return !plan.isEmpty
    }

    private func run(_ step: NavigationPlan<Destination>.Step) async throws {
        guard let window else { throw RoutingError.windowReleased }
        switch step {
        case .replaceRoot(.login):
            try await launcher.openLogin()
        case .replaceRoot(.friends):
            try await launcher.openFriends(for: dependencies.session.currentUser())
        case .replaceRoot(let place):
            throw LinkFailure.cannotOpen(place.title, from: "the launcher")
        case .close(let index, _):
            guard index < window.screens.count else { throw RoutingError.notInWindow(screen: "screen \(index + 1)") }
            let screen = window.screens[index]
            guard let router = window.router(of: screen) as? any Closable else {
                throw RoutingError.noOpeningTransition(screen: screen.title)
            }
            try router.close()
        case .open(let place, _):
            guard let top = window.topScreen, let router = window.router(of: top) else { throw RoutingError.noSource }
            try await place.open(from: router, source: top.title)
        }
    }

    /// A step in words, as `explain` lists it and errors name it.
    func describe(_ step: NavigationPlan<Destination>.Step) -> String {
        switch step {
        case .replaceRoot(let place):
            return "replace the root with \(place.title) (\(place.routeMethod))"
        case .close(let index, _):
            let screens = window?.screens ?? []
            let title = index < screens.count ? screens[index].title : "screen \(index + 1)"
            let above = max(0, screens.count - index - 1)
            return "close \(title)"
                + (above == 0 ? "" : " and the \(above == 1 ? "screen" : "\(above) screens") above it")
        case .open(let place, let source):
            return "open \(place.title) from \(source.title) (\(place.routeMethod))"
        }
    }

    // MARK: - The pending intent

    /// Opens the link kept while signed out, now that a user signed in; says how it went.
    func continuePendingLink() async {
        guard let link = pending else { return }
        pending = nil
        do {
            try await open(resolve(link.text))
            feedback.notice("Opened \(link.text), the link you followed before signing in.")
        } catch {
            feedback.error("could not open \(link.text) after signing in: \(error)")
        }
    }

    /// Drops the pending link.
    /// - Returns: the link dropped, if there was one.
    func dropPendingLink() -> String? {
        defer { pending = nil }
        return pending?.text
    }

    // MARK: - Explaining

    /// What opening `text` would do, without doing it: the patterns matched and their
    /// parameters, the guard, and the steps; or why it cannot be opened.
    func explain(_ text: String) async -> [(label: String, value: String)] {
        let link: ResolvedLink
        do {
            link = try await resolve(text)
        } catch {
            return [("link", text), ("result", "nothing would happen: \(error)")]
        }
        var rows: [(label: String, value: String)] = [("link", link.text)]
        for match in link.matches {
            let parameters = match.parameters.values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            rows.append(("match", match.pattern.text + (parameters.isEmpty ? "" : " with " + parameters)))
        }
        let rule = link.needsSignIn ? "needs a signed-in user" : "for signed-out users"
        let target: [Destination]
        switch guardDecision(for: link) {
        case .passes:
            let who = dependencies.session.user.map { "signed in as \($0.id)" } ?? "signed out"
            rows.append(("guard", "\(rule); \(who), so it passes"))
            target = link.target
        case .waitsForSignIn:
            rows.append(("guard", "\(rule); signed out, so Login opens and the link waits for sign-in"))
            target = [.login]
        case .refused(let user):
            rows.append(("guard", "\(rule); signed in as \(user), so it is refused and nothing changes"))
            return rows
        }
        let plan = NavigationPlan(from: currentPlaces, to: target)
        rows.append(("from", window?.titles.description ?? "(no window)"))
        if plan.isEmpty {
            rows.append(("steps", "none: the window shows it already"))
        } else {
            for (number, step) in plan.steps.enumerated() {
                rows.append(("step \(number + 1)", describe(step)))
            }
        }
        rows.append(("to", target.map(\.title).joined(separator: ", ")))
        if target != link.target {
            rows.append(("then", "after sign-in: " + link.target.map(\.title).joined(separator: ", ")))
        }
        return rows
    }
}
