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

/// One character cell of the terminal.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var style: CellStyle

    public init(_ character: Character = " ", style: CellStyle = []) {
        self.character = character
        self.style = style
    }

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

    public subscript(row: Int, column: Int) -> Cell {
        get { contains(row, column) ? cells[row * width + column] : .blank }
        set { if contains(row, column) { cells[row * width + column] = newValue } }
    }

    public func contains(_ row: Int, _ column: Int) -> Bool {
        row >= 0 && row < height && column >= 0 && column < width
    }

    /// Writes `text` from `column` of `row`, one character a cell, cut at the grid's edge (or at
    /// `limit` cells); control characters show as `?`, so nothing written can drive a terminal.
    /// - Returns: the column after the last cell written.
    @discardableResult
    public mutating func write(
        _ text: some StringProtocol, row: Int, column: Int, style: CellStyle = [], limit: Int? = nil
    ) -> Int {
        let end = min(width, limit.map { column + $0 } ?? width)
        var at = column
        for character in text {
            guard at < end else { break }
            let safe =
                character.unicodeScalars.allSatisfy {
                    $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
                } ? character : "?"
            if at >= 0 { self[row, at] = Cell(safe, style: style) }
            at += 1
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
            var line = String((0..<width).map { self[row, $0].character })
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// The whole frame as text, one line a row.
    public var text: String { lines.joined(separator: "\n") }
}
