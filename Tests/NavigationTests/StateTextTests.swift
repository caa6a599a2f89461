import TestSupport
import Testing

@testable import Navigation

/// The one encoding of a window's state, read back by the app's declarations: what a place's link
/// is, what may follow it.
@MainActor
@Suite("The one encoding of a window's state")
struct StateTextTests {
    let declarations = StopApp().stage.declarations

    @Test("a state is written as text and read back the same, a draft, query items and a question with it")
    func roundTrip() {
        let state = NavigationState(
            tabs: [
                .init(name: "home", stack: [Recorded(Stop.home), Recorded(.item(2), state: "a #draft")]),
                .init(name: "inbox", stack: [Recorded(.inbox)]),
            ],
            selected: 0, modals: [[Recorded(.pick(2), question: 41)]])

        let text = StateText.text(of: state)
        let read = StateText.read(text, by: declarations, limit: 12)

        #expect(
            text == "waypoint-state 2\nselected 0\ntab home home item/2#a%20%23draft\ntab inbox inbox\nmodal pick!41")
        #expect(read.state == state)
        #expect(read.problems.isEmpty)
    }

    @Test("a text that no longer reads keeps its legal beginning, and names each problem (a tab named twice too)")
    func damaged() {
        let read = StateText.read(
            "waypoint-state 2\nselected 0\ntab home home?zz=1 item/x item/3\nnonsense\ntab home home item/1\n"
                + "modal nowhere", by: declarations, limit: 12)

        #expect(read.state?.tabs.map { $0.stack.map(\.place) } == [[.home]])
        #expect(read.state?.tabs.first?.stack.first?.query.isEmpty == true)
        #expect(
            read.problems == [
                .badQuery(path: "home"), .badParameter(path: "item/x", problem: "digits", stack: "home"),
                .unreadableLine("nonsense"),
                .unreadableLine("tab home home item/1"), .unknownPlace(path: "nowhere", stack: "modal"),
            ])
    }

    @Test("a place is read only after one whose screen offers it, and a stack no deeper than the window shows")
    func legality() {
        let read = StateText.read(
            "waypoint-state 2\nselected 1\ntab home home item/1 pick\ntab inbox inbox item/2", by: declarations,
            limit: 2)

        #expect(read.state?.tabs.map { $0.stack.map(\.place) } == [[.home, .item(1)], [.inbox]])
        #expect(
            read.problems == [
                .tooDeep(path: "pick", limit: 2, stack: "home"),
                .cannotFollow(path: "item/2", after: "inbox", stack: "inbox"),
            ])
    }

    @Test("a tab's stack begins with that tab's place; a modal's first place follows the top of the tab shown")
    func firsts() {
        let read = StateText.read(
            "selected 1\ntab home inbox\ntab inbox inbox\ntab home home\nmodal pick", by: declarations, limit: 12)

        #expect(read.state?.tabs.map { $0.stack.map(\.place) } == [[.inbox], [.home]])
        #expect(read.state?.modals.isEmpty == true)
        #expect(
            read.problems == [
                .cannotFollow(path: "inbox", after: nil, stack: "home"),
                .cannotFollow(path: "pick", after: "home", stack: "modal"),
            ])
    }

    @Test("a modal's screens count with those of the tab under it: together no more than the window shows")
    func modalDepth() {
        let text = "selected 0\ntab home home item/1\ntab inbox inbox\nmodal pick"
        let within = StateText.read(text, by: declarations, limit: 3)
        let beyond = StateText.read(text, by: declarations, limit: 2)

        #expect(within.state?.modals == [[Recorded(.pick(1))]])
        #expect(within.problems.isEmpty)
        #expect(beyond.state?.modals.isEmpty == true)
        #expect(beyond.problems == [.tooDeep(path: "pick", limit: 2, stack: "modal")])
    }

    @Test(
        "a text of a newer version is left for that app, whatever its line ends: nothing is read",
        arguments: [StateText.version + 1, 99])
    func newer(version: Int) {
        for end in ["\n", "\r\n"] {
            let text = "waypoint-state \(version)\(end)selected 0\(end)tab home home"
            let read = StateText.read(text, by: declarations, limit: 12)

            #expect(StateText.newerVersion(of: text) == version)
            #expect(read.state == nil)
            #expect(read.problems == [.newerVersion(version)])
        }
    }

    @Test("a text of the version this app writes is read, and so is one with no version line")
    func current() {
        for header in ["waypoint-state \(StateText.version)\n", ""] {
            let text = header + "selected 0\ntab home home"
            let read = StateText.read(text, by: declarations, limit: 12)

            #expect(StateText.newerVersion(of: text) == nil)
            #expect(read.state?.tabs.map { $0.stack.map(\.place) } == [[.home]])
            #expect(read.problems.isEmpty)
        }
    }
}
