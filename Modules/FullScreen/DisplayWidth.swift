/// How many terminal columns text takes: most characters one, East Asian wide and fullwidth
/// characters and emoji two, combining marks and invisible format characters none (a combining
/// mark after a letter is part of that letter's character already).
///
/// The wide ranges are Unicode's East Asian Width `W` and `F` blocks that terminals draw two
/// columns wide (CJK, Hangul, kana, fullwidth forms) and the scalars with Emoji_Presentation; an
/// emoji made text-style is one column, made emoji-style (U+FE0F) two.
enum DisplayWidth {
    /// The columns of one character: 0, 1 or 2.
    static func of(_ character: Character) -> Int {
        if character.isASCII { return 1 }
        var scalars = character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return 0 }
        if isZeroWidth(first) {
            // A cluster of marks and format characters only is invisible; one with a base after
            // them is as wide as that base.
            while let next = scalars.next() {
                if !isZeroWidth(next) { return of(next, in: character) }
            }
            return 0
        }
        return of(first, in: character)
    }

    /// The columns of `text`.
    static func of(_ text: some StringProtocol) -> Int {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + of($1) }
    }

    /// The longest beginning of `text` that fits in `columns`.
    static func prefix(of text: Substring, fitting columns: Int) -> Substring {
        var used = 0
        var end = text.startIndex
        for index in text.indices {
            let width = of(text[index])
            guard used + width <= columns else { break }
            used += width
            end = text.index(after: index)
        }
        return text[..<end]
    }

    /// The longest end of `text` that fits in `columns`.
    static func suffix(of text: Substring, fitting columns: Int) -> Substring {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let before = text.index(before: start)
            let width = of(text[before])
            guard used + width <= columns else { break }
            used += width
            start = before
        }
        return text[start...]
    }

    private static func of(_ base: Unicode.Scalar, in character: Character) -> Int {
        if character.unicodeScalars.contains("\u{FE0F}") { return 2 }
        if base.properties.isEmojiPresentation { return 2 }
        return isWide(base.value) ? 2 : 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.properties.isDefaultIgnorableCodePoint || (0x1160...0x11FF).contains(scalar.value)
        }
    }

    /// Unicode's East Asian Wide and Fullwidth blocks.
    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
            0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default: false
        }
    }
}
