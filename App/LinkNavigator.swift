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
    /// No tab has that name.
    case unknownTab(String, tabs: [String])
    /// The root has no tabs (nobody is signed in).
    case noTabs

    var description: String {
        switch self {
        case .link(.unknownPath(let segment, nil, let known)):
            "\(LinkError.unknownPath(segment: segment, after: nil, known: known)) (the tabs are "
                + Destination.tabs.map(\.name).joined(separator: ", ") + ")"
        case .link(let error): "\(error)"
        case .cannotFollow(let next, let after): "\(next) cannot follow \(after): no route opens it from there"
        case .tooDeep(let count, let limit): "the link names \(count) screens; one link opens at most \(limit)"
        case .user(let error): "\(error)"
        case .signedIn(let link, let user):
            "\(link) is for signed-out users and you are signed in as \(user); type signout on Friends first"
        case .cannotOpen(let title, let source): "there is no route from \(source) to \(title)"
        case .stepFailed(let step, let reason, let reached): "could not \(step): \(reason); stopped at \(reached)"
        case .unknownTab(let name, let tabs):
            "there is no tab \"\(name)\"; the tabs are " + tabs.joined(separator: ", ")
        case .noTabs: "there are no tabs before you sign in"
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
    /// The whole state it names, root first: what the user sees in its tab.
    let target: [Destination]
    /// The tab it opens in, for a signed-in link; `nil` for Login's screens.
    let tab: String?
    /// Why that tab: the link names it, or the rule for a link that names none.
    let tabReason: String?

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

    /// The link that recreates what the user sees; `nil` when nothing is shown. In tabs it
    /// names the tab shown (`waypoint://chats/chat/bob`); Login, the one root for signed-out
    /// screens, is left implied (`waypoint://signup`).
    var currentLink: String? {
        let places = currentPlaces
        guard let root = places.first else { return nil }
        let path = root == .login && places.count > 1 ? places.dropFirst() : places[...]
        return "\(Destination.scheme)://" + path.map(\.path).joined(separator: "/")
    }

    /// The tabs of the signed-in root; empty when the root has none.
    var tabs: [String] { window?.tabs ?? [] }

    /// The tab a signed-in link whose first place is `first` opens in, when it names no tab:
    /// the tab shown, if its first screen opens `first`; else the first tab whose first screen
    /// does. One rule, which `explain` shows.
    /// - Returns: the tab and why, or `nil` when no tab's first screen opens `first`.
    func tab(for first: Destination) -> (tab: (name: String, root: Destination), reason: String)? {
        let shown = state?.selectedTab
        if let shown, let tab = Destination.tabs.first(where: { $0.name == shown }), tab.root.canOpen(first) {
            return (tab, "the tab shown, whose first screen opens \(first.path)")
        }
        guard let tab = Destination.tabs.first(where: { $0.root.canOpen(first) }) else { return nil }
        let reason = "the first tab whose first screen opens \(first.path)"
        return (tab, shown.map { reason + "; the tab shown, \($0), cannot" } ?? reason)
    }

    // MARK: - Resolving

    /// Checks `text` without navigating.
    /// - Throws: `LinkFailure` naming the first problem.
    func resolve(_ text: String) async throws(LinkFailure) -> ResolvedLink {
        let matches: [LinkMatch<Destination>]
        do { matches = try table.resolve(text) } catch { throw .link(error) }
        let chain = matches.map(\.target)
        guard let first = chain.first else { throw .link(.noPath(scheme: Destination.scheme)) }
        var target = chain
        var tab: String?
        var tabReason: String?
        if let name = first.tabName {
            (tab, tabReason) = (name, "the link names it")
        } else if first.needsSignIn {
            guard let choice = self.tab(for: first) else { throw .cannotFollow(first.path, after: "any tab") }
            (tab, tabReason, target) = (choice.tab.name, choice.reason, [choice.tab.root] + chain)
        } else if first != .login {
            target = [.login] + chain
        }
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
            target: target, tab: tab, tabReason: tabReason)
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
            return try await navigate(to: link.target, inTab: link.tab) ? .opened : .alreadyThere
        case .waitsForSignIn:
            let replaced = pending.map { $0.text == link.text ? "" : " (instead of \($0.text))" } ?? ""
            pending = link
            _ = try await navigate(to: [.login], inTab: nil)
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

    /// The plan from the window's state to `target`, in the tab `tab`.
    private func plan(to target: [Destination], inTab tab: String?) -> NavigationPlan<Destination> {
        NavigationPlan(from: state ?? NavigationState(root: []), to: target, inTab: tab)
    }

    /// Runs the plan from the window's state to `target`, in the tab `tab`.
    /// - Returns: whether anything changed.
    private func navigate(to target: [Destination], inTab tab: String?) async throws(LinkFailure) -> Bool {
        let plan = plan(to: target, inTab: tab)
        for (step, words) in zip(plan.steps, describe(plan.steps)) {
            do {
                try await run(step)
            } catch {
                throw .stepFailed(words, reason: error, reached: window?.titles.description ?? "(no window)")
            }
        }
        return !plan.isEmpty
    }

    /// Shows the tab `name`, as it was left: the modals over the tabs close first.
    /// - Returns: whether anything changed.
    /// - Throws: `LinkFailure.noTabs` or `.unknownTab` (nothing changes), or `.stepFailed`.
    @discardableResult
    func switchTab(to name: String) async throws(LinkFailure) -> Bool {
        guard let state, state.isTabbed else { throw .noTabs }
        guard let stack = state.stack(ofTab: name) else { throw .unknownTab(name, tabs: tabs) }
        return try await navigate(to: stack, inTab: name)
    }

    private func run(_ step: NavigationPlan<Destination>.Step) async throws {
        guard let window else { throw RoutingError.windowReleased }
        switch step {
        case .replaceRoot(.login):
            try await launcher.openLogin()
        case .replaceRoot(let place):
            guard let tab = place.tabName else { throw LinkFailure.cannotOpen(place.title, from: "the launcher") }
            try await launcher.openHomeTabs(for: dependencies.session.currentUser(), selecting: tab)
        case .selectTab(let name):
            try window.select(tab: name)
        case .close(let index, _):
            let screens = window.shownScreens
            guard index < screens.count else { throw RoutingError.notInWindow(screen: "screen \(index + 1)") }
            let screen = screens[index]
            guard let router = window.router(of: screen) as? any Closable else {
                throw RoutingError.noOpeningTransition(screen: screen.title)
            }
            try router.close()
        case .open(let place, _):
            guard let top = window.topScreen, let router = window.router(of: top) else { throw RoutingError.noSource }
            try await place.open(from: router, source: top.title)
        }
    }

    /// The steps in words, as `explain` lists them and errors name them. Each is described as
    /// the window will be when it runs (after a tab switch, a close is in the new tab).
    func describe(_ steps: [NavigationPlan<Destination>.Step]) -> [String] {
        var titles = window?.shownScreens.map(\.title) ?? []
        var words: [String] = []
        for step in steps {
            switch step {
            case .replaceRoot(let place):
                words.append("replace the root with \(place.title) (\(place.routeMethod))")
                titles = [place.title]
            case .selectTab(let name):
                words.append("switch to the \(name) tab")
                titles = window?.titles.tabs.first { $0.name == name }?.stack ?? []
            case .close(let index, let place):
                let title = index < titles.count ? titles[index] : place.title
                let above = max(0, titles.count - index - 1)
                words.append(
                    "close \(title)"
                        + (above == 0 ? "" : " and the \(above == 1 ? "screen" : "\(above) screens") above it"))
                titles = Array(titles.prefix(index))
            case .open(let place, let source):
                words.append("open \(place.title) from \(source.title) (\(place.routeMethod))")
                titles.append(place.title)
            }
        }
        return words
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
        let plan = plan(to: target, inTab: target == link.target ? link.tab : nil)
        if let tab = link.tab, target == link.target, let reason = link.tabReason {
            rows.append(("tab", "\(tab): \(reason)"))
        }
        rows.append(("from", window?.titles.description ?? "(no window)"))
        if plan.isEmpty {
            rows.append(("steps", "none: the window shows it already"))
        } else {
            for (number, words) in describe(plan.steps).enumerated() {
                rows.append(("step \(number + 1)", words))
            }
        }
        rows.append(("to", target.map(\.title).joined(separator: ", ")))
        if target != link.target {
            let tab = link.tab.map { ", in the \($0) tab" } ?? ""
            rows.append(("then", "after sign-in\(tab): " + link.target.map(\.title).joined(separator: ", ")))
        }
        return rows
    }
}
