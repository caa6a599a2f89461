import Domain
import FrontPacing
import Navigation

/// What the full-screen front draws, besides the window's screens: the item chosen, what the
/// console said, and the line being typed.
struct Overlay {
    /// The line being typed: its prompt, its text, and whether it is a secret (shown as `*`).
    struct Input {
        var prompt: String
        var text: String
        var isSecret = false
        /// Where the next character goes, in characters from the start; `nil` is the end.
        var cursor: Int?
        /// The command of the history shown, while ↑ ↓ go through it (`nil`: the line typed), and
        /// the line as it was typed before, which ↓ past the newest brings back.
        var recalled: Int?
        var typed = ""
    }

    /// The item chosen on the screen on top, from 0.
    var selection = 0
    /// The first line shown of the screen on top when it offers no items and its lines do not
    /// fit (↑ and ↓ move it); `Int.max` follows the end, as lines come.
    var scroll = 0
    /// What the console said after the last key: errors, notices, `where`, `help`.
    var messages: [String] = []
    /// The first line the box of messages shows when they do not fit (↑ and ↓ move it); `Int.max`
    /// is the end, the newest.
    var messageScroll = Int.max
    var input: Input?
    /// The number of the window shown, while there are several: the breadcrumb starts with it.
    var window: Int?
    /// A recorded session replayed (`App --replay --screen`): the bar shows the replay's keys.
    var isReplay = false
    /// The commands other features add to the screen on top (`Contribution`): the bar lists them
    /// after its own, each with its key.
    var added: [ScreenContent.Action] = []
}

/// Draws a display state into a grid: the breadcrumb on top, the screen's title and body, modals
/// as framed overlays over what presented them, what the console said, the actions bar, and the
/// tab bar (or the line being typed) at the bottom.
@MainActor
enum Layout {
    /// The rows under the body: messages, the actions bar, the tab bar.
    static let footer = 3
    /// The smallest terminal the screen is drawn on; a smaller one shows `tooSmall`.
    static let minimum = (width: 20, height: 8)
    /// What a terminal smaller than `minimum` shows, wrapped to its width: the first wording that
    /// fits whole, so that the way out (`q quits`) shows on a terminal of any size.
    static let tooSmall = [
        "Make the terminal larger: at least \(minimum.width) x \(minimum.height). q quits.",
        "Too small: at least \(minimum.width) x \(minimum.height). q quits.",
        "Needs \(minimum.width) x \(minimum.height). q quits.",
        "q quits",
    ]
    /// The largest terminal the screen is drawn on: past it, a grid would take gigabytes (a
    /// terminal can claim 9999 x 9999), so a larger one shows `tooLarge` in a grid of this size.
    static let maximum = (width: 1_000, height: 1_000)
    /// What a terminal larger than `maximum` shows.
    static let tooLarge = "Make the terminal smaller: at most \(maximum.width) x \(maximum.height). q quits."

    /// Whether a terminal of `width` × `height` is neither too small nor too large for the screen.
    static func fits(width: Int, height: Int) -> Bool {
        (minimum.width...maximum.width).contains(width) && (minimum.height...maximum.height).contains(height)
    }

    /// The rows that move in a change: the screens' area, between the breadcrumb and the footer.
    static func body(height: Int) -> Range<Int> {
        1..<max(1, height - footer)
    }

