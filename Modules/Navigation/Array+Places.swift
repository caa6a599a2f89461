// Where a place stands among a few of the app's places, searched by index: the standard
// library's `firstIndex(of:)` and `lastIndex(of:)`, called where the places are generic, look up
// their types at every call (1,400 to 1,700 instructions each; Performance, the twelfth pass).
// And whether an optional place is a place: the standard library's `==` of two optionals switches
// over the pair, a tuple whose type the runtime looks up at every call where the places are
// generic (Performance, the fifteenth pass).

extension Array where Element: AppPlaces {
    /// The index of the first of these places that is `place`.
    func firstPosition(of place: Element) -> Int? {
        for index in 0..<count where self[index] == place { return index }
        return nil
    }

    /// The index of the last of these places that is `place`.
    func lastPosition(of place: Element) -> Int? {
        for index in stride(from: count - 1, through: 0, by: -1) where self[index] == place { return index }
        return nil
    }
}

extension Optional where Wrapped: Equatable {
    /// Whether this is `other`: both none, or both the same value.
    @usableFromInline
    func isSame(as other: Wrapped?) -> Bool {
        guard let value = self else {
            if case .some = other { return false }
            return true
        }
        guard let other else { return false }
        return value == other
    }
}
