// Where a place stands among a few of the app's places, searched by index: the standard
// library's `firstIndex(of:)` and `lastIndex(of:)`, called where the places are generic, look up
// their types at every call (1,400 to 1,700 instructions each; Performance, the twelfth pass).

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