    static func draw(_ state: DisplayState, _ overlay: Overlay, width: Int, height: Int) -> Grid {
        var grid = Grid(width: min(width, maximum.width), height: min(height, maximum.height))
        guard fits(width: width, height: height) else {
            // The message wrapped at the terminal's width, in the first wording that fits whole;
            // else as much of the last as fits.
            let wordings = width > maximum.width || height > maximum.height ? [tooLarge] : tooSmall
            let message = first(of: wordings) { wording in
                wording.split(separator: " ").allSatisfy { DisplayWidth.of($0) <= grid.width }
                    && wrap(wording, width: grid.width).count <= grid.height
            }
            for (row, line) in wrap(message, width: grid.width).prefix(grid.height).enumerated() {
                grid.write(line, row: row, column: 0)
            }
            return grid
        }
        // The breadcrumb: the shown root stack, then each modal stack in brackets.
        let root = state.roots.indices.contains(state.selected) ? state.roots[state.selected].stack : []
        let crumb =
            (root.map(\.liveTitle) + state.modals.map { "[" + $0.map(\.liveTitle).joined(separator: " > ") + "]" })
            .joined(separator: " > ")
        grid.fill(rows: 0..<1, columns: 0..<width, with: Cell(" ", style: .inverse))
        let number = overlay.window.map { "Window \($0): " } ?? ""
        let shown = breadcrumb(crumb.isEmpty ? "Waypoint" : crumb, fitting: width - 1 - DisplayWidth.of(number))
        grid.write(" " + number + shown, row: 0, column: 0, style: .inverse)
        let bodyEnd = height - footer
        let isTop = state.modals.isEmpty
        if let screen = root.last {
            drawScreen(
                screen, into: &grid, rows: 1..<bodyEnd, columns: 0..<width,
                at: isTop ? (overlay.selection, overlay.scroll) : (nil, 0))
        }
        for (level, modal) in state.modals.enumerated() {
            guard let screen = modal.last else { continue }
            let at = level == state.modals.count - 1 ? (overlay.selection, overlay.scroll) : (nil, 0)
            let area = area(ofModal: level, width: width, height: height)
            guard let frame = area.frame else {
                grid.fill(rows: area.rows, columns: area.columns)
                drawScreen(screen, into: &grid, rows: area.rows, columns: area.columns, at: at)
                continue
            }
            // The frame's title, between a corner's two cells and a space each side, ends as the breadcrumb does.
            let title = breadcrumb(modal.map(\.liveTitle).joined(separator: " > "), fitting: frame.columns.count - 6)
            grid.box(rows: frame.rows, columns: frame.columns, title: title)
            drawScreen(screen, into: &grid, rows: area.rows, columns: area.columns, at: at)
        }
        // A question with too little room after it on the bottom line (a narrow terminal) is said
        // whole above it, after what was said before it; the line keeps the answer.
        var (messages, input) = (overlay.messages, overlay.input)
        if let asked = input, DisplayWidth.of(asked.prompt) + 4 > width {
            messages.append(String(asked.prompt.trimmingWhitespace()))
            input?.prompt = "> "
        }
        drawMessages(messages, scroll: overlay.messageScroll, into: &grid, bodyEnd: bodyEnd)
        // The actions bar: the top screen's actions, each with its key, then the keys of every screen.
        let top = state.modals.last?.last ?? root.last
        let own =
            top.map {
                ActionKeys.assign($0.liveContent.actions + overlay.added).map { ActionKeys.label($0.key, $0.action) }
            } ?? []
        let bar =
            overlay.isReplay
            ? (text: replayKeys(width: width), keysLeft: false)
            : actionsBar(own, windows: overlay.window != nil, width: width)
        grid.write(bar.text, row: height - 2, column: 0, style: .dim)
        // The tab bar, or the line being typed.
        if let input {
            let text = input.isSecret ? String(repeating: "*", count: input.text.count) : input.text
            let line = inputLine(prompt: input.prompt, text: text, cursor: input.cursor, width: width)
            var end = grid.write(line.before, row: height - 1, column: 0, style: .bold)
            end = grid.write(
                line.under.map(String.init) ?? "_", row: height - 1, column: end, style: [.bold, .inverse])
            grid.write(line.after, row: height - 1, column: end, style: .bold)
        } else if state.roots.contains(where: { $0.name != nil }) {
            var column = 1
            for tab in tabBar(state.roots.map { $0.name ?? "" }, selected: state.selected, width: width) {
                column = grid.write(
                    tab.text, row: height - 1, column: tab.column, style: tab.index == state.selected ? .inverse : [])
                column += 1
            }
            // The keys the actions bar had no room for, at the end of the tab bar.
            if bar.keysLeft, let keys = keysAtEnd(windows: overlay.window != nil, after: column, width: width) {
                grid.write(keys.text, row: height - 1, column: keys.column, style: .dim)
            }
        } else if overlay.isReplay {
            grid.write(
                fitting([" A replay of a recorded session", " A replay"], in: width), row: height - 1, column: 0)
        } else if bar.keysLeft {
            grid.write(
                " " + keysFitting(windows: overlay.window != nil, width: width), row: height - 1, column: 0, style: .dim
            )
        } else {
            // Said whole where it fits; on a narrow terminal shorter, not cut in the middle of a word.
            let hints = [
                " Waypoint: press a key of the bar above, or ':' to type any command",
                " Waypoint: a key of the bar above, or ':' for any command", " Keys above · ':' command",
                " ':' command",
            ]
            grid.write(fitting(hints, in: width), row: height - 1, column: 0)
        }
        return grid
    }

