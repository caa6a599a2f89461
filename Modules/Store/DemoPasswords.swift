import Domain

extension PasswordHash {
    /// The hash a new file keeps for a demo account of `DemoData.standard`, made once: its
    /// password at `standardIterations`, with a salt of the account's own. `nil` for any other
    /// account, password or iteration count (a store that hashes with fewer), which is hashed
    /// with a new random salt as it is stored.
    ///
    /// Hashing the eleven demo passwords takes a debug build about 3 s, which every new file
    /// paid: the first `swift run App`, and each test that starts App on a new file. Their
    /// passwords are README's, so a salt made once hides nothing that a new one would; a password
    /// set later (`reset`) gets a new salt. `HashTests` checks each hash against its password:
    /// a demo password changed in `DemoData` needs its line here made again, from the `salt` and
    /// `hash` of `PasswordHash(hashing:)`, written in hexadecimal.
    static func madeOnce(
        for user: UserID, _ password: Password, iterations: Int = standardIterations
    ) -> PasswordHash? {
        guard iterations == standardIterations, let made = demoAccounts[user.rawValue],
            password.utf8Bytes == Array(made.password.utf8)
        else { return nil }
        return PasswordHash(iterations: standardIterations, salt: bytes(hex: made.salt), hash: bytes(hex: made.hash))
    }

    /// By user: the password, then the salt and the hash in hexadecimal.
    private static let demoAccounts: [String: (password: String, salt: String, hash: String)] = [
        "alice": (
            "wonderland", "999bb87c61ca8f4b873f25cd567e9f4d",
            "bbb1c21d85f9a2a5a21851e6767bd3fc56d17a50d2a38a4c35b4f20796a71f13"
        ),
        "bob": (
            "fixit123", "3d0f589e4380b38441a46143710d0127",
            "7d6ff0460275379f22fe7c8431749cfaa17e05d3c76f328af1555257feb494db"
        ),
        "carol": (
            "carols", "a1e266556f6c48af0f6096e3a43b5f0d",
            "64d10cc46899a76abd0bd07dc2c458d8952933b3aa8635391f3d33062d357bb7"
        ),
        "dave": (
            "sourdough", "9a7b39ac2056223f19465b5baf1d9779",
            "693733cd381ccb67129ffa709e771390162e4cab753c2e7488e80528c35341fb"
        ),
        "erin": (
            "summit", "de798f945524bc4b59ca548dcf3aae2e",
            "ce77c3630cdbaa893dd6031b21c49fd8f3da65f0ad7c4036fc49809b92ee33a7"
        ),
        "frank": (
            "offline", "0a30a99057bbe9561b93b94918e04926",
            "ae64ba81b73a38b515875ddedb6c05bdfdc0844b359385d1abb9c2b9e219f2d9"
        ),
        "quinn": (
            "patience", "85d2e76947dc7ab20a68e12e807bdce3",
            "d79542abe058fc4aaf48fd853af47ed4f3c60c321fe988f481321e7e765f3171"
        ),
        "gina": (
            "slowpoke", "873f7156f187e22f02528094a6f2bd9b",
            "7215880b9141a3d3d830c83e888f65577c4d4ba2fc056e4cb010d1b6bedb7401"
        ),
        "hal": (
            "tryagain", "3b6febc61aab6d41ece3c811098ff815",
            "1c95c88823a5b1b7ad3c2a840a182bb5674e112b6db3c99904d919f71f3546c3"
        ),
        "ivy": (
            "silence", "dd13a35d75c6f4b53cb70a0f25b3d073",
            "2c974af26ee23065d6a8c7193e5db8cbc875751c1fc1c132383ea4f16d625d6b"
        ),
        "kim": (
            "verbose", "fec648e4770e3c1c648efa0ca3d6b94d",
            "eccf4e2addab9a64aae4231bbf4ccab66959fbd36060c5384437de71a7b50b5f"
        ),
    ]

    /// The bytes `hex` writes, two digits each.
    private static func bytes(hex: String) -> [UInt8] {
        let digits = Array(hex.utf8)
        return stride(from: 0, to: digits.count - 1, by: 2).map { index in
            UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) ?? 0
        }
    }
}
