import Console
import Domain
import Foundation
import Friends
import LinkMatching
import Login
import Navigation
import Profile
import TestSupport
import Testing

@testable import App
@testable import Chat

/// Deep links, end to end in the app: the features' places and links, the gate with its pending
/// intent, the steps from any state, and bad links.
@MainActor
@Suite("Links")
struct LinkTests {
    /// The app's links.
    func navigator(_ session: ScriptedApp) -> Links { Links(window: session.app.window) }

    /// An error as the user reads it, its lists filled in from the declarations (`Links.expected`).
    static func expected(_ error: String, _ links: Links) -> String { links.expected(error) }

    /// Sample places of every kind the features declare: each parameter takes a few values of
    /// its name (a user: bob, carol, dave).
    static func samples(_ links: Links) -> [AppPlace] {
        let values = ["user": ["bob", "carol", "dave"]]
        return links.kinds.flatMap { kind -> [AppPlace] in
            guard let name = kind.facts.link.types.first?.name else {
                return links.declarations.sample(of: kind).map { [$0] } ?? []
            }
            return (values[name] ?? []).compactMap { links.place(of: kind, parameters: [$0]) }
        }
    }

    @Test("every place the features declare prints its link, and the link reads back as that place")
    func table() async throws {
        let links = navigator(try ScriptedApp())
        for place in Self.samples(links) {
            // A place a screen opens is linked after a place whose screen opens it.
            let before =
                links.kind(of: place)?.role == .opened
                ? Self.samples(links).first { links.canFollow(place, after: $0) } : nil
            let path = (before.map { links.path(of: $0) + "/" } ?? "") + links.path(of: place)
            let read = try links.window.resolve("waypoint://" + path).matches.map(\.place)
            #expect(read.last == place, "\(path)")
        }
    }

