import Navigation

/// A key the full-screen front reads.
public enum Key: Hashable, Sendable {
    case character(Character)
    case enter, escape, tab, backspace
    case up, down, left, right
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
