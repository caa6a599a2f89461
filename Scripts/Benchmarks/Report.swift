import Foundation

/// Prints each figure as it is measured, with its target, and counts the targets missed.
final class Report {
    private var missed: [String] = []
    /// Whether each measured figure is also printed as `figure<TAB>label<TAB>value<TAB>better`
    /// (`lower` or `higher`), for `Scripts/bench --compare` to read: with
    /// `WAYPOINT_BENCH_FIGURES=1` in the environment.
    let printsFigures = ProcessInfo.processInfo.environment["WAYPOINT_BENCH_FIGURES"] == "1"
    /// Where each line is also written as a row of a Markdown table (figure, value, target, met
    /// or missed), for `Scripts/bench --article` to put in the Performance article: the file
    /// `WAYPOINT_BENCH_MARKDOWN` names, when it is set.
    private let rows = ProcessInfo.processInfo.environment["WAYPOINT_BENCH_MARKDOWN"].flatMap {
        FileHandle(forWritingAtPath: $0)
    }

    /// Prints `label: value` and, when there is a target, whether it was met and by how much
    /// it was missed.
    /// - Parameters:
    ///   - label: what was measured.
    ///   - value: the figure as printed.
    ///   - measured: the figure in the unit the target uses.
    ///   - target: the limit.
    ///   - atMost: whether lower (true) or higher (false) is better.
    ///   - unit: the unit of `measured` and `target`, as printed.
    func line(
        _ label: String, _ value: String, measured: Double? = nil, target: Double? = nil, atMost: Bool = true,
        unit: String = ""
    ) {
        var text = "\(label): \(value)"
        var row = ["", ""]
        if let measured, let target {
            let met = atMost ? measured <= target : measured >= target
            let bound = "\(atMost ? "<" : "≥") \(Format.number(target))\(unit)"
            row = ["\(atMost ? "≤" : "≥") \(Format.number(target))\(unit)", met ? "met" : "**missed**"]
            if met {
                text += "  (target \(bound): met)"
            } else {
                let factor = atMost ? measured / target : target / measured
                text += "  (target \(bound): MISSED, \(Format.number(factor))× off)"
                missed.append(label)
            }
        }
        print(text)
        if let rows {
            let cells = ([label, value] + row).map { $0.replacingOccurrences(of: "|", with: "\\|") }
            rows.write(Data("| \(cells.joined(separator: " | ")) |\n".utf8))
        }
        if printsFigures, let measured {
            print("figure\t\(label)\t\(measured)\t\(atMost ? "lower" : "higher")")
        }
    }

    var summary: String {
        missed.isEmpty ? "All targets met." : "Targets missed: \(missed.joined(separator: "; "))."
    }
}

enum Format {
    /// 1234567.8 → "1,234,568"; 12.345 → "12.3"; 0.4567 → "0.457".
    static func number(_ value: Double) -> String {
        if value >= 1000 {
            let digits = String(Int(value.rounded()))
            var grouped = ""
            for (index, digit) in digits.enumerated() {
                if index > 0, (digits.count - index) % 3 == 0 { grouped += "," }
                grouped.append(digit)
            }
            return grouped
        }
        let places = value >= 100 ? 0 : value >= 10 ? 1 : value >= 1 ? 2 : 3
        return String(format: "%.\(places)f", value)
    }
}

extension Duration {
    /// The duration in nanoseconds.
    var nanoseconds: Double {
        Double(components.seconds) * 1e9 + Double(components.attoseconds) / 1e9
    }
}

/// What the figures were measured on.
enum Machine {
    static func describe() -> String {
        let info = ProcessInfo.processInfo
        let cpu =
            (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?
            .split(separator: "\n").first { $0.hasPrefix("model name") }?
            .split(separator: ":", maxSplits: 1).last?.trimmingCharacters(in: .whitespaces) ?? "unknown CPU"
        let memory = Double(info.physicalMemory) / Double(1 << 30)
        return "\(cpu), \(info.activeProcessorCount) cores, \(Format.number(memory)) GiB, "
            + "\(info.operatingSystemVersionString)"
    }

    /// The resident memory of this process in bytes (Linux); `nil` where /proc is missing.
    static func residentBytes() -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kilobytes = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return nil }
        return kilobytes * 1024
    }
}
