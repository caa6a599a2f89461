/// A password as typed. It never shows itself: printing, interpolating or dumping one gives a
/// mask, so a password cannot leak into rendered text or logs by accident.
public struct Password: Hashable, Sendable {
    private let text: String

    public init(_ text: String) {
        self.text = text
    }

    public var isEmpty: Bool { text.isEmpty }

    /// The number of characters, for length rules.
    public var count: Int { text.count }
}

extension Password: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { "********" }
    public var debugDescription: String { "Password(********)" }
    public var customMirror: Mirror { Mirror(self, children: [:]) }
}

extension Password {
    /// The password's UTF-8 bytes, for a store to hash; nothing else should read them.
    public var utf8Bytes: [UInt8] { Array(text.utf8) }
}
