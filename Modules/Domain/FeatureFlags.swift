/// A switch that turns a piece of the app on or off without a new build (an old and a
/// new screen behind a flag). The feature that reads a flag declares it; the app registers it.
public struct FeatureFlag: Hashable, Sendable {
    /// Lowercase, dotted: `profile.v2`.
    public let name: String
    /// The value when nobody set it.
    public let defaultValue: Bool
    /// What turning it on does, in a few words.
    public let summary: String

    public init(_ name: String, default defaultValue: Bool, summary: String) {
        self.name = name
        self.defaultValue = defaultValue
        self.summary = summary
    }
}

/// The app's flags: which exist, and which are on. Set from the console, the command line or
/// the environment; read where a feature decides between two behaviours, at one place each.
@MainActor
public final class FeatureFlags {
    /// Every registered flag, in the order given.
    public let registry: [FeatureFlag]
    private var values: [String: Bool] = [:]

    public init(_ registry: [FeatureFlag] = []) {
        self.registry = registry
    }

    /// Whether `flag` is on: its set value, else its default.
    public func isOn(_ flag: FeatureFlag) -> Bool {
        values[flag.name] ?? flag.defaultValue
    }

    /// Turns the flag called `name` on or off; a name is read in any case (`PROFILE.V2`), as
    /// the console reads its other words.
    /// - Throws: `FlagError.unknownFlag` unless it is registered.
    public func set(_ name: String, to value: Bool) throws(FlagError) {
        let name = name.lowercased()
        try requireRegistered(name)
        values[name] = value
    }

    /// Applies settings written `name=on,other=off` (as in the environment), all or nothing;
    /// spaces around a setting are left out (`profile.v2=on, other=off`). An empty string is no
    /// settings (`WAYPOINT_FLAGS=` means no flags).
    /// - Throws: `FlagError` naming the first bad setting; no flag changes then.
    public func apply(_ settings: String) throws(FlagError) {
        guard !settings.isEmpty else { return }
        let parsed = try settings.split(separator: ",", omittingEmptySubsequences: false).map {
            part throws(FlagError) in
            try Self.parse(String(part.trimmingWhitespace()))
        }
        for (name, _) in parsed { try requireRegistered(name) }
        for (name, value) in parsed { values[name] = value }
    }

    private func requireRegistered(_ name: String) throws(FlagError) {
        guard registry.contains(where: { $0.name == name }) else {
            throw .unknownFlag(name, known: registry.map(\.name))
        }
    }

    /// Reads one setting, `name=on` or `name=off`.
    /// - Throws: `FlagError.malformedSetting` or `FlagError.invalidValue`.
    nonisolated public static func parse(_ setting: String) throws(FlagError) -> (name: String, value: Bool) {
        let parts = setting.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty else { throw .malformedSetting(setting) }
        let name = parts[0].lowercased()
        return (name, try value(String(parts[1]), for: name))
    }

    /// Reads `on` or `off`.
    /// - Throws: `FlagError.invalidValue` for anything else.
    nonisolated public static func value(_ text: String, for name: String) throws(FlagError) -> Bool {
        switch text.lowercased() {
        case "on": true
        case "off": false
        default: throw .invalidValue(text, flag: name)
        }
    }
}

/// Why a flag cannot be set.
public enum FlagError: Error, Hashable, Sendable, CustomStringConvertible {
    case unknownFlag(String, known: [String])
    case invalidValue(String, flag: String)
    case malformedSetting(String)

    public var description: String {
        switch self {
        case .unknownFlag(let name, let known):
            "there is no flag \"\(name)\"; the flags are " + (known.isEmpty ? "none" : known.joined(separator: ", "))
        case .invalidValue(let value, let flag):
            "\"\(value)\" is not a value for \(flag); use on or off"
        case .malformedSetting(let setting):
            "\"\(setting)\" is not a flag setting; write <name>=on or <name>=off"
        }
    }
}
