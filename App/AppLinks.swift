import Console
import Domain
import Links
import Login
import Routing

/// The app's links: the core's `LinkNavigator` over the app's destinations, with what only the
/// app knows: the guard (a user signed in), the gate (Login), the users a link may name, how a
/// root opens (the launcher), and the words a user reads.
@MainActor
final class AppLinks {
    let navigator: LinkNavigator<Destination>
    private(set) weak var window: Window?
    let dependencies: AppServices
    /// Where each user's places are kept for their next sign-in.
    let kept: any AppStateStore
    /// What happened that the user should hear about: a pending link that opened or failed.
    var feedback = ScreenFeedback()

    /// - Throws: `RouteTableError` if the app's entries make no valid table.
    init(window: Window, launcher: Launcher) throws(RouteTableError) {
        let dependencies = launcher.context.dependencies
        self.window = window
        self.dependencies = dependencies
        kept = launcher.context.kept
        navigator = try LinkNavigator(
            scheme: Destination.scheme, parameterTypes: [.user], entries: Destination.entries, window: window,
            gate: .login, isGuardPassed: { dependencies.session.user != nil },
            openRoot: { [weak launcher] place, tab in
                guard let launcher else { throw RoutingError.windowReleased }
                if let tab {
                    try await launcher.openHomeTabs(for: dependencies.session.currentUser(), selecting: tab)
                } else {
                    try await launcher.openLogin()
                }
            },
            validate: { places in try await Self.checkUsers(in: places, dependencies: dependencies) })
    }

    /// Every user named must exist and be reachable, a chat must be with a friend of whoever
    /// is signed in, and the bio editor opens over your own profile only. The navigator runs it
    /// only once someone is signed in: before, a link waits for sign-in whatever user it names,
    /// so links cannot be used to learn which accounts exist.
    static func checkUsers(in places: [Destination], dependencies: AppServices) async throws {
        for (previous, place) in zip([nil] + places.map(Optional.some), places) {
            try await checkUser(of: place, after: previous, dependencies: dependencies)
        }
    }

    /// `checkUsers(in:dependencies:)` for one place, after the one before it.
    static func checkUser(of place: Destination, after previous: Destination?, dependencies: AppServices)
        async throws
    {
        let me = try dependencies.session.currentUser().id
        switch place {
        case .editBio:
            guard previous == .me || previous == .profile(me) else { throw LinkRule.editBioOnOwnProfile }
        case .profile(let user):
            _ = try await dependencies.users.user(user)
        case .chat(let user):
            _ = try await dependencies.users.user(user)
            if try await !dependencies.users.areFriends(me, user) { throw ServiceError.notFriends(user) }
        default:
            break  // the other places name no user.
        }
    }

    // MARK: - Reading

    var state: NavigationState<Destination>? { navigator.state }
    var currentPlaces: [Destination] { state?.path ?? [] }
    var currentLink: String? { navigator.currentLink }
    var pending: ResolvedLink<Destination>? { navigator.pending }
    var tabs: [String] { window?.tabs ?? [] }
    var isSignedIn: Bool { dependencies.session.user != nil }

    // MARK: - Doing, and saying how it went

    /// Resolves `text` without navigating.
    /// - Throws: `LinkFailure`, which `words(for:)` puts into a sentence.
    func resolve(_ text: String) async throws(LinkFailure<Destination>) -> ResolvedLink<Destination> {
        try await navigator.resolve(text)
    }

    /// Opens `text`, and says what the user should hear.
    /// - Parameters:
    ///   - text: the link.
    ///   - fromHere: whether it opens from the screen on top, where that screen can open it (a
    ///     link in a chat message); else it names the whole state.
    func open(_ text: String, fromHere: Bool = false) async {
        await RememberingUserService.remembering {
            do throws(LinkFailure<Destination>) {
                try await open(navigator.resolve(text, fromHere: fromHere))
            } catch {
                feedback.error(words(for: error))
            }
        }
    }

    /// Opens a resolved link, and says what the user should hear. The checks of the users it
    /// names and the loads of the screens it opens ask the user service once per question
    /// (`RememberingUserService`).
    func open(_ link: ResolvedLink<Destination>) async {
        await RememberingUserService.remembering { await opening(link) }
    }