    /// Whatever a command reads into a place prints a link that reads back: for every offer of
    /// every kind's screen that takes words (a feature's own, or one another adds; a scaffolded
    /// feature's too, once composed), random words, and its parameters' examples, either are
    /// refused or open a place whose link's segments are each one segment of a link, which the
    /// offer reads back as the same place.
    @Test("every offer that takes words opens only places whose links read back: 1,000 random arguments each")
    func offersPrintWhatTheyRead() async throws {
        let links = navigator(try ScriptedApp())
        let segment = Array("abcz09AZ-._~")
        let alphabet = segment + Array("/%?#&= é\u{7}")
        var random = SplitMix(seed: 0x0FFE5)
        var opened = 0
        for sample in links.declarations.samples {
            for offer in links.declarations.offers(at: sample) where !offer.argument.isEmpty {
                for round in 0..<1_000 {
                    let words = offer.argument.map { type in
                        // Each word is its parameter's example now and then, else of one to thirty
                        // letters drawn from both what a link holds and what it does not.
                        round % 4 == 0
                            ? type.example
                            : String(
                                (0..<1 + random.next(30)).map { _ in
                                    alphabet[random.next(random.next(2) == 0 ? segment.count : alphabet.count)]
                                })
                    }
                    guard let place = offer.route(words.map { Substring($0) })?.place else { continue }
                    opened += 1
                    let texts = place.link.texts
                    for text in texts {
                        let read = try? Link(parsing: "waypoint://" + text, scheme: "waypoint")
                        #expect(read?.path == [text], "\(offer.action) \(words) printed \(text)")
                    }
                    #expect(
                        offer.route(texts.map { Substring($0) })?.place == place, "\(offer.action) \(words) read back")
                }
            }
        }
        #expect(opened > 0)
    }

    @Test(
        "which place may follow which is what its screen offers: your own profile and someone else's offer different things"
    )
    func legality() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        let links = navigator(session)
        let follows = { (next: AppPlace, previous: AppPlace) in links.canFollow(next, after: previous) }
        #expect(follows(.profile("bob"), .friendsList) && follows(.chat("bob"), .friendsList))
        #expect(follows(.profile("bob"), .chat("bob")) && !follows(.chat("bob"), .chat("bob")))
        #expect(follows(.chat("bob"), .profile("bob")) && !follows(.profile("bob"), .profile("bob")))
        #expect(!follows(.chat("carol"), .profile("bob")), "Bob's profile chats with Bob only")
        #expect(follows(.editBio, .me) && follows(.editBio, .profile("alice")) && !follows(.editBio, .profile("bob")))
        #expect(!follows(.chat("bob"), .me), "your own profile offers no chat")
        #expect(follows(.signup, .loginScreen) && follows(.forgotPassword, .loginScreen))
        #expect(!follows(.forgotPassword, .signup) && !follows(.loginScreen, .friendsList))
        #expect(
            !follows(.friendsList, .chat("bob")) && follows(.chat("bob"), .chats) && !follows(.profile("bob"), .chats))
    }

    /// Issue 81's me-tab case: a command a tab's first screen lists (its own, or one another
    /// feature adds) opens a place whose link `where` prints, and that link opens the same state
    /// from a fresh app. Every offer of every tab's first place is tried, with its parameters'
    /// examples as its argument, as the explorer types them.
    @Test("every command of every tab's first screen, with example arguments, opens; where's link opens it again")
    func tabCommandsRoundTrip() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        let window = session.app.window
        var tried = 0
        for tab in zip(window.declarations.tabNames, window.declarations.tabRoots).map({ (name: $0, root: $1) }) {
            await session.type("tab \(tab.name)")
            let root = try #require(window.state.screens.topScreen)
            let offers = window.offers(at: tab.root)
            for action in session.app.console.actions(of: root) {
                // What the explorer types: an item's number, or the examples of what the offer reads.
                let argument: String =
                    switch action.argument {
                    case .none: ""
                    case .item, .number: "1"
                    case .text:
                        offers.first { $0.action == action.name }?.argument.map(\.example).joined(separator: " ") ?? ""
                    }
                guard offers.contains(where: { $0.action == action.name }) else { continue }
                let line = argument.isEmpty ? action.name : "\(action.name) \(argument)"
                try #require(window.state.places.top == tab.root, "\(tab.name) shows its first screen")
                await session.type(line)
                let shown = session.state
                let link = window.currentLink
                #expect(shown.path.count == 2, "\(line) on \(tab.name) opened nothing: \(shown)")
                let fresh = try ScriptedApp()
                try await fresh.signedIn()
                _ = try await fresh.app.window.open(link)
                #expect(fresh.state == shown, "\(link), printed after \(line) on \(tab.name), opens \(fresh.state)")
                tried += 1
                await session.type("tab \(tab.name)", "back", "back", "tab \(tab.name)")
            }
        }
        #expect(tried >= 2)
    }

    /// `{offers of me}` in a case's error stands for what the me tab's screen offers, as its
    /// features declare it: a feature composed later may add to it (`Links.expected`).
    @Test(
        "a link reaches only the states commands reach: refused, with the rule that refuses it",
        arguments: [
            (
                "waypoint://friends/profile/bob/edit-bio",
                "edit-bio cannot follow profile/bob: Profile @bob offers {offers of profile/bob}, and none of them opens Edit bio"
            ),
            (
                "waypoint://me/chat/bob",
                "chat/bob cannot follow me: Me offers {offers of me}, and none of them opens Chat @bob"
            ),
            (
                "waypoint://chat/bob/profile/carol/chat/dave",
                "chat/dave cannot follow profile/carol: Profile @carol offers {offers of profile/carol}, and none of them opens Chat @dave"
            ),
        ])
    func onlyWhatCommandsReach(link: String, error: String) async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        _ = session.output.take()
        let error = navigator(session).expected(error)

        await session.type("open \(link)", "explain \(link)")

        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(
            session.output.text == """
                > open \(link)
                error: \(error)
                > explain \(link)
                link:   \(link)
                result: nothing would happen: \(error)

                """)
    }

    // MARK: - From any state

    /// A case of `fromAnyState`: what the user typed, the link opened, what the user then sees,
    /// the link `where` prints for it, and the tabs' stacks.
    struct FromAnyState: Sendable, CustomTestStringConvertible {
        var typed: [String]
        var link: String
        var shown: NavigationState<String>
        var whereLink: String
        var tabs: [[String]]

        var testDescription: String { "\(typed) then \(link)" }
    }

    nonisolated static let fromAnyStateCases: [FromAnyState] = [
        .init(
            typed: ["profile 1", "message", "profile"], link: "waypoint://chat/carol",
            shown: NavigationState(root: ["Friends", "Chat @carol"]), whereLink: "waypoint://friends/chat/carol",
            tabs: [["Friends", "Chat @carol"], ["Chats"], ["Profile @alice"]]),
        .init(
            typed: ["message 1", "profile"], link: "waypoint://profile/bob",
            shown: NavigationState(root: ["Friends"], modals: [["Profile @bob"]]),
            whereLink: "waypoint://friends/profile/bob", tabs: [["Friends"], ["Chats"], ["Profile @alice"]]),
        .init(
            typed: ["message 1", "profile"], link: "waypoint://friends", shown: NavigationState(root: ["Friends"]),
            whereLink: "waypoint://friends", tabs: [["Friends"], ["Chats"], ["Profile @alice"]]),
        .init(
            typed: ["profile 2"], link: "waypoint://chat/bob/profile/bob",
            shown: NavigationState(root: ["Friends", "Chat @bob", "Profile @bob"]),
            whereLink: "waypoint://friends/chat/bob/profile/bob",
            tabs: [["Friends", "Chat @bob", "Profile @bob"], ["Chats"], ["Profile @alice"]]),
        .init(
            typed: [], link: "waypoint://profile/dave/chat/dave",
            shown: NavigationState(root: ["Friends"], modals: [["Profile @dave", "Chat @dave"]]),
            whereLink: "waypoint://friends/profile/dave/chat/dave", tabs: [["Friends"], ["Chats"], ["Profile @alice"]]),
        // Across tabs: the modal over the tabs closes, the tab switches, the others stay as they are.
        .init(
            typed: ["tab chats", "chat 1", "tab friends", "profile 1"], link: "waypoint://chats/chat/bob",
            shown: NavigationState(root: ["Chats", "Chat @bob"]), whereLink: "waypoint://chats/chat/bob",
            tabs: [["Friends"], ["Chats", "Chat @bob"], ["Profile @alice"]]),
        .init(
            typed: ["tab chats", "chat 2"], link: "waypoint://friends/profile/bob",
            shown: NavigationState(root: ["Friends"], modals: [["Profile @bob"]]),
            whereLink: "waypoint://friends/profile/bob",
            tabs: [["Friends"], ["Chats", "Chat @bob"], ["Profile @alice"]]),
        // A link that names no tab opens in the tab shown when its first screen opens it there.
        .init(
            typed: ["tab chats"], link: "waypoint://chat/bob", shown: NavigationState(root: ["Chats", "Chat @bob"]),
            whereLink: "waypoint://chats/chat/bob", tabs: [["Friends"], ["Chats", "Chat @bob"], ["Profile @alice"]]),
        .init(
            typed: ["tab chats", "chat 1"], link: "waypoint://me", shown: NavigationState(root: ["Profile @alice"]),
            whereLink: "waypoint://me", tabs: [["Friends"], ["Chats", "Chat @carol"], ["Profile @alice"]]),
    ]

    @Test("a link leads from any state, in any tab, to exactly the state it names", arguments: fromAnyStateCases)
    func fromAnyState(_ example: FromAnyState) async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type(example.typed)
        let before = session.app.window.state.screens.stacks.all.map { ShownScreen($0, in: session.app.window) }

        #expect(try await session.app.window.open(example.link) == .opened)

        #expect(session.state == example.shown)
        #expect(session.titles.tabs.map(\.stack) == example.tabs)
        #expect(session.app.window.currentLink == example.whereLink)
        for screen in before where !screen.isShown(in: session.app.window) {
            #expect(screen.module.isReleased, "a screen that left is still alive")
        }
    }

    @Test("a link to where the user is changes nothing; the same destination on top is never stacked twice")
    func alreadyThere() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        try await session.app.window.open("waypoint://chat/bob/profile/bob")
        let before = session.app.window.state.screens.stacks.path.map { ShownScreen($0, in: session.app.window) }
        _ = session.output.take()

        #expect(try await session.app.window.open("waypoint://chat/bob/profile/bob") == .alreadyThere)
        #expect(try await session.app.window.open("waypoint://chat/bob") == .opened)
        #expect(try await session.app.window.open("waypoint://chat/bob") == .alreadyThere)

        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))
        #expect(before.map { $0.isShown(in: session.app.window) } == [true, true, false])
        #expect(before[2].module.isReleased)
        #expect(session.output.text == "~ popped Profile @bob\n")
    }

    @Test("the middle of Login's forgot-password step is a state like any other")
    func loginSteps() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("forgot")
        try await session.app.window.open("waypoint://signup")
        #expect(session.state == NavigationState(root: ["Login", "Sign up"]))
        try await session.app.window.open("waypoint://login")
        #expect(session.state == NavigationState(root: ["Login"]))
        try await session.app.window.open("waypoint://forgot-password")
        #expect(session.state == NavigationState(root: ["Login", "Forgot password"]))
        #expect(session.app.window.currentLink == "waypoint://forgot-password")
    }

    @Test(
        "over many generated states across tabs and modals, the steps reach the target, leave the other tabs be, and release everything that left"
    )
    func generatedStates() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        var random = SplitMix(seed: 2_026)
        var seen: [ShownScreen] = []
        for round in 0..<300 {
            // Some rounds a modal is left open over the tabs, so links start from modals too.
            if round % 3 == 0, session.app.window.state.screens.topScreen is FriendsPresenter {
                await session.type("profile 2")
            }
            let (tab, target) = random.tabbedTarget(in: navigator(session))
            let link = "waypoint://" + target.map(navigator(session).path(of:)).joined(separator: "/")
            let before = session.app.window.state.places
            seen += session.app.window.state.screens.stacks.all.map { ShownScreen($0, in: session.app.window) }

            try await session.app.window.open(link)

            let after = session.app.window.state.places
            #expect(after.selectedTab == tab, "\(link)")
            // A place named again is gone back to, as routes do.
            #expect(after.path == Window<AppPlace>.goingBack(target).shown, "\(link)")
            // The other tabs' stacks are as they were.
            for other in navigator(session).tabs.map(\.name) where other != tab {
                #expect(after.stack(ofTab: other) == before.stack(ofTab: other), "\(link) changed the \(other) tab")
            }
            for entry in seen where !entry.isShown(in: session.app.window) {
                #expect(entry.module.isReleased, "a module that left by \(link) is alive")
            }
            seen.removeAll { $0.module.isReleased }
        }
    }

    @Test("where's link recreates the state, in any tab: App --link with it, then sign-in, ends in the same state")
    func roundTrip() async throws {
        var random = SplitMix(seed: 7)
        for _ in 0..<30 {
            let first = try ScriptedApp()
            try await first.signedIn()
            let (_, target) = random.tabbedTarget(in: navigator(first))
            try await first.app.window.open(
                "waypoint://" + target.map(navigator(first).path(of:)).joined(separator: "/"))
            let link = first.app.window.currentLink

            let second = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init))
            _ = try await second.run(link: link)

            #expect(second.state == first.state, "\(link)")
            #expect(
                second.app.window.state.screens.stacks.selectedTab == first.app.window.state.screens.stacks.selectedTab,
                "\(link)")
        }
    }

    @Test("commands and links share one depth limit: the deepest state commands reach is a link --link opens")
    func oneDepthLimit() async throws {
        // Routes go back instead of stacking copies, so the demo's four friends make at most
        // seven screens by commands: the limit is set below that.
        let limit = 5
        let first = try ScriptedApp(maximumDepth: limit)
        try await first.signedIn()
        // Chat @bob > (Carol's profile shared and followed) Profile @carol > Chat @carol >
        // (Dave's) Profile @dave, then a chat with Dave, which the limit refuses.
        await first.type(
            "message 1", "share", "pick 1", "follow 1", "message", "share", "pick 2", "follow 1", "message")
        #expect(first.app.window.state.screens.stacks.path.count == limit)
        #expect(
            first.output.text.contains(
                "error: the window shows at most \(limit) screens; close one before opening another\n"))
        let link = first.app.window.currentLink

        let second = try ScriptedApp(["login alice", "wonderland"].map(RawLine.init), maximumDepth: limit)
        let status = try await second.run(link: link)

        #expect(status == 0)
        #expect(second.errors.text.isEmpty)
        #expect(second.state == first.state)
        do throws(LinkFailure<AppPlace>) {
            try await second.app.window.open(link + "/profile/bob")
            Issue.record("a link one screen deeper opened")
        } catch {
            #expect(
                second.app.console.describe(error)
                    == "the link names \(limit + 1) screens; one link opens at most \(limit)")
        }
    }

    @Test("signed out, links to users that exist and users that don't read the same, in open and in explain")
    func signedOutRevealsNothing() async throws {
        var transcripts: [String] = []
        for user in ["bob", "zzzz"] {
            let session = try ScriptedApp()
            try await session.start()
            _ = session.output.take()
            await session.type("explain waypoint://profile/\(user)", "open waypoint://profile/\(user)")
            #expect(session.app.window.pending?.text == "waypoint://profile/\(user)")
            transcripts.append(session.output.text.replacing(user, with: "<user>"))
        }
        #expect(transcripts[0] == transcripts[1])
        #expect(!transcripts[1].contains("error:"))
    }

    @Test("the window's state is a value of places, which round-trips through the text restoration keeps")
    func placesInTheWindow() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        try await session.app.window.open("waypoint://profile/dave/chat/dave")

        let state = session.app.window.state.places
        #expect(
            state
                == NavigationState(
                    tabs: [
                        .init(name: "friends", stack: [.friendsList]), .init(name: "chats", stack: [.chats]),
                        .init(name: "me", stack: [.me]),
                    ],
                    selected: 0, modals: [[.profile("dave"), .chat("dave")]]))
        #expect(state.path == [.friendsList, .profile("dave"), .chat("dave")])
        let declarations = session.app.window.declarations
        let text = StateText.text(of: session.app.window.recorded)
        let read = StateText.read(text, by: declarations, limit: 12)
        #expect(read.state?.map(\.place) == state)
        #expect(read.problems.isEmpty)
        #expect(text.contains("dave"))
        // A kept state that names a malformed handle reads back as far as the place before it.
        let damaged = StateText.read(text.replacing("dave", with: "Dave"), by: declarations, limit: 12)
        #expect(damaged.state?.modals == [])
        #expect(
            damaged.problems == [
                .badParameter(
                    path: "profile/Dave", problem: "write the handle in lowercase: dave",
                    stack: "modal")
            ])
    }

    // MARK: - The guard and the pending intent

    @Test("signed out, a link opens Login and waits; a failed sign-in and a trip to sign-up keep it; sign-in opens it")
    func pendingIntent() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("forgot")

        #expect(
            try await session.app.window.open("waypoint://chat/bob/profile/bob")
                == .waitingBehindGate(replacing: nil))
        #expect(session.state == NavigationState(root: ["Login"]))

        await session.type("login alice", "wrong-password", "signup", "back")
        #expect(session.app.window.pending?.text == "waypoint://chat/bob/profile/bob")
        #expect(session.state == NavigationState(root: ["Login"]))

        await session.type("login alice", "wonderland")
        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob", "Profile @bob"]))
        #expect(session.app.window.pending == nil)
        #expect(
            session.output.text.hasSuffix(
                "Opened waypoint://chat/bob/profile/bob, the link you followed before signing in.\n"))
    }

    @Test("cancel drops the pending link; a newer link replaces it")
    func cancel() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("open waypoint://chat/bob", "open waypoint://profile/carol")
        #expect(
            session.output.text.contains(
                "Sign in to open waypoint://profile/carol; it opens once you do (instead of waypoint://chat/bob). Type cancel to drop it.\n"
            ))

        await session.type("cancel", "cancel", "login alice", "wonderland")

        #expect(
            session.output.text.contains(
                "> cancel\nDropped waypoint://profile/carol; it will not open when you sign in.\n> cancel\nerror: unknown command \"cancel\" on Login"
            ))
        #expect(session.state == NavigationState(root: ["Friends"]))
    }

    @Test("quitting, or the end of input, drops the pending link with a message", arguments: [["quit"], []])
    func quitDrops(lines: [String]) async throws {
        let session = try ScriptedApp(lines.map(RawLine.init))
        _ = try await session.run(link: "waypoint://friends")
        #expect(session.output.text.hasSuffix("Dropped waypoint://friends: you left before signing in.\nBye.\n"))
    }

    @Test("a pending link that cannot open for the user who signs in says why; the user stays on Friends")
    func pendingFails() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("open waypoint://chat/erin", "login alice", "wonderland")

        #expect(session.state == NavigationState(root: ["Friends"]))
        #expect(
            session.output.text.contains(
                "error: could not open waypoint://chat/erin after signing in: you and @erin are not friends; you can only chat with friends\n"
            ))
        #expect(session.app.services.session.user?.id == "alice")
    }

    @Test("signed in, links to Login's screens are refused; signed out, back never reaches a signed-in screen")
    func signedInOnly() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1")
        for link in ["waypoint://login", "waypoint://signup", "waypoint://forgot-password"] {
            await #expect(throws: LinkFailure<AppPlace>.self) { try await session.app.window.open(link) }
        }
        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))

        await session.type("back", "signout", "back", "where")
        #expect(session.state == NavigationState(root: ["Login"]))
        #expect(session.app.services.session.user == nil)
    }

    // MARK: - Bad links

    @Test(
        "a bad link gets one error naming the problem, and nothing changes",
        arguments: [
            ("", "the link is empty; write one like waypoint://friends"),
            ("waypoint://", "the link names no screen; add a path, as in waypoint://friends"),
            ("http://chat/bob", "http:// links are not opened; use https://waypoint.example/... or waypoint://..."),
            (
                "https://evil.example/chat/bob",
                "evil.example is not Waypoint's host; use https://waypoint.example/... or waypoint://..."
            ),
            (
                "https://me@waypoint.example/chat/bob",
                "\"me@waypoint.example\" has a user name or a port; write the host alone: https://waypoint.example/..."
            ),
            (
                "https://waypoint.example:8080/chat/bob",
                "\"waypoint.example:8080\" has a user name or a port; write the host alone: https://waypoint.example/..."
            ),
            ("waypoint://chat/bob?mesage=2", "chat/<user> takes no query item \"mesage\"; it takes message=<int>"),
            ("waypoint://chat/bob?message=2&message=3", "the query names message twice; give it once"),
            ("waypoint://chat/bob?message=two", "message=two is not a whole number from 1 to 9999"),
            ("waypoint://chat/bob?message=0", "message=0 is not a whole number from 1 to 9999"),
            (
                "waypoint://friends?search=" + String(repeating: "x", count: 41),
                "the value of search is 41 characters long, each combining mark counted; the limit is 40"
            ),
            ("waypoint://friends?search=%1B%5B2J", "the value of search has the control character U+001B; remove it"),
            ("waypoint://friends?search=%E2%80%AE", "the value of search has the control character U+202E; remove it"),
            (
                "waypoint://friends?search=%ZZ",
                "the query is malformed: the value of search has a malformed % escape or is not UTF-8; write name=value items joined by &"
            ),
            (
                "waypoint://friends?search",
                "the query is malformed: \"search\" is not name=value; write name=value items joined by &"
            ),
            ("waypoint://chats?search=x", "chats takes no query item \"search\"; it takes none"),
            (
                "waypoint://chat/bob?message=1#top",
                "the link has a \"#\"; links take no fragment (a query after ? names what a screen takes)"
            ),
            ("chat/bob", "\"chat/bob\" is not a link; links start with waypoint://"),
            (
                "waypoint://no-such-screen",
                "unknown path \"no-such-screen\"; links are {patterns} (the tabs are {tabs})"
            ),
            ("waypoint://chat", "waypoint://chat is missing a segment; write waypoint://chat/<user>"),
            ("waypoint://friends/bob", "extra segment \"bob\" after friends; it starts none of {patterns}"),
            ("waypoint://chat/zed", "there is no user @zed; check the username"),
            ("waypoint://chat/erin", "you and @erin are not friends; you can only chat with friends"),
            ("waypoint://profile/frank", "the profile service is not answering for @frank; try again later"),
            ("waypoint://chat/Bob", "\"Bob\" is not a valid <user> in chat/<user>: write the handle in lowercase: bob"),
            (
                "waypoint://chat/b",
                "\"b\" is not a valid <user> in chat/<user>: the username is shorter than 3 characters"
            ),
            (
                "waypoint://chat/%62ob",
                "the link has percent-encoding (%); write the characters themselves, a-z, 0-9, \"-\", \".\" and \"_\""
            ),
            (
                "waypoint://chat/\u{430}lice",
                "the link has the non-ASCII character U+0430 at position 17; links use plain ASCII"
            ),
            (
                "waypoint://chat/bob\u{200B}",
                "the link has the non-ASCII character U+200B at position 20; links use plain ASCII"
            ),
            (
                "waypoint://chat/../friends",
                "the link has a \"..\" segment; links name screens directly, without . or .."
            ),
            (
                "waypoint://profile/bob/profile/bob",
                "profile/bob cannot follow profile/bob: Profile @bob offers {offers of profile/bob}, and none of them opens Profile @bob"
            ),
            ("waypoint://chat/bob/friends", "friends cannot follow chat/bob: no route opens it from there"),
            (
                "waypoint://login/signup/forgot-password",
                "forgot-password cannot follow signup: Sign up offers no route, so nothing opens Forgot password from it"
            ),
            (String(repeating: "x", count: 102_400), "the link is 102400 bytes long; the limit is 2048"),
            (
                "waypoint://" + Array(repeating: "chat/bob/profile/bob", count: 6).joined(separator: "/"),
                "the link names 13 screens; one link opens at most 12"
            ),
        ]
    )
    func badLink(link: String, expectedError: String) async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type("message 1")
        _ = session.output.take()

        let links = session.app.window
        do throws(LinkFailure<AppPlace>) {
            try await links.open(link)
            Issue.record("\(link) opened")
        } catch {
            #expect(session.app.console.describe(error) == Self.expected(expectedError, Links(window: links)))
        }
        #expect(session.state == NavigationState(root: ["Friends", "Chat @bob"]))
        #expect(session.output.text.isEmpty)
    }

    @Test(
        "a link that names a place again is checked whole before any step runs: open and explain fail alike, nothing changes",
        arguments: [
            (
                "waypoint://chat/bob/profile/b0b/chat/b0b/profile/bob/chat/bob",
                "there is no user @b0b; check the username"
            ),
            (
                "waypoint://chat/bob/profile/x.y/chat/x.y/profile/bob/chat/bob",
                "there is no user @x.y; check the username"
            ),
            (
                "waypoint://chat/bob/profile/erin/chat/erin/profile/bob/chat/bob",
                "you and @erin are not friends; you can only chat with friends"
            ),
            (
                "waypoint://chat/bob/profile/frank/chat/frank/profile/bob",
                "the profile service is not answering for @frank; try again later"
            ),
        ],
        [["message 1"], ["message 1", "profile"]])
    func namedAgainChecked(bad: (link: String, expectedError: String), typed: [String]) async throws {
        let (link, expectedError) = bad
        // explain names the rule that refused a place; a feature's check (a profile's user) has none.
        let rule = expectedError.contains("not friends") ? " (the friendship rule)" : ""
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type(typed)
        let before = session.state
        _ = session.output.take()

        await session.type("open \(link)", "explain \(link)")

        #expect(session.state == before)
        #expect(
            session.output.text == """
                > open \(link)
                error: \(expectedError)
                > explain \(link)
                link:   \(link)
                result: nothing would happen: \(expectedError)\(rule)

                """)
    }

    // MARK: - Explain

    @Test("explain, signed out: the guard sends the link to Login, and says where it goes after sign-in")
    func explainSignedOut() async throws {
        let session = try ScriptedApp()
        try await session.start()
        await session.type("signup", "explain waypoint://chat/bob")

        #expect(session.state == NavigationState(root: ["Login", "Sign up"]))
        #expect(session.app.window.pending == nil)
        #expect(
            session.output.text.hasSuffix(
                """
                > explain waypoint://chat/bob
                link:   waypoint://chat/bob
                match:  chat/<user> with user = bob
                guard:  needs a signed-in user; signed out, so Login opens and the link waits for sign-in
                rule:   friendship (you and the user it names are friends) for Chat @bob: checked once signed in
                from:   Login > Sign up
                step 1: close Sign up
                to:     Login
                then:   after sign-in, in the friends tab: Friends, Chat @bob

                """))
    }

    @Test("explain says what would happen, and does nothing")
    func explain() async throws {
        let session = try ScriptedApp()
        try await session.signedIn()
        await session.type(
            "profile 2", "explain waypoint://chat/bob/profile/bob", "explain waypoint://chat/zed",
            "explain waypoint://signup")

        #expect(session.state == NavigationState(root: ["Friends"], modals: [["Profile @carol"]]))
        #expect(
            session.output.text.hasSuffix(
                """
                > explain waypoint://chat/bob/profile/bob
                link:   waypoint://chat/bob/profile/bob
                match:  chat/<user> with user = bob
                match:  profile/<user> with user = bob
                guard:  needs a signed-in user; signed in as @alice, so it passes
                rule:   friendship (you and the user it names are friends) holds for Chat @bob
                tab:    friends: the tab shown, whose first screen opens chat/bob
                from:   Friends > [Profile @carol]
                step 1: close Profile @carol
                step 2: open Chat @bob from Friends
                step 3: open Profile @bob from Chat @bob
                to:     Friends, Chat @bob, Profile @bob
                > explain waypoint://chat/zed
                link:   waypoint://chat/zed
                result: nothing would happen: there is no user @zed; check the username (the friendship rule)
                > explain waypoint://signup
                link:  waypoint://signup
                match: signup
                guard: for signed-out users; signed in as @alice, so it is refused and nothing changes

                """))
    }
}

