import Console
import FrontPacing
import Navigation

/// The keys: what each does on a screen, in a line being typed, in a box of messages, in a
/// replay, and on a terminal too small to show the screen.
extension ScreenFront {
    /// Handles a key.
    /// - Returns: `false` when the session ends.
    func handle(_ key: Key) async -> Bool {
        // A terminal too small or too large shows no screen: a key typed blind (`u`, unfriend),
        // now or queued, is not acted on. Quitting works at any size: `q`, or `:quit`.
        guard Layout.fits(width: device.size.width, height: device.size.height) else { return await unseen(key) }
        if let asked = confirming {
            // The question takes the next key, whatever it is: even one that would scroll it.
            confirming = nil
            overlay.messageScroll = .max
            return await decide(asked, by: key)
        }
        if overlay.input == nil, gesturing == nil, scrollsMessages(key) { return true }
        if let stepper { return await step(key, by: stepper) }
        if overlay.input != nil { return await type(key) }
        if let gesturing {
            // While the gesture plays, → or Esc cancels it; other keys wait for it to end.
            if key == .right || key == .escape {
                self.gesturing = nil
                do { try window.backGestureCancelled(gesturing.gesture) } catch { say(error) }
            } else {
                queued.append(key)
            }
            return true
        }
        overlay.messages = []
        overlay.messageScroll = .max
        let top = topShown
        let content = top?.liveContent ?? ScreenContent()
        let actions = content.actions + added(to: top)
        let items = content.items.count
        switch key {
        case .character(":"):
            overlay.input = Overlay.Input(prompt: ":", text: "")
        case .character("?"):
            // Read from its first line, which names the place: ↓ shows what else it opens.
            overlay.messages = whereOnGraph()
            overlay.messageScroll = 0
        case .character("`"):
            nextWindow()
            // The window that came forward shows what its screen's service says now.
            await windows?.front.state.screens.topScreen?.reappearing()
            console?.onDisplayed?()
        case .character(let digit) where digit.isNumber:
            if let number = digit.wholeNumberValue, number >= 1, number <= items { overlay.selection = number - 1 }
        case .character(let letter):
            guard let (_, action) = ActionKeys.assign(actions).first(where: { $0.key == letter }) else {
                overlay.messages = ["error: no action has the key \(letter) here; the bar at the bottom lists them"]
                return true
            }
            switch action.argument {
            case .none: return await run(action, by: key, on: top)
            case .item: return await run(action, by: key, on: top, item: overlay.selection + 1, of: content.items)
            case .text, .number: overlay.input = Overlay.Input(prompt: action.name + " ", text: "")
            }
        case .enter:
            guard items > 0,
                let action = actions.first(where: { if case .item = $0.argument { true } else { false } })
            else { return true }
            return await run(action, by: key, on: top, item: overlay.selection + 1, of: content.items)
        case .up, .down, .pageUp, .pageDown, .home, .end:
            let room = Layout.room(model, width: device.size.width, height: device.size.height)
            let step = key.step(page: max(1, room.rows - 1)) ?? 0
            guard items == 0 else {
                overlay.selection = min(max(0, items - 1), max(0, overlay.selection + step))
                return true
            }
            // A screen of text alone scrolls, when its rows do not fit; at the end it follows it.
            let rows = Layout.bodyRows(content.lines, width: room.columns, selection: nil).rows.count
            let last = Layout.visible(count: rows, room: room.rows, chosen: nil, scroll: .max).first
            overlay.scroll = Layout.scrolled(overlay.scroll, by: step, last: last)
        case .escape:
            return await enter(.everywhere(.back))
        case .left:
            guard let screen = window.state.screens.topScreen else { return true }
            finishAnimating()
            do {
                gesturing = Gesturing(gesture: try window.backGestureBegan(on: screen), start: device.now())
            } catch {
                say(error)
            }
        case .tab:
            let tabs = window.state.screens.stacks.tabNames
            guard let current = window.state.screens.stacks.selectedTab, let index = tabs.firstIndex(of: current) else {
                overlay.messages = ["error: there are no tabs before you sign in"]
                return true
            }
            return await enter(.everywhere(.tab, argument: tabs[(index + 1) % tabs.count]))
        case .paste(let text):
            // Pasted text is never keys: it opens the command line, and runs only with Enter.
            overlay.input = Overlay.Input(prompt: ":", text: Key.line(pasted: text))
        case .right, .backspace, .delete, .control:
            break
        }
        return true
    }

    /// Runs `action`, chosen by `key` on the screen `top` shows (on its item numbered `item`
    /// of `items`, as drawn), or first asks, when the screen says going back would not undo it:
    /// the same key again runs it, any other does not. Typed in whole after `:`, it runs at once.
    private func run(
        _ action: ScreenContent.Action, by key: Key, on top: Shown?, item: Int? = nil, of items: [String] = []
    ) async -> Bool {
        let argument = item.map(String.init) ?? ""
        guard let screen = top?.screen, screen.isDestructive(action.name) else {
            return await enter(.action(action.name, argument: argument))
        }
        let shown = item.flatMap { items[safe: $0 - 1] }
        let asked = Confirming(key: key, screen: screen, action: action.name, argument: argument, item: shown)
        confirming = asked
        let usage = asked.command.words
        let summary = item.map { action.summary.replacing("<n>", with: String($0)) } ?? action.summary
        let named = if case .character(let letter) = key { String(letter) } else { "Enter" }
        overlay.messages = [
            "\(usage)\(shown.map { ", \($0)" } ?? " on \(screen.title)"): \(summary). Press \(named) again to do it, any other key not to."
        ]
        return true
    }