    /// The keys of every screen, long, short, and the least of them (back and a command); with
    /// several windows, the key to the next one first.
    static func keys(windows: Bool) -> (long: String, short: String, least: String) {
        (
            (windows ? "`: window · " : "") + "Enter: open · Esc: back · Tab: tabs · ':' command",
            (windows ? "` window · " : "") + "Enter open · Esc back · Tab tabs · : cmd",
            (windows ? "` · " : "") + "Esc back · : cmd"
        )
    }

    /// The actions bar for `width` columns: the screen's own actions, then the keys of every
    /// screen, long or short, where they fit; `keysLeft` when they do not, and go to the tab bar.
    /// Too narrow for the actions (`[s]end <text>`), they show without what they take
    /// (`[s]end`), then the last ones by their key alone (`[p]`), so every key is on the bar.
    static func actionsBar(_ own: [String], windows: Bool, width: Int) -> (text: String, keysLeft: Bool) {
        let (long, short, _) = keys(windows: windows)
        for keys in [long, short] {
            let bar = " " + (own + [keys]).joined(separator: "  ")
            if DisplayWidth.of(bar) <= width { return (bar, false) }
        }
        // A screen with no actions (one loading) shows fewer keys rather than a cut row.
        guard !own.isEmpty else { return (" " + keysFitting(windows: windows, width: width), false) }
        let whole = " " + own.joined(separator: "  ")
        guard DisplayWidth.of(whole) > width else { return (whole, true) }
        let named = own.map { String($0.prefix { $0 != " " }) }
        let keyed = named.map { label in label.firstIndex(of: "[").map { String(label[$0...].prefix(3)) } ?? label }
        for count in stride(from: own.count, through: 0, by: -1) {
            let bar = " " + (named.prefix(count) + keyed.dropFirst(count)).joined(separator: " ")
            if DisplayWidth.of(bar) <= width || count == 0 { return (bar, true) }
        }
        return (whole, true)
    }

    /// A replay's keys, in as many words as fit in `width`.
    static func replayKeys(width: Int) -> String {
        fitting(
            [
                " <-: earlier event · ->: later event · q: quit", " <- earlier · -> later · q quit",
                " <- -> step · q quit",
            ],
            in: width)
    }

    /// The first of `wordings`, longest first, that fits in `columns`; else the last, the shortest.
    static func fitting(_ wordings: [String], in columns: Int) -> String {
        first(of: wordings) { DisplayWidth.of($0) <= columns }
    }

    /// The first of `wordings`, longest first, that `fits`; else the last, the shortest.
    static func first(of wordings: [String], where fits: (String) -> Bool) -> String {
        wordings.first(where: fits) ?? wordings[wordings.count - 1]
    }

    /// The keys of every screen on a row of their own, short or fewer, as they fit in `width`:
    /// back and a command, after the key to the next window while there are several.
    static func keysFitting(windows: Bool, width: Int) -> String {
        let (_, short, least) = keys(windows: windows)
        let fewer = (windows ? "` window · " : "") + "Esc back · : cmd"
        return [short, fewer].first { DisplayWidth.of($0) < width } ?? least
    }

    /// The keys of every screen, long, short or the least of them (back and a command),
    /// right-aligned after `column` on a row of `width`; `nil` when none fits (`help` lists them).
    static func keysAtEnd(windows: Bool, after column: Int, width: Int) -> (text: String, column: Int)? {
        let (long, short, least) = keys(windows: windows)
        for keys in [long, short, least] where column + 2 + DisplayWidth.of(keys) + 1 <= width {
            return (keys, width - 1 - DisplayWidth.of(keys))
        }
        return nil
    }

