import Testing

@testable import FullScreen

/// The footer fits its terminal (Hardening 5, item 17: the actions bar was cut at 80 columns).
@MainActor
@Suite("The actions bar")
struct ActionsBarTests {
    let chat = ["[s]end <text>", "s[h]are", "[f]ollow <n>", "[p]rofile"]

    @Test(
        "at 80 columns with a chat's actions and several windows, the actions show whole and the keys go to the tab bar"
    )
    func fitsEighty() {
        let bar = Layout.actionsBar(chat, windows: true, width: 80)
        #expect(bar.text == " [s]end <text>  s[h]are  [f]ollow <n>  [p]rofile")
        #expect(bar.keysLeft)
        // After the three tabs (" friends  chats  me " ends at column 23), the keys fit whole.
        let keys = Layout.keysAtEnd(windows: true, after: 23, width: 80)
        #expect(keys?.text == "` window · Enter open · Esc back · Tab tabs · : cmd")
        #expect(keys.map { $0.column + DisplayWidth.of($0.text) } == 79)
    }

    @Test("wide enough, the bar is written in full, keys and all", arguments: [120, 200])
    func full(width: Int) {
        let bar = Layout.actionsBar(chat, windows: false, width: width)
        #expect(
            bar.text
                == " [s]end <text>  s[h]are  [f]ollow <n>  [p]rofile  Enter: open · Esc: back · Tab: tabs · ':' command"
        )
        #expect(!bar.keysLeft)
    }

    @Test("too narrow for the actions, they lose what they take, then the last ones their names: every key shows")
    func narrowActions() {
        #expect(Layout.actionsBar(chat, windows: false, width: 40).text == " [s]end s[h]are [f]ollow [p]rofile")
        #expect(Layout.actionsBar(chat, windows: false, width: 26).text == " [s]end s[h]are [f] [p]")
        #expect(Layout.actionsBar(chat, windows: false, width: 20).text == " [s]end [h] [f] [p]")
        #expect(Layout.actionsBar(chat, windows: false, width: 12).text == " [s] [h] [f] [p]")
        #expect(Layout.actionsBar(chat, windows: false, width: 26).keysLeft)
    }

    @Test(
        "a screen with no actions (one loading) shows the keys that fit, down to back and a command, never a row cut in the middle",
        arguments: 21...79)
    func noActions(width: Int) {
        for windows in [false, true] {
            let bar = Layout.actionsBar([], windows: windows, width: width).text
            #expect(DisplayWidth.of(bar) <= width, "\(width): \(bar)")
            #expect(bar.hasSuffix(": cmd") || bar.hasSuffix("command"), "\(width): \(bar)")
        }
        #expect(Layout.actionsBar([], windows: false, width: 36).text == " Esc back · : cmd")
    }

    @Test(
        "with no tabs (signed out), the keys the actions bar had no room for get the last row, as many as fit, never cut in the middle"
    )
    func lastRow() async throws {
        let stage = try Stage(width: 36, height: 12)
        stage.device.press([.down])
        await stage.front.run()
        let last = try #require(stage.device.frames.last?.frame.lines)
        #expect(last[10] == " [o]pen <n>  [n]ote <text>  [z]ap")
        #expect(last[11] == " Esc back · : cmd")
        for width in 21...79 {
            #expect(DisplayWidth.of(Layout.keysFitting(windows: true, width: width)) < width, "\(width)")
        }
    }

    @Test("a replay's keys fit any terminal the screen is drawn on, in fewer words on a narrow one")
    func replayKeys() {
        #expect(Layout.replayKeys(width: 80) == " <-: earlier event · ->: later event · q: quit")
        #expect(Layout.replayKeys(width: 40) == " <- earlier · -> later · q quit")
        for width in Layout.minimum.width...79 {
            #expect(DisplayWidth.of(Layout.replayKeys(width: width)) <= width, "\(width)")
        }
    }

    @Test("keys that fit nowhere are left to help, never cut in the middle", arguments: 20...79)
    func narrow(width: Int) {
        if let keys = Layout.keysAtEnd(windows: true, after: 23, width: width) {
            #expect(keys.column + DisplayWidth.of(keys.text) <= width - 1, "\(width)")
        } else {
            #expect(width < 23 + 2 + 20 + 1, "\(width)")
        }
    }
}
