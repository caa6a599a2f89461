import Console
import Domain
import FullScreen
import Navigation
import Store
import TestSupport
import Testing
import VirtualTime

@testable import App

/// A script of keys at times on a virtual clock, and the moments a test looks at.
@MainActor
struct KeyScript {
    private(set) var events: [(at: Duration, event: DeviceEvent)] = []
    /// The time the next key is pressed.
    private(set) var time: Duration = .seconds(1)
    /// Named moments, in order: what the golden file shows.
    private(set) var moments: [(name: String, at: Duration)] = []

    /// Presses `key` now, then waits `wait`.
    mutating func press(_ key: Key, wait: Duration = .seconds(1)) {
        events.append((time, .key(key)))
        time += wait
    }

    /// Types `text` a key every 10 ms, then Enter; then waits `wait`.
    mutating func type(_ text: String, wait: Duration = .seconds(1)) {
        for character in text {
            events.append((time, .key(.character(character))))
            time += .milliseconds(10)
        }
        press(.enter, wait: wait)
    }

    /// Notes the moment `offset` after the last key as `name`.
    mutating func look(_ name: String, after offset: Duration) {
        let last = events.last?.at ?? .zero
        moments.append((name, last + offset))
    }
}

@MainActor
@Suite("Full-screen front")
struct ScreenTests {
    /// The app on the full-screen front, on a device that plays `script`.
    func app(_ script: KeyScript, width: Int = 60, height: Int = 16) throws -> (
        Waypoint, ScriptedDevice, RecordedOutput
    ) {
        let device = ScriptedDevice(width: width, height: height, script: script.events)
        let output = RecordedOutput()
        // Loads wait on a virtual clock: however slow the machine, no placeholder shows.
        let clock = VirtualClock(advancesWhenIdle: true)
        let live = Backend.inMemory(InMemoryBackend(), flags: FeatureFlags(Waypoint.flagRegistry), clock: clock)
        let app = try Waypoint(
            services: live.dependencies, kept: live.kept, input: ScriptedInput([]), output: output, device: device,
            clock: clock)
        return (app, device, output)
    }

    /// Signs in as Alice: `l`, the username, the password.
    func signIn(_ script: inout KeyScript) {
        script.press(.character("l"), wait: .milliseconds(100))
        script.type("alice", wait: .milliseconds(100))
        script.type("wonderland")
    }

    /// Signs in, opens the bio editor by a link after ':', and writes a draft not saved.
    func startEditingDraft(_ script: inout KeyScript) {
        signIn(&script)
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://me/edit-bio")
        script.press(.character("b"), wait: .milliseconds(100))
        script.type("A draft")
    }

    @Test(
        "golden frames of a session, before, in the middle of and after each transition, on a virtual clock: sign-in, a profile rising, a chat sliding in, a back gesture cancelled then finished, a tab, a link after ':', quit"
    )
    func frames() async throws {
        var script = KeyScript()
        script.look("Login", after: .milliseconds(500))
        signIn(&script)
        script.look("signed in: the tabs faded in", after: .milliseconds(500))
        script.press(.enter)
        script.look("Enter on Bob: the profile starts to rise", after: .zero)
        script.look("the profile halfway up", after: .milliseconds(150))
        script.look("the profile up", after: .milliseconds(400))
        script.press(.character("m"))
        script.look("m: the chat slides in from the right", after: .milliseconds(120))
        script.press(.left, wait: .milliseconds(150))
        script.look("<-: a back gesture, under way", after: .milliseconds(100))
        script.press(.right)
        script.look("->: the gesture cancelled, the chat as it was", after: .milliseconds(100))
        script.press(.left)
        script.look("<- again, let go: the chat is gone", after: .milliseconds(500))
        script.press(.tab)
        script.look("Tab: the modal sinks first, then the chats tab shows", after: .milliseconds(100))
        script.look("the chats tab", after: .milliseconds(400))
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://chats/chat/bob/profile/bob")
        script.look("a link typed after ':'", after: .milliseconds(-10))
        script.look("the link, a moment later", after: .milliseconds(100))
        script.look("the link's one change, done", after: .milliseconds(400))
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("quit")
        let (app, device, output) = try app(script)

        #expect(await app.run(errors: RecordedOutput()) == 0)

        var text = ""
        for (name, at) in script.moments {
            let frame = try #require(device.frame(at: at), "\(name)")
            text += "---- \(name) (\(at)) ----\n" + frame.lines.map { $0 + "\n" }.joined()
        }
        text += "---- the terminal's main screen, after ----\n" + output.text
        try expectGolden(text, "screen")
        #expect(app.window.state.screens.titles.top == "Profile @bob")
    }