    /// The tabs as the tab bar shows them in `width` columns, each with its column: a space apart
    /// where they fit so, side by side where that fits, else as many as fit beside the one shown.
    static func tabBar(_ names: [String], selected: Int, width: Int) -> [(text: String, column: Int, index: Int)] {
        let labels = names.map { " \($0) " }
        let widths = labels.map { DisplayWidth.of($0) }
        let apart = 1 + widths.reduce(0, +) + labels.count - 1 <= width
        var (first, last) = (0, labels.count - 1)
        if !apart, widths.reduce(0, +) > width, labels.indices.contains(selected) {
            (first, last) = (selected, selected)
            var used = widths[selected]
            while true {
                if last + 1 < labels.count, used + widths[last + 1] <= width {
                    (last, used) = (last + 1, used + widths[last + 1])
                } else if first > 0, used + widths[first - 1] <= width {
                    (first, used) = (first - 1, used + widths[first - 1])
                } else {
                    break
                }
            }
        }
        var column = apart ? 1 : 0
        return (first...last).map { index in
            defer { column += widths[index] + (apart ? 1 : 0) }
            return (labels[index], column, index)
        }
    }

    /// The breadcrumb (or a modal frame's titles) as it fits in `columns`: whole, or its end behind
    /// a `…`, from the first screen's title that leaves room (`… > [Pick a friend]`), as where the
    /// user is matters more than where they began; else the last title, cut at its beginning if
    /// it must be.
    static func breadcrumb(_ crumb: String, fitting columns: Int) -> String {
        guard columns > 1, DisplayWidth.of(crumb) > columns else { return crumb }
        var start = crumb.startIndex
        while let separator = crumb[start...].firstRange(of: " > ") {
            let end = crumb[separator.lowerBound...]
            if 1 + DisplayWidth.of(end) <= columns { return "…" + end }
            start = separator.upperBound
        }
        // The last title alone, or as much of its end as fits.
        return "…" + DisplayWidth.suffix(of: crumb[start...], fitting: columns - 1)
    }

    /// The line being typed as it fits in `width` columns, in three parts: the prompt and the
    /// text before the cursor (its end, behind a `…` when it is longer than the line), the
    /// character under the cursor (`nil` at the end, where the cursor is a cell of its own), and
    /// as much of the text after it as fits.
    static func inputLine(prompt: String, text: String, cursor: Int? = nil, width: Int) -> (
        before: String, under: Character?, after: String
    ) {
        let characters = Array(text)
        let at = min(cursor ?? characters.count, characters.count)
        let under = at < characters.count ? characters[at] : nil
        let room = width - DisplayWidth.of(prompt) - (under.map { DisplayWidth.of($0) } ?? 1)
        var before = String(characters[..<at])
        if DisplayWidth.of(before) > room, room > 1 {
            // The longest end of the text before the cursor that fits after the ellipsis.
            before = "…" + DisplayWidth.suffix(of: before[...], fitting: room - 1)
        }
        var left = room - DisplayWidth.of(before)
        var after = ""
        for character in characters.dropFirst(at + 1) {
            left -= DisplayWidth.of(character)
            guard left >= 0 else { break }
            after.append(character)
        }
        return (prompt + before, under, after)
    }

