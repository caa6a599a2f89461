extension StateText {
    /// A session of several windows as text: version 3, the window in front (from 0), then each
    /// window's text after a `window` line.
    public static func text(ofWindows texts: [String], front: Int) -> String {
        var lines = ["\(header) \(version)", "front \(front)"]
        for text in texts {
            lines.append("window")
            lines += text.split(separator: "\n").dropFirst().map(String.init)
        }
        return lines.joined(separator: "\n")
    }

    /// The windows of a version 3 text, each as a window's text, and the one in front (the first
    /// when it is missing, or names none: a problem then); `nil` for a text of one window.
    public static func windows(in text: String) -> (front: Int, windows: [String], problems: [Problem])? {
        let lines = Self.lines(of: text)
        guard let first = lines.first, first == "\(header) \(version)" else { return nil }
        var front = 0
        var windows: [[Substring]] = []
        for line in lines.dropFirst() {
            if line == "window" {
                windows.append([])
            } else if windows.isEmpty {
                if line.hasPrefix("front "), let number = Int(line.dropFirst(6)) { front = number }
            } else {
                windows[windows.count - 1].append(line)
            }
        }
        let texts = windows.map { (["\(header) \(windowVersion)"] + $0.map(String.init)).joined(separator: "\n") }
        guard texts.indices.contains(front) else {
            return (0, texts, [.noFront(number: front + 1, windows: texts.count)])
        }
        return (front, texts, [])
    }
}

extension Substring {
    /// The line without the spaces at its end.
    var trimmingSpacesAtEnd: Substring {
        var line = self
        while line.last == " " { line.removeLast() }
        return line
    }
}
