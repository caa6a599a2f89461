import Navigation

/// Draws a frame in the middle of a change: in the rows that move (the screens' area), the
/// rectangle of cells that change moves in (or out) as the change's animation says, over what
/// stays; the other rows (the breadcrumb, the bars) switch halfway. What moves is found by
/// comparing the frames before and after, so any change animates the same way: a pushed screen's
/// body slides, a modal's frame rises, a new root fades.
enum Composer {
    /// The frame at `time` of a change from `before` to `after`.
    /// - Parameters:
    ///   - before: the frame before the change.
    ///   - after: the frame after it.
    ///   - animation: how it animates.
    ///   - isPresenting: whether a screen arrives (it moves in) or leaves (it moves out).
    ///   - time: how far the change is, from 0 to 1.
    ///   - rows: the rows that move; the others switch halfway through.
    /// - Returns: the frame.
    static func frame(
        from before: Grid, to after: Grid, _ animation: Animation, isPresenting: Bool, at time: Double, rows: Range<Int>
    ) -> Grid {
        guard before.width == after.width, before.height == after.height, time < 1, !animation.isInstant else {
            return after
        }
        let progress = animation.curve.progress(at: time)
        var frame = progress < 0.5 ? before : after
        guard let area = changed(before, after, in: rows.clamped(to: 0..<after.height)) else { return frame }
        switch animation.effect {
        case .cut:
            return after
        case .fade:
            frame.style(rows: area.rows, columns: area.columns, adding: .dim)
            return frame
        case .slide(let edge):
            slide(
                from: before, to: after, area: area, edge: edge, isPresenting: isPresenting, progress: progress,
                into: &frame)
        case .rise:
            slide(
                from: before, to: after, area: area, edge: .bottom, isPresenting: isPresenting, progress: progress,
                into: &frame)
        }
        return frame
    }

    /// The smallest rectangle of `rows` that holds every cell that differs; `nil` when none does.
    private static func changed(_ before: Grid, _ after: Grid, in rows: Range<Int>) -> (
        rows: Range<Int>, columns: Range<Int>
    )? {
        var (top, bottom, left, right) = (Int.max, -1, Int.max, -1)
        for row in rows {
            for column in 0..<after.width where before[row, column] != after[row, column] {
                top = min(top, row)
                bottom = max(bottom, row)
                left = min(left, column)
                right = max(right, column)
            }
        }
        return bottom < 0 ? nil : (top..<(bottom + 1), left..<(right + 1))
    }

    /// Presenting, the area of `after` slides in from `edge` over `before`; otherwise the area of
    /// `before` slides out towards `edge` from over `after`. Cells moved outside the area are
    /// not drawn: the screens' area clips them.
    private static func slide(
        from before: Grid, to after: Grid, area: (rows: Range<Int>, columns: Range<Int>), edge: Animation.Edge,
        isPresenting: Bool, progress: Double, into frame: inout Grid
    ) {
        let (moving, under) = isPresenting ? (after, before) : (before, after)
        let away = isPresenting ? 1 - progress : progress
        let (dx, dy): (Int, Int) =
            switch edge {
            case .trailing: (Int((away * Double(area.columns.count)).rounded()), 0)
            case .leading: (-Int((away * Double(area.columns.count)).rounded()), 0)
            case .bottom: (0, Int((away * Double(area.rows.count)).rounded()))
            case .top: (0, -Int((away * Double(area.rows.count)).rounded()))
            }
        for row in area.rows {
            for column in area.columns { frame[row, column] = under[row, column] }
        }
        for row in area.rows {
            for column in area.columns where area.rows.contains(row + dy) && area.columns.contains(column + dx) {
                frame[row + dy, column + dx] = moving[row, column]
            }
        }
    }
}
