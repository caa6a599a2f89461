import Domain
import Testing

@MainActor
@Suite("Feature flags")
struct FeatureFlagTests {
    static let cards = FeatureFlag("profile.v2", default: false, summary: "cards")
    static let fast = FeatureFlag("chat.fast", default: true, summary: "fast")

    @Test("a flag is its default until set; set values stick")
    func values() throws {
        let flags = FeatureFlags([Self.cards, Self.fast])
        #expect(!flags.isOn(Self.cards))
        #expect(flags.isOn(Self.fast))

        try flags.set("profile.v2", to: true)
        try flags.set("chat.fast", to: false)
        #expect(flags.isOn(Self.cards))
        #expect(!flags.isOn(Self.fast))
        #expect(flags.registry == [Self.cards, Self.fast])
    }

    @Test("settings from the environment apply all or nothing")
    func apply() throws {
        let flags = FeatureFlags([Self.cards, Self.fast])
        try flags.apply("profile.v2=on,chat.fast=OFF")
        #expect(flags.isOn(Self.cards) && !flags.isOn(Self.fast))

        #expect(throws: FlagError.unknownFlag("nope", known: ["profile.v2", "chat.fast"])) {
            try flags.apply("profile.v2=off,nope=on")
        }
        #expect(throws: FlagError.invalidValue("yes", flag: "chat.fast")) {
            try flags.apply("profile.v2=off,chat.fast=yes")
        }
        #expect(throws: FlagError.malformedSetting("")) { try flags.apply("profile.v2=off,") }
        #expect(flags.isOn(Self.cards), "a failed apply changed a flag")
    }

    @Test("a name is read in any case, and spaces around a setting are left out, as the console reads words")
    func lenient() throws {
        let flags = FeatureFlags([Self.cards, Self.fast])
        try flags.apply(" PROFILE.V2=On , Chat.Fast=off ")
        #expect(flags.isOn(Self.cards) && !flags.isOn(Self.fast))
        try flags.set("Profile.V2", to: false)
        #expect(!flags.isOn(Self.cards))
        #expect(throws: FlagError.invalidValue("on x", flag: "chat.fast")) { try flags.apply("chat.fast=on x") }
        #expect(throws: FlagError.unknownFlag("chat fast", known: ["profile.v2", "chat.fast"])) {
            try flags.apply("chat fast=on")
        }
    }

    @Test("an unknown flag, a bad value or a malformed setting is an error that says what to write")
    func errors() {
        let flags = FeatureFlags([Self.cards])
        #expect(throws: FlagError.unknownFlag("x", known: ["profile.v2"])) { try flags.set("x", to: true) }
        #expect(throws: FlagError.malformedSetting("=on")) { try FeatureFlags.parse("=on") }
        #expect(
            FlagError.unknownFlag("x", known: ["profile.v2"]).description
                == "there is no flag \"x\"; the flags are profile.v2")
        #expect(FlagError.unknownFlag("x", known: []).description == "there is no flag \"x\"; the flags are none")
        #expect(
            FlagError.invalidValue("maybe", flag: "profile.v2").description
                == "\"maybe\" is not a value for profile.v2; use on or off")
        #expect(
            FlagError.malformedSetting("v2").description
                == "\"v2\" is not a flag setting; write <name>=on or <name>=off")
    }
}
