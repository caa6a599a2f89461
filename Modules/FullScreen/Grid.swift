import Console
import Navigation

/// How a cell is drawn: bold, dim, inverse or underlined, in any mix.
public struct CellStyle: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    public static let bold = CellStyle(rawValue: 1)
    public static let dim = CellStyle(rawValue: 2)
    public static let inverse = CellStyle(rawValue: 4)
    public static let underline = CellStyle(rawValue: 8)
}

/// One character cell of the terminal. A character two columns wide (CJK, fullwidth, emoji) takes
/// two cells: its own, then a continuation cell that the terminal's cursor skips.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: CellStyle
    /// The columns the character takes: 1, 2 for a wide one, 0 for the continuation of a wide one.
    public let columns: UInt8

    /// A cell showing `character`, which must take one or two columns.
    public init(_ character: Character = " ", style: CellStyle = []) {
        self.character = character
        self.style = style
        columns = UInt8(clamping: max(1, DisplayWidth.of(character)))
    }

    private init(continuationWith style: CellStyle) {
        character = " "
        self.style = style
        columns = 0
    }

    /// The second cell of a wide character.
    public static func continuation(style: CellStyle) -> Cell { Cell(continuationWith: style) }

    public var isContinuation: Bool { columns == 0 }
    public var isWide: Bool { columns == 2 }

    public static let blank = Cell()
}

/// A frame of the full-screen front: a grid of cells, row by row. The front draws into it; the
/// terminal writes only the cells that changed since the frame before; tests read it as text.
public struct Grid: Hashable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// The cell at `row`, `column`. Setting one keeps wide characters whole: a wide character's
    /// continuation follows it (one that cannot fit at the last column shows as a blank), and
    /// overwriting either half of a wide character blanks the other.
    public subscript(row: Int, column: Int) -> Cell {
        get { contains(row, column) ? cells[row * width + column] : .blank }
        set {
            guard contains(row, column) else { return }
            let at = row * width + column
            let old = cells[at]
            guard old != newValue else { return }
            if old.isContinuation, !newValue.isContinuation, column > 0 {
                cells[at - 1] = Cell(" ", style: cells[at - 1].style)
            }
            if old.isWide, !newValue.isWide, column + 1 < width, cells[at + 1].isContinuation {
                cells[at + 1] = Cell(" ", style: old.style)
            }
            if newValue.isContinuation {
                cells[at] = column > 0 && cells[at - 1].isWide ? newValue : Cell(" ", style: newValue.style)
            } else if newValue.isWide {
                guard column + 1 < width else {
                    cells[at] = Cell(" ", style: newValue.style)
                    return
                }
                cells[at] = newValue
                if !cells[at + 1].isContinuation {
                    if cells[at + 1].isWide, column + 2 < width, cells[at + 2].isContinuation {
                        cells[at + 2] = Cell(" ", style: cells[at + 2].style)
                    }
                    cells[at + 1] = .continuation(style: newValue.style)
                }
            } else {
                cells[at] = newValue
            }
        }
    }

    public func contains(_ row: Int, _ column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Writes `text` from `column` of `row`, cut at the grid's edge (or at `limit` columns): a
    /// character takes the columns a terminal gives it (two for a wide one, none for an invisible
    /// one), and text passes the same display check as the line console's (a control or bidi
    /// character shows as its code, `<U+202E>`), so nothing written can drive a terminal or
    /// reorder a line.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, row: Int, column: Int, style: CellStyle = [], limit: Int? = nil
    ) -> Int {
        let end = min(width, limit.map { column + $0 } ?? width)
        var at = column
        for shown in text.displaySafe {
            guard at < end else { break }
            // A tab (which the display check lets through) takes one blank cell.
            let character: Character = shown == "\t" ? " " : shown
            let columns = DisplayWidth.of(character)
            if columns == 0 { continue }
            guard at + columns <= end else {
                // A wide character that does not fit: the column left is blank.
                if at >= 0 { self[row, at] = Cell(" ", style: style) }
                at += 1
                break
            }
            if at >= 0 { self[row, at] = Cell(character, style: style) }
            if columns == 2, at + 1 >= 0 { self[row, at + 1] = .continuation(style: style) }
            at += columns
        }
        return at
    }

    /// Fills the cells of `rows` × `columns` with `cell`.
    public mutating func fill(rows: Range<Int>, columns: Range<Int>, with cell: Cell = .blank) {
        for row in rows.clamped(to: 0..<height) {
            for column in columns.clamped(to: 0..<width) { self[row, column] = cell }
        }
    }

    /// Adds `style` to the cells of `rows` × `columns`.
    public mutating func style(rows: Range<Int>, columns: Range<Int>, adding style: CellStyle) {
        for row in rows.clamped(to: 0..<height) {
            for column in columns.clamped(to: 0..<width) { self[row, column].style.formUnion(style) }
        }
    }

    /// Draws a frame around `rows` × `columns` (the frame is on their edges), its inside blank.
    public mutating func box(rows: Range<Int>, columns: Range<Int>, title: String? = nil) {
        guard rows.count >= 2, columns.count >= 2 else { return }
        fill(rows: rows, columns: columns)
        let (top, bottom) = (rows.lowerBound, rows.upperBound - 1)
        let (left, right) = (columns.lowerBound, columns.upperBound - 1)
        for column in columns {
            self[top, column] = Cell("-")
            self[bottom, column] = Cell("-")
        }
        for row in rows {
            self[row, left] = Cell("|")
            self[row, right] = Cell("|")
        }
        for (row, column) in [(top, left), (top, right), (bottom, left), (bottom, right)] {
            self[row, column] = Cell("+")
        }
        if let title { write(" \(title) ", row: top, column: left + 2, style: .bold, limit: columns.count - 4) }
    }

    /// The rows as text, trailing spaces cut: what a test compares.
    public var lines: [String] {
        (0..<height).map { row in
            var line = String((0..<width).compactMap { self[row, $0].isContinuation ? nil : self[row, $0].character })
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole frame as text, one line a row.
    public var text: String { lines.joined(separator: "\n") }
}
