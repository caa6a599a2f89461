import Navigation

extension Substring {
    /// The line without the spaces at its end.
    var trimmingWhitespaceAtEnd: Substring {
        var line = self
        while line.last == " " { line.removeLast() }
        return line
    }
}
