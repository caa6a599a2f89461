/// What a terminal is sent to go from one frame to the next: for each run of cells that changed,
/// the cursor moved there, the style set when it changes, and the characters. A first frame, or
/// one of another size, is drawn whole on a cleared screen.
public enum FrameDiff {
    /// The text that turns `last` (what the terminal shows; `nil` for nothing known) into `frame`.
    public static func text(from last: Grid?, to frame: Grid) -> String {
        var text = ""
        let full = last.map { $0.width != frame.width || $0.height != frame.height } ?? true
        if full { text += "\u{1B}[0m\u{1B}[2J" }
        var style: CellStyle?
        // A wide character is drawn whole when either of its halves changed.
        func changed(_ row: Int, _ column: Int) -> Bool {
            guard let last, !full else { return true }
            return last[row, column] != frame[row, column]
                || (frame[row, column].isWide && last[row, column + 1] != frame[row, column + 1])
        }
        for row in 0..<frame.height {
            var column = 0
            while column < frame.width {
                guard changed(row, column) else {
                    column += 1
                    continue
                }
                text += "\u{1B}[\(row + 1);\(column + 1)H"
                // The run of changed cells from here, written in one go.
                while column < frame.width, changed(row, column) {
                    let cell = frame[row, column]
                    if cell.style != style {
                        text += Escape.style(cell.style)
                        style = cell.style
                    }
                    // The cursor is past a continuation already: its wide character moved it two.
                    if !cell.isContinuation { text.append(cell.character) }
                    column += 1
                    // Terminals measure a character of several scalars (👍🏽, a flag, a family)
                    // as they each see fit; the cursor is put where this grid has the next cell,
                    // so a wider guess overlaps that character alone, not the rest of the row.
                    let next = column + (cell.isWide ? 1 : 0)
                    if cell.character.unicodeScalars.count > 1, next < frame.width {
                        text += "\u{1B}[\(row + 1);\(next + 1)H"
                    }
                }
            }
        }
        if style != nil { text += "\u{1B}[0m" }
        return text
    }
}