    /// `text` in lines of at most `width` columns, broken at spaces where it can be, within a
    /// word where it must.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var word = Substring(word)
            if !line.isEmpty, DisplayWidth.of(line) + 1 + DisplayWidth.of(word) <= width {
                line += " " + word
                continue
            }
            if !line.isEmpty { lines.append(line) }
            line = ""
            while DisplayWidth.of(word) > width {
                let head = DisplayWidth.prefix(of: word, fitting: width)
                lines.append(String(head))
                word = word.dropFirst(head.count)
            }
            line = String(word)
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }

    /// Where the screen of the modal at `level` is drawn (its title, then its body), and the frame
    /// around it. Each modal is inset from the one under it, in a frame; one the terminal has no
    /// room to frame with two lines of its own (under its title and a blank line), or with 14
    /// columns of text (what a chat's indented line needs to wrap, not be cut), covers the whole
    /// body instead, so the screen on top is always the one shown, with what it says.
    static func area(ofModal level: Int, width: Int, height: Int)
        -> (rows: Range<Int>, columns: Range<Int>, frame: (rows: Range<Int>, columns: Range<Int>)?)
    {
        let bodyEnd = height - footer
        let rows = (2 + level)..<max(2 + level, bodyEnd - level)
        let columns = (3 + 2 * level)..<max(3 + 2 * level, width - 3 - 2 * level)
        // Inside the frame, two columns each side, and the one a screen's text starts after.
        guard rows.count >= 6, columns.count - 5 >= 14 else { return (1..<bodyEnd, 0..<width, nil) }
        return (
            (rows.lowerBound + 1)..<(rows.upperBound - 1), (columns.lowerBound + 2)..<(columns.upperBound - 2),
            (rows, columns)
        )
    }

    /// The rows the body of the screen on top has (under its title and a blank row), and the
    /// columns its text has.
    static func room(_ state: DisplayState, width: Int, height: Int) -> (rows: Int, columns: Int) {
        var (rows, columns) = (1..<(height - footer), 0..<width)
        if let level = state.modals.indices.last {
            (rows, columns, _) = area(ofModal: level, width: width, height: height)
        }
        return (max(0, rows.count - 2), max(0, columns.count - 1))
    }

    /// The rows `lines` take in `width` columns, and which is the chosen item's first: each item
    /// numbered (the chosen one marked), and a line too wide for its row wrapped at its words, its
    /// further rows indented as far as its text starts (a narrow terminal cuts no text off).
    static func bodyRows(_ lines: [ScreenContent.Line], width: Int, selection: Int?) -> (
        rows: [(text: String, isChosen: Bool)], chosen: Int?
    ) {
        var rows: [(text: String, isChosen: Bool)] = []
        var chosen: Int?
        var number = 0
        for line in lines {
            var (lead, text, isChosen) = ("", "", false)
            switch line {
            case .text(let whole):
                lead = String(whole.prefix { $0 == " " })
                text = String(whole.dropFirst(lead.count))
            case .item(let whole):
                isChosen = number == selection
                number += 1
                lead = (isChosen ? "> " : "  ") + "\(number). "
                text = whole
                if isChosen { chosen = rows.count }
            }
            let room = width - DisplayWidth.of(lead)
            // Too narrow to wrap in, the line is cut at the edge, as it fits.
            guard room >= 10, DisplayWidth.of(text) > room else {
                rows.append((lead + text, isChosen))
                continue
            }
            let indent = String(repeating: " ", count: DisplayWidth.of(lead))
            for (index, part) in wrap(text, width: room).enumerated() {
                rows.append(((index == 0 ? lead : indent) + part, isChosen))
            }
        }
        return (rows, chosen)
    }

    /// Which of `count` lines a body of `room` rows shows (from `first`, `shown` of them): the line
    /// `chosen` in sight, or else the lines from `scroll` (as far as the end allows; `Int.max` is
    /// the end). `above` and `below` say whether lines are hidden there: the row under the title
    /// says how many above, and the body's last row how many below (when it has two rows or more).
    static func visible(count: Int, room: Int, chosen: Int?, scroll: Int) -> (
        first: Int, shown: Int, above: Bool, below: Bool
    ) {
        guard count > room else { return (0, count, false, false) }
        let marks = room >= 2
        func shown(from first: Int) -> Int { marks && first + room < count ? room - 1 : room }
        let last = count - room
        var first = min(max(0, scroll), last)
        if let chosen {
            first = 0
            while first < last, chosen >= first + shown(from: first) { first += 1 }
        }
        let rows = shown(from: first)
        return (first, rows, first > 0, marks && first + rows < count)
    }

    /// A screen's title and body in `rows` × `columns`: its items numbered, the chosen one marked,
    /// its lines wrapped to the columns. A body longer than its rows shows the chosen item, or the
    /// rows from the scroll, and says how many more rows there are above and below.
    static func drawScreen(
        _ screen: Shown, into grid: inout Grid, rows: Range<Int>, columns: Range<Int>,
        at position: (selection: Int?, scroll: Int)
    ) {
        guard !rows.isEmpty else { return }
        let (left, limit) = (columns.lowerBound + 1, columns.count - 1)
        grid.write(screen.liveTitle, row: rows.lowerBound, column: left, style: .bold, limit: limit)
        let lines = screen.liveContent.lines
        let hasItems = lines.contains { if case .item = $0 { true } else { false } }
        let made = bodyRows(lines, width: limit, selection: position.selection)
        let body = min(rows.lowerBound + 2, rows.upperBound)..<rows.upperBound
        let view = visible(
            count: made.rows.count, room: body.count, chosen: made.chosen, scroll: hasItems ? 0 : position.scroll)
        if view.above, !body.isEmpty {
            grid.write(
                more(view.first, "above", "↑", fitting: limit), row: body.lowerBound - 1, column: left, style: .dim,
                limit: limit)
        }
        var row = body.lowerBound
        for shown in made.rows[view.first..<(view.first + view.shown)] {
            grid.write(shown.text, row: row, column: left, style: shown.isChosen ? .inverse : [], limit: limit)
            row += 1
        }
        if view.below {
            let below = made.rows.count - view.first - view.shown
            grid.write(more(below, "below", "↓", fitting: limit), row: row, column: left, style: .dim, limit: limit)
        }
    }

    /// How many rows more a body has in `direction` (`-- 3 more below --`), said shorter where a
    /// narrow row has no room for it (`-- 3 more ↓`, `3 ↓`).
    static func more(_ count: Int, _ direction: String, _ arrow: String, fitting columns: Int) -> String {
        fitting(
            [
                "-- \(count) more \(direction) --", "-- \(count) more \(arrow)", "\(count) more \(arrow)",
                "\(count) \(arrow)",
            ],
            in: columns)
    }

    /// What the console said: one line over the actions bar, or a box of them above it. A line
    /// too long for the terminal wraps, so its "what to do" is never cut off; when there are more
    /// lines than room, the box shows them from `scroll` (`Int.max`, the default, is the end: the
    /// newest), its edges say how many more are above and below, and ↑ ↓ scroll it.
    static func drawMessages(_ messages: [String], scroll: Int = .max, into grid: inout Grid, bodyEnd: Int) {
        guard !messages.isEmpty else { return }
        if isOneLine(messages, width: grid.width) {
            let style: CellStyle = messages[0].hasPrefix("error:") ? .bold : []
            grid.write(" " + messages[0], row: bodyEnd, column: 0, style: style)
            return
        }
        let lines = messageLines(messages, width: grid.width)
        let room = messageRoom(bodyEnd: bodyEnd)
        let first = min(max(0, scroll), max(0, lines.count - room))
        let shown = lines[first..<min(lines.count, first + room)]
        let rows = (bodyEnd + 1 - shown.count - 2)..<(bodyEnd + 1)
        // The box's rows are cleared edge to edge: a screen's text beside it would read as its own.
        grid.fill(rows: rows, columns: 0..<grid.width)
        grid.box(rows: rows, columns: 1..<(grid.width - 1), title: first > 0 ? "\(first) more above ↑" : nil)
        for (offset, line) in shown.enumerated() {
            grid.write(
                line.text, row: rows.lowerBound + 1 + offset, column: 3, style: line.isError ? .bold : [],
                limit: grid.width - 6)
        }
        guard lines.count > room else { return }
        let below = lines.count - first - shown.count
        grid.write(
            " " + (below > 0 ? "\(below) more below ↓ · " : "") + "Esc closes ", row: rows.upperBound - 1, column: 3,
            style: .bold, limit: grid.width - 6)
    }

    /// What the console said, in the rows of the box that shows it.
    static func messageLines(_ messages: [String], width: Int) -> [(text: String, isError: Bool)] {
        messages.flatMap { message in
            wrap(message, width: width - 6).map { (text: $0, isError: message.hasPrefix("error:")) }
        }
    }

    /// How many lines the box of messages shows, its body ending at `bodyEnd`.
    static func messageRoom(bodyEnd: Int) -> Int { max(1, bodyEnd - 3) }

    /// How many lines of `messages` the box has no room for on a terminal of `width` × `height`:
    /// while there are some, ↑ and ↓ scroll it.
    static func messagesHidden(_ messages: [String], width: Int, height: Int) -> Int {
        guard !isOneLine(messages, width: width) else { return 0 }
        return max(0, messageLines(messages, width: width).count - messageRoom(bodyEnd: height - footer))
    }

    /// Whether `messages` are one that fits on the row over the actions bar, with no box.
    static func isOneLine(_ messages: [String], width: Int) -> Bool {
        messages.count == 1 && DisplayWidth.of(messages[0]) < width
    }

    /// `scroll` moved by `step`, where `last` is the last first line there is: past it, `Int.max`,
    /// the end, which then follows the end as lines come; never before the first line.
    static func scrolled(_ scroll: Int, by step: Int, last: Int) -> Int {
        let first = min(scroll, last) + step
        return first >= last ? .max : max(0, first)
    }
}

extension Shown {
    /// The screen's title now, or as it was when it left.
    var liveTitle: String { screen?.title ?? title }
    /// What the screen shows now, or showed when it left.
    var liveContent: ScreenContent { screen?.content ?? content }
}