    @Test("keys typed while a change animates are not lost: the window changes at once, the animation is cut short")
    func keysDuringAnimation() async throws {
        var script = KeyScript()
        signIn(&script)
        // Enter opens Bob's profile, and 50 ms into its rise, m opens the chat from it.
        script.press(.enter, wait: .milliseconds(50))
        script.press(.character("m"))
        let (app, device, _) = try app(script)

        _ = await app.run(errors: RecordedOutput())

        #expect(app.window.state.screens.titles.modals == [["Profile @bob", "Chat @bob"]])
        let last = try #require(device.frames.last?.frame)
        #expect(last.lines[0] == " Friends > [Profile @bob > Chat @bob]")
    }

    @Test("? shows where you are on the graph: the place, its link, what each action opens, and what is refused here")
    func graphKey() async throws {
        var script = KeyScript()
        signIn(&script)
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://friends/profile/bob")
        script.press(.character("?"), wait: .milliseconds(100))
        script.look("the graph", after: .milliseconds(50))
        let (app, device, _) = try app(script, width: 100, height: 24)

        _ = await app.run(errors: RecordedOutput())

        let text = try #require(device.frame(at: script.moments[0].at)).text
        for line in [
            "graph: Profile @bob is profile/<user> (Profile), waypoint://friends/profile/bob",
            "· edit would open edit-bio: refused here, Profile @bob does not offer it now",
            "· message opens chat/<user> (openChat(with:))",
            "· close opens no place: it acts on this screen",
        ] {
            #expect(text.contains(line), "\(text)")
        }
    }

    @Test("on a short terminal ? opens at the place's line, and ↓ scrolls to what else it says")
    func graphKeyShort() async throws {
        var script = KeyScript()
        signIn(&script)
        script.press(.character("?"), wait: .milliseconds(100))
        script.look("the graph's first lines", after: .milliseconds(50))
        script.press(.down, wait: .milliseconds(50))
        script.look("one line further", after: .milliseconds(50))
        let (app, device, _) = try app(script, width: 60, height: 10)

        _ = await app.run(errors: RecordedOutput())

        let first = try #require(device.frame(at: script.moments[0].at)).text
        // The box's first row names the place (it wraps before the link); the rest is below.
        #expect(first.contains("| graph: Friends is friends (Friends),"), "\(first)")
        #expect(first.contains("3 more below ↓"), "\(first)")
        let further = try #require(device.frame(at: script.moments[1].at)).text
        #expect(!further.contains("graph: Friends is friends"), "\(further)")
        #expect(further.contains("1 more above ↑"), "\(further)")
    }

    @Test("a back gesture on unsaved work asks at the bottom of the screen, and a no keeps the editor")
    func gestureAsks() async throws {
        var script = KeyScript()
        startEditingDraft(&script)
        script.press(.left)
        script.look("the question", after: .milliseconds(500))
        script.type("no")
        let (app, device, _) = try app(script)

        _ = await app.run(errors: RecordedOutput())

        let question = try #require(device.frame(at: script.moments[0].at))
        #expect(question.lines.last == "Discard your unsaved bio? (yes/no) _")
        #expect(app.window.state.screens.titles.top == "Edit bio")
    }