    private func opening(_ link: ResolvedLink<Destination>) async {
        do throws(LinkFailure<Destination>) {
            switch try await navigator.open(link) {
            case .opened:
                break
            case .stayed(let screen):
                feedback.notice(stayed(screen))
            case .alreadyThere:
                feedback.notice("You are at \(link.text) already; nothing changed.")
            case .waitingBehindGate(let replaced):
                let instead = replaced.map { " (instead of \($0))" } ?? ""
                feedback.notice(
                    "Sign in to open \(link.text); it opens once you do\(instead). Type cancel to drop it.")
            }
        } catch {
            feedback.error(words(for: error))
        }
    }

    /// Shows the tab `name`, or says why not.
    func switchTab(to name: String) async {
        do throws(LinkFailure<Destination>) {
            if case .stayed(let screen) = try await navigator.switchTab(to: name) { feedback.notice(stayed(screen)) }
        } catch {
            feedback.error(words(for: error))
        }
    }

    /// Signs out from wherever the user is: asks first if a screen has unsaved work, then takes
    /// down every tab and modal (each module is released), ends the session, and leaves Login
    /// as the only screen, with no way back.
    func signOut() async {
        do throws(LinkFailure<Destination>) {
            if case .stayed(let screen) = try await navigator.show([.login], inTab: nil) {
                return feedback.notice(stayed(screen) + " You are still signed in.")
            }
            // Leaving on purpose: the next sign-in starts afresh, not where a past quit was.
            if let user = dependencies.session.user { try? kept.savePlaces(nil, of: user.id) }
            dependencies.session.end()
        } catch {
            feedback.error(words(for: error))
        }
    }

    /// What the user hears when a screen kept its work and nothing changed.
    private func stayed(_ screen: String) -> String {
        "Stayed on \(screen); nothing changed."
    }

    /// What follows a sign-in: the link followed before it, if there is one; else the places
    /// the user was at when App last quit, if they were kept.
    func continueAfterSignIn() async {
        if pending != nil {
            await continuePendingLink()
        } else {
            await restorePlaces()
        }
    }

    /// Opens the link kept while signed out, now that a user signed in; says how it went.
    func continuePendingLink() async {
        guard let (link, result) = await RememberingUserService.remembering({ await navigator.continuePending() })
        else { return }
        switch result {
        case .success:
            feedback.notice("Opened \(link), the link you followed before signing in.")
        case .failure(let error):
            feedback.error("could not open \(link) after signing in: \(words(for: error))")
        }
    }

    /// Drops the pending link.
    /// - Returns: the link dropped, if there was one.
    func dropPendingLink() -> String? {
        navigator.dropPending()
    }

    // MARK: - Words

    /// A failure in the words a user reads.
    func words(for failure: LinkFailure<Destination>) -> String {
        switch failure {
        case .link(.unknownPath(let segment, nil, let known)):
            "\(LinkError.unknownPath(segment: segment, after: nil, known: known)) (the tabs are "
                + tabNames.joined(separator: ", ") + ")"
        case .link(.unknownScheme(let scheme, let expected)):
            "unknown scheme \"\(scheme)\"; Waypoint opens \(expected):// links"
        case .link(.forbiddenCharacter(let character)):
            "\(LinkError.forbiddenCharacter(character)) (write handles without @)"
        case .link(let error):
            "\(error)"
        case .cannotFollow(let next, let previous?):
            "\(path(next)) cannot follow \(path(previous)): no route opens it from there"
        case .cannotFollow(let next, nil):
            "\(path(next)) cannot be opened from any tab's first screen"
        case .tooDeep(let count, let limit):
            "the link names \(count) screens; one link opens at most \(limit)"
        case .invalid(let error):
            "\(error)"
        case .refused(let link):
            "\(link) is for signed-out users and you are signed in as "
                + (dependencies.session.user.map { "\($0.id)" } ?? "someone")
                + "; type signout first"
        case .unknownTab(let name, let tabs):
            "there is no tab \"\(name)\"; the tabs are " + tabs.joined(separator: ", ")
        case .noTabs:
            "there are no tabs before you sign in"
        case .stepFailed(let step, let reason):
            "could not \(words(for: step)): \(reason); stopped at \(window?.titles.description ?? "(no window)")"
        }
    }