    /// The key after an action that asked: its own key runs it, if the screen and the item are
    /// still those it asked about; any other key leaves everything as it was, and says so.
    private func decide(_ asked: Confirming, by key: Key) async -> Bool {
        overlay.messages = []
        let usage = asked.command.words
        guard key == asked.key else {
            overlay.messages = ["Not done: \(usage)."]
            return true
        }
        guard let screen = asked.screen, topShown?.screen === screen,
            asked.item == Int(asked.argument).flatMap({ screen.content.items[safe: $0 - 1] })
        else {
            overlay.messages = ["error: the screen changed before you answered, so \(usage) was not done; choose again"]
            return true
        }
        return await enter(asked.command)
    }

    /// A box of messages with more lines than room takes ↑ and ↓ (and the page keys), which
    /// scroll it, and Esc, which closes it; any other key closes it and acts.
    /// - Returns: whether the box took `key`.
    private func scrollsMessages(_ key: Key) -> Bool {
        let hidden = Layout.messagesHidden(overlay.messages, width: device.size.width, height: device.size.height)
        guard hidden > 0 else { return false }
        if key == .escape {
            overlay.messages = []
            overlay.messageScroll = .max
            return true
        }
        // Home and End are left to the screen: they close the box and go to its first or last item.
        let page = Layout.messageRoom(bodyEnd: device.size.height - Layout.footer)
        guard key != .home, key != .end, let step = key.step(page: page) else { return false }
        overlay.messageScroll = Layout.scrolled(overlay.messageScroll, by: step, last: hidden)
        return true
    }

    /// A key during a replay: ← and → step through the events, q or Esc ends it.
    private func step(_ key: Key, by stepper: @MainActor (Int) async -> String) async -> Bool {
        overlay.messageScroll = .max
        switch key {
        case .left, .right:
            finishAnimating()
            overlay.messages = [await stepper(key == .left ? -1 : 1)]
        case .escape, .character("q"):
            return false
        default:
            overlay.messages = ["A replay: <- and -> step through the events, q quits."]
        }
        return true
    }

    /// A key while the terminal shows no screen: `q` and `:quit` end the session; anything else
    /// is typed blind, so nothing acts on it.
    private func unseen(_ key: Key) async -> Bool {
        guard let input = overlay.input else {
            switch key {
            case .character("q"): return await enter(.everywhere(.quit))
            case .character(":"): overlay.input = Overlay.Input(prompt: ":", text: "")
            default: break
            }
            return true
        }
        guard key == .enter else { return await type(key) }
        overlay.input = nil
        return input.prompt == ":" && input.text.split(separator: " ") == ["quit"]
            ? await enter(.everywhere(.quit)) : true
    }

    /// A key while a line is typed at the bottom: a command after `:`, or an action's argument.
    private func type(_ key: Key) async -> Bool {
        // Edited in place: a long line is not copied at each key.
        if overlay.input?.edit(key) == true { return true }
        guard var input = overlay.input else { return true }
        switch key {
        case .escape:
            overlay.input = nil
        case .enter:
            overlay.input = nil
            // After `:`, a line as typed at the console; else the argument of the action prompted.
            guard input.prompt == ":" else {
                return await enter(.action(String(input.prompt.dropLast()), argument: input.text))
            }
            if !input.text.isEmpty, history.last != input.text {
                history.append(input.text)
                if history.count > 100 { history.removeFirst() }
            }
            return await enter(line: input.text)
        case .up where input.prompt == ":", .down where input.prompt == ":":
            // The command before or after the one shown; past the newest, the line typed.
            let index = (input.recalled ?? history.count) + (key == .up ? -1 : 1)
            guard history.indices.contains(index) || index == history.count else { return true }
            if input.recalled == nil { input.typed = input.text }
            input.recalled = history.indices.contains(index) ? index : nil
            input.text = input.recalled.map { history[$0] } ?? input.typed
            input.cursor = nil
            overlay.input = input
        default:
            break
        }
        return true
    }
}

/// An action one key chose, waiting for the key again (`ScreenFront.confirming`).
struct Confirming {
    let key: Key
    /// The screen it was chosen on, held weakly: a screen gone by the answer runs nothing.
    weak var screen: (any Screen)?
    let action: String
    let argument: String
    /// The item it acts on, as the screen listed it then; `nil` for an action on no item.
    let item: String?

    /// What the key again runs: `unfriend 2`, as `words`.
    var command: FrontCommand { .action(action, argument: argument) }
}