    @Test("on a terminal too narrow for the question and its answer, the question is said whole above the bottom line")
    func narrowQuestion() async throws {
        var script = KeyScript()
        startEditingDraft(&script)
        script.look("the editor", after: .milliseconds(500))
        script.press(.escape)
        script.look("the question", after: .milliseconds(500))
        script.type("no")
        let (app, device, _) = try app(script, width: 24, height: 12)

        _ = await app.run(errors: RecordedOutput())

        let question = try #require(device.frame(at: script.moments[1].at))
        // "Discard your unsaved bio? (yes/no) " takes 35 columns: the bottom line was cut after "bio".
        let words = question.lines.map { $0.split(whereSeparator: { " |".contains($0) }).joined(separator: " ") }
            .joined(separator: " ")
        #expect(words.contains("Discard your unsaved bio? (yes/no)"), "\(question.lines)")
        #expect(question.lines.last == "> _")
        #expect(app.window.state.screens.titles.top == "Edit bio")
        // At 24 columns a frame would leave the editor 13 columns of text: it covers the screen
        // under it, and shows all it says (in a frame, it was cut to "-- 8 more bel").
        let editor = try #require(device.frame(at: script.moments[0].at))
        #expect(editor.lines.contains(" Draft: \"A draft\""), "\(editor.lines)")
        #expect(!editor.lines.contains { $0.contains("+- Edit bio") || $0.contains("more below") }, "\(editor.lines)")
    }

    @Test(
        "a wrong answer is an error line above the question asked again; no keeps the draft and says so; a long error wraps whole"
    )
    func wrongAnswerThenNo() async throws {
        var script = KeyScript()
        startEditingDraft(&script)
        script.press(.escape, wait: .milliseconds(100))
        script.type("maybe")
        script.look("asked again", after: .milliseconds(100))
        script.type("no")
        script.look("kept", after: .milliseconds(100))
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://friends/profile/nobody-with-a-name-this-long-at-all")
        script.look("long error", after: .milliseconds(100))
        let (app, device, _) = try app(script, width: 50, height: 16)

        _ = await app.run(errors: RecordedOutput())

        let again = try #require(device.frame(at: script.moments[0].at)).text
        #expect(again.contains("error: answer yes or no, or quit to leave"))
        #expect(again.hasSuffix("Discard your unsaved bio? (yes/no) _"))
        #expect(!again.contains("<U+000A>") && !again.contains("up?"))
        let kept = try #require(device.frame(at: script.moments[1].at)).text
        #expect(kept.contains("Kept your draft; nothing changed."))
        #expect(app.window.state.screens.titles.top == "Edit bio")
        // Every word of the error shows, over as many lines as it takes.
        let long = try #require(device.frame(at: script.moments[2].at))
        let words = long.lines.map { $0.split(whereSeparator: { " |".contains($0) }).joined(separator: " ") }
            .joined(separator: " ")
        let error =
            "error: \"nobody-with-a-name-this-long-at-all\" is not a valid <user> in profile/<user>: the username is longer than 20 characters"
        #expect(words.contains(error), "\(long.lines)")
    }

    @Test("a link of five steps takes one animation per container it changes: 550 ms, not five animations")
    func fiveStepLink() async throws {
        var script = KeyScript()
        signIn(&script)
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://chats/chat/dave")
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://friends/profile/carol/chat/carol")
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://chats/chat/bob/profile/bob", wait: .seconds(2))
        let (app, device, _) = try app(script)
        let enter = try #require(script.events.last?.at)

        _ = await app.run(errors: RecordedOutput())

        // The moment the screen stopped changing after the link's Enter.
        let after = device.frames.filter { $0.at >= enter }
        let final = try #require(after.last?.frame)
        let settled = try #require(
            after.first { frame in after.drop { $0.at < frame.at }.allSatisfy { $0.frame == final } })
        // A dismissal (300 ms), the tab (at once), the tab's new stack (250 ms); the last frames of
        // an easing curve round to the end a frame early.
        #expect(settled.at - enter >= .milliseconds(520) && settled.at - enter <= .milliseconds(600))
        #expect(app.window.state.screens.titles.root == ["Chats", "Chat @bob", "Profile @bob"])
    }

    @Test(
        "the console's hints name its commands as typed here, after ':': a link that waits for sign-in says to type :cancel"
    )
    func hintsWithMark() async throws {
        var script = KeyScript()
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("open waypoint://chat/bob")
        script.look("the link waits", after: .milliseconds(100))
        script.press(.character(":"), wait: .milliseconds(100))
        script.type("quit")
        let (app, device, _) = try app(script)

        #expect(await app.run(errors: RecordedOutput()) == 0)
        let frame = try #require(device.frame(at: script.moments[0].at))
        let said = frame.lines.map { $0.split(whereSeparator: { " |".contains($0) }).joined(separator: " ") }
        #expect(said.joined(separator: " ").contains("it opens once you do. Type :cancel to drop it."))
    }
}