/// Generated states, the same on every run.
extension SplitMix {
    /// A state in one of the signed-in tabs: the tab, and the places from its first screen up,
    /// each one the place before offers, among the sample places of every kind the features
    /// declare: the generator knows no feature, it asks the links what may follow what.
    @MainActor
    mutating func tabbedTarget(in links: Links) -> (tab: String, places: [AppPlace]) {
        let (name, root) = links.tabs[next(links.tabs.count)]
        let samples = LinkTests.samples(links).filter {
            if case .opened = links.kind(of: $0)?.role { true } else { false }
        }
        var places = [root]
        for _ in 0..<next(5) {
            let last = places[places.count - 1]
            let candidates = samples.filter { links.canFollow($0, after: last) }
            guard !candidates.isEmpty else { break }
            places.append(candidates[next(candidates.count)])
        }
        return (name, places)
    }
}

/// A screen a test saw on display, held weakly with a probe of its module. Whether it is still
/// shown is asked of the window by reference: an `ObjectIdentifier` kept from before could name
/// a new screen allocated at the address of one that was freed.
@MainActor
struct ShownScreen {
    weak var screen: (any Screen)?
    let module: WeakProbe

    init(_ screen: any Screen, in window: Window<AppPlace>) {
        self.screen = screen
        module = probe(screen, in: window)
    }

    /// Whether the very screen seen is in `window` now.
    func isShown(in window: Window<AppPlace>) -> Bool {
        screen.map(window.state.screens.contains) ?? false
    }
}
