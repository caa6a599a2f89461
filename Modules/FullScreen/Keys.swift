import Navigation

/// A key the full-screen front reads, or text pasted.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backspace
    case up, down, left, right
    /// Text pasted whole (a terminal's bracketed paste): it goes into a line being typed, or
    /// opens one, and is never read as keys, so a phrase pasted runs no action by its letters.
    case paste(String)

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