    /// A step in words, as `explain` lists it and errors name it.
    func words(for planned: PlannedStep<Destination>) -> String {
        let asks =
            planned.asking.isEmpty
            ? ""
            : "; asks first, before any step runs: \(planned.asking.map(\.title).joined(separator: ", ")) has unsaved work"
        switch planned.step {
        case .replaceRoot(let place):
            return "replace the root with \(place.title) (\(method(of: place)))" + asks
        case .selectTab(let name):
            return "switch to the \(name) tab"
        case .close(_, let place):
            let above = planned.above
            return "close \(place.title)"
                + (above == 0 ? "" : " and the \(above == 1 ? "screen" : "\(above) screens") above it") + asks
        case .open(let place, let source):
            return "open \(place.title) from \(source.title) (\(method(of: place)))"
        }
    }

    /// What opens `place`, as `explain` shows it: `openChat(with: @bob)`.
    private func method(of place: Destination) -> String {
        guard let (entry, parameters) = navigator.entry(for: place) else { return "no route" }
        switch entry.role {
        case .root(let tab?): return "openHomeTabs(for:selecting: \"\(tab)\")"
        case .root(nil): return "openLogin()"
        case .opened(let opener): return opener.method(for: parameters)
        }
    }

    private func path(_ place: Destination) -> String { navigator.path(of: place) ?? place.title }

    private var tabNames: [String] { navigator.tabs.map(\.name) }

    /// What opening `text` would do, in rows of words: the patterns matched and their
    /// parameters, the guard, the tab, and the steps; or why it cannot be opened.
    func explain(_ text: String) async -> [(label: String, value: String)] {
        let explanation = await navigator.explain(text)
        switch explanation.result {
        case .fails(let failure):
            return [("link", text), ("result", "nothing would happen: \(words(for: failure))")]
        case .refused(let link):
            let user = dependencies.session.user.map { "\($0.id)" } ?? "someone"
            return rows(for: link) + [
                ("guard", "for signed-out users; signed in as \(user), so it is refused and nothing changes")
            ]
        case .runs(let link, let decision, _, let steps, let target, let after):
            var rows = rows(for: link)
            let rule = link.access == .guarded ? "needs a signed-in user" : "for signed-out users"
            if decision == .waits {
                rows.append(("guard", "\(rule); signed out, so Login opens and the link waits for sign-in"))
            } else {
                let who = dependencies.session.user.map { "signed in as \($0.id)" } ?? "signed out"
                rows.append(("guard", "\(rule); \(who), so it passes"))
                if let tab = link.tab, let choice = link.tabChoice {
                    rows.append(("tab", "\(tab): \(words(for: choice, first: link.matches.first?.path ?? ""))"))
                }
            }
            rows.append(("from", window?.titles.description ?? "(no window)"))
            if steps.isEmpty {
                rows.append(("steps", "none: the window shows it already"))
            } else {
                for (number, step) in steps.enumerated() { rows.append(("step \(number + 1)", words(for: step))) }
            }
            rows.append(("to", target.map(\.title).joined(separator: ", ")))
            if let after {
                let tab = link.tab.map { ", in the \($0) tab" } ?? ""
                rows.append(("then", "after sign-in\(tab): " + after.map(\.title).joined(separator: ", ")))
            }
            return rows
        }
    }

    private func rows(for link: ResolvedLink<Destination>) -> [(label: String, value: String)] {
        var rows: [(label: String, value: String)] = [("link", link.text)]
        for match in link.matches {
            let parameters = match.parameters.values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            rows.append(("match", match.pattern.text + (parameters.isEmpty ? "" : " with " + parameters)))
        }
        for place in link.returnsTo {
            rows.append(("back", "\(path(place)) is named again: back to it instead of a copy (WhenShown.goBack)"))
        }
        return rows
    }

    private func words(for choice: TabChoice, first: String) -> String {
        switch choice {
        case .named: "the link names it"
        case .shown: "the tab shown, whose first screen opens \(first)"
        case .firstThatOpens(let shown):
            "the first tab whose first screen opens \(first)" + (shown.map { "; the tab shown, \($0), cannot" } ?? "")
        }
    }
}

/// A rule of the app's links that is not about users.
enum LinkRule: Error, CustomStringConvertible {
    case editBioOnOwnProfile

    var description: String {
        switch self {
        case .editBioOnOwnProfile: "edit-bio opens over your own profile only: waypoint://me/edit-bio"
        }
    }
}
