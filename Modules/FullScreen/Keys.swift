import Navigation

/// A key the full-screen front reads, or text pasted.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backspace
    case up, down, left, right
    /// Home, End and Delete (Fn-Backspace on a Mac): they edit the line being typed; at rest,
    /// Home and End go to a screen's first and last item, or line.
    case home, end, delete
    /// Page Up and Page Down: ↑ and ↓ by a screenful.
    case pageUp, pageDown
    /// A letter with Ctrl (`control("u")` is Ctrl-U), other than those the terminal or another
    /// key takes (C, D, H, I, J, L, M, Z, \\).
    case control(Character)
    /// Text pasted whole (a terminal's bracketed paste): it goes into a line being typed, or
    /// opens one, and is never read as keys, so a phrase pasted runs no action by its letters.
    case paste(String)

    /// How far the key moves a choice or a scroll, `page` rows being a screenful; Home and End
    /// step past either end, where the choice or the scroll stops. `nil` for a key that does not
    /// move one.
    func step(page: Int) -> Int? {
        switch self {
        case .up: -1
        case .down: 1
        case .pageUp: -page
        case .pageDown: page
        case .home: -.max / 2
        case .end: .max / 2
        default: nil
        }
    }

    /// Pasted `text` as one line: each line break or other control character a space, the ends
    /// trimmed; nothing in it runs a command until Enter.
    static func line(pasted text: String) -> String {
        let isControl = { (character: Character) in
            character.unicodeScalars.contains { $0.properties.generalCategory == .control }
        }
        var line = String(text.map { isControl($0) ? " " : $0 })
        while line.first == " " { line.removeFirst() }
        while line.last == " " { line.removeLast() }
        return line
    }
}

/// The keys that choose a screen's actions: each action gets a letter of its name (the first one
/// no other action has), shown in brackets on the actions bar: `[p]rofile`, `[m]essage`.
enum ActionKeys {
    /// Each action with its key, in the order the screen offers them.
    static func assign(_ actions: [ScreenContent.Action]) -> [(key: Character, action: ScreenContent.Action)] {
        var taken: Set<Character> = []
        var assigned: [(key: Character, action: ScreenContent.Action)] = []
        for action in actions {
            guard let key = action.name.lowercased().first(where: { $0.isLetter && !taken.contains($0) }) else {
                continue
            }
            taken.insert(key)
            assigned.append((key, action))
        }
        return assigned
    }

    /// How the actions bar shows an action with its key: `[p]rofile <n>`.
    static func label(_ key: Character, _ action: ScreenContent.Action) -> String {
        let name = action.name
        let usage = action.argument.usage.isEmpty ? "" : " " + action.argument.usage
        guard let index = name.lowercased().firstIndex(of: key) else { return "[\(key)] \(name)\(usage)" }
        let offset = name.lowercased().distance(from: name.lowercased().startIndex, to: index)
        let at = name.index(name.startIndex, offsetBy: offset)
        return "\(name[..<at])[\(name[at])]\(name[name.index(after: at)...])\(usage)"
    }
}

extension Overlay.Input {
    /// Edits the line with `key`, as a shell's line editor does: a character or a paste goes in
    /// at the cursor; ← → move it, Home and End (Ctrl-A, Ctrl-E) take it to the start and the end;
    /// Backspace and Delete take out the character before and under it; Ctrl-U takes out the
    /// text before it, Ctrl-K the text after, Ctrl-W the word before.
    /// - Returns: whether `key` edits a line (Enter, Esc and the rest do not).
    mutating func edit(_ key: Key) -> Bool {
        // At the end of the line, where most typing is, a character goes on without a copy.
        if cursor == nil, case .character(let character) = key {
            text.append(character)
            return true
        }
        var characters = Array(text)
        var at = min(cursor ?? characters.count, characters.count)
        switch key {
        case .character(let character):
            characters.insert(character, at: at)
            at += 1
        case .paste(let pasted):
            let line = Key.line(pasted: pasted)
            characters.insert(contentsOf: line, at: at)
            at += line.count
        case .backspace where at > 0:
            characters.remove(at: at - 1)
            at -= 1
        case .delete where at < characters.count:
            characters.remove(at: at)
        case .left: at = max(0, at - 1)
        case .right: at = min(characters.count, at + 1)
        case .home, .control("a"): at = 0
        case .end, .control("e"): at = characters.count
        case .control("u"):
            characters.removeFirst(at)
            at = 0
        case .control("k"): characters.removeLast(characters.count - at)
        case .control("w"):
            var start = at
            while start > 0, characters[start - 1] == " " { start -= 1 }
            while start > 0, characters[start - 1] != " " { start -= 1 }
            characters.removeSubrange(start..<at)
            at = start
        case .backspace, .delete: break
        default: return false
        }
        text = String(characters)
        cursor = at == characters.count ? nil : at
        return true
    }
}
