import Routing

/// A place as it is kept: the place, and the state its module keeps beyond it (a draft).
public struct KeptPlace: Hashable, Sendable {
    public let place: AnyPlace
    public let state: String?

    public init(_ place: AnyPlace, state: String? = nil) {
        self.place = place
        self.state = state
    }
}

extension NavigationState where Item == KeptPlace {
    /// The places alone.
    public var places: NavigationState<AnyPlace> {
        NavigationState<AnyPlace>(
            tabs: tabs.map { .init(name: $0.name, stack: $0.stack.map(\.place)) }, selected: selected,
            modals: modals.map { $0.map(\.place) })
    }
}

/// A window's state as kept text, one line a stack: the tab shown, each tab with its places,
/// then each modal stack, each place written as its link's path (`LinkNavigator.path(of:)`), so
/// a new place needs nothing here, followed by `#` and the state its module keeps (a draft),
/// percent-encoded, if any. It is read back only as far as it is well-formed: a line that
/// cannot be read makes the whole text unreadable, and no place is guessed.
///
/// ```text
/// selected 2
/// tab friends friends chat/bob profile/bob
/// tab chats chats
/// tab me me
/// modal edit-bio#My%20draft
/// ```
///
/// (It is text rather than JSON so that an app need not load Foundation at start.)
@MainActor
public enum KeptState {
    /// `state` as text; a stack is kept up to its first place no link names (a friend picker),
    /// and the places cut are returned.
    public static func text(of state: NavigationState<KeptPlace>, by navigator: LinkNavigator) -> (
        text: String, unkept: [AnyPlace]
    ) {
        var unkept: [AnyPlace] = []
        func words(_ stack: [KeptPlace]) -> [String] {
            let paths = stack.map { kept in
                navigator.path(of: kept.place).map { path in path + (kept.state.map { "#" + encoded($0) } ?? "") }
            }
            let kept = paths.prefix { $0 != nil }.compactMap { $0 }
            unkept += stack.dropFirst(kept.count).map(\.place)
            return kept
        }
        var lines = ["selected \(state.selected)"]
        lines += state.tabs.map { (["tab", $0.name] + words($0.stack)).joined(separator: " ") }
        lines += state.modals.map(words).filter { !$0.isEmpty }.map { (["modal"] + $0).joined(separator: " ") }
        return (lines.joined(separator: "\n"), unkept)
    }

    /// `state`, places alone, as text.
    public static func text(of state: NavigationState<AnyPlace>, by navigator: LinkNavigator) -> (
        text: String, unkept: [AnyPlace]
    ) {
        text(
            of: NavigationState(
                tabs: state.tabs.map { .init(name: $0.name, stack: $0.stack.map { KeptPlace($0) }) },
                selected: state.selected, modals: state.modals.map { $0.map { KeptPlace($0) } }),
            by: navigator)
    }

    /// The state `text` keeps; `nil` when any of it cannot be read.
    public static func state(from text: String, by navigator: LinkNavigator) -> NavigationState<KeptPlace>? {
        func places(_ words: ArraySlice<String>) -> [KeptPlace]? {
            var places: [KeptPlace] = []
            for word in words {
                let parts = word.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                var state: String?
                if parts.count == 2 {
                    guard let decoded = decoded(parts[1]) else { return nil }
                    state = decoded
                }
                guard let found = navigator.places(atPath: String(parts[0])), found.count == 1 else { return nil }
                places.append(KeptPlace(found[0], state: state))
            }
            return places
        }
        var selected: Int?
        var tabs: [NavigationState<KeptPlace>.Tab] = []
        var modals: [[KeptPlace]] = []
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ").map(String.init)
            switch words.first {
            case "selected" where words.count == 2 && selected == nil:
                selected = Int(words[1])
            case "tab" where words.count >= 3:
                guard let stack = places(words.dropFirst(2)) else { return nil }
                tabs.append(.init(name: words[1], stack: stack))
            case "modal" where words.count >= 2:
                guard let stack = places(words.dropFirst()) else { return nil }
                modals.append(stack)
            default:
                return nil
            }
        }
        guard let selected, tabs.indices.contains(selected) else { return nil }
        return NavigationState(tabs: tabs, selected: selected, modals: modals)
    }

    /// `text` with every byte but the unreserved ones (letters, digits, `-`, `.`, `_`, `~`)
    /// written `%XX`: no space, line break or `#` is left to split a line or a word.
    public static func encoded(_ text: String) -> String {
        var result = ""
        for byte in text.utf8 {
            if Link.isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = String(byte, radix: 16, uppercase: true)
                result += "%" + (hex.count == 1 ? "0" : "") + hex
            }
        }
        return result
    }

    /// `encoded(_:)` undone; `nil` for a malformed escape or bytes that are not UTF-8.
    public static func decoded(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        var rest = text.utf8[...]
        while let byte = rest.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            let digits = rest.prefix(2)
            guard digits.count == 2, let value = UInt8(String(decoding: digits, as: UTF8.self), radix: 16) else {
                return nil
            }
            bytes.append(value)
            rest = rest.dropFirst(2)
        }
        return String(validating: bytes, as: UTF8.self)
    }
}
