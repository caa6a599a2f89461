import Domain
import Testing

@testable import Store

/// The hashes against their standards' published vectors.
@Suite("Password hashing")
struct HashTests {
    @Test(
        "SHA-256 gives FIPS 180's example digests",
        arguments: [
            ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
            ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
            (
                "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"
            ),
        ])
    func sha256(message: String, digest: String) {
        #expect(hex(SHA256.hash(Array(message.utf8))) == digest)
    }

    @Test("SHA-256 of a million a's, fed in uneven pieces, is FIPS 180's long-message digest")
    func sha256InPieces() {
        var hasher = SHA256()
        var fed = 0
        var size = 1
        while fed < 1_000_000 {
            let piece = min(size, 1_000_000 - fed)
            hasher.update([UInt8](repeating: 0x61, count: piece))
            fed += piece
            size = size * 7 % 997 + 1
        }
        #expect(hex(hasher.finish()) == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test(
        "HMAC-SHA256 gives RFC 4231's test cases 1, 2 and 6 (a key longer than a block)",
        arguments: [
            (
                [UInt8](repeating: 0x0b, count: 20), "Hi There",
                "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"
            ),
            (
                Array("Jefe".utf8), "what do ya want for nothing?",
                "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
            ),
            (
                [UInt8](repeating: 0xaa, count: 131), "Test Using Larger Than Block-Size Key - Hash Key First",
                "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54"
            ),
        ])
    func hmac(key: [UInt8], message: String, code: String) {
        #expect(hex(HMAC(key: key).authenticate(Array(message.utf8))) == code)
    }

    @Test("PBKDF2-HMAC-SHA256 gives RFC 7914's vectors (1 and 80,000 iterations, two blocks each)")
    func pbkdf2() {
        #expect(
            hex(PBKDF2.sha256(password: Array("passwd".utf8), salt: Array("salt".utf8), iterations: 1, length: 64))
                == "55ac046e56e3089fec1691c22544b605f94185216dde0465e68b9d57c20dacbc"
                + "49ca9cccf179b645991664b39d77ef317c71b845b1e30bd509112041d3a19783")
        #expect(
            hex(
                PBKDF2.sha256(
                    password: Array("Password".utf8), salt: Array("NaCl".utf8), iterations: 80_000, length: 64))
                == "4ddcd8f60b98be21830cee5ef22701f9641a4418d04c0414aeff08876b34ab56"
                + "a1d425a1225833549adb841b51c9b3176a272bdebba1d078478f62b397f33c8d")
    }

    @Test(
        "each demo account's hash made once checks its password at the standard count, with a salt of its own",
        arguments: DemoData.standard.accounts)
    func madeOnce(account: DemoData.Account) throws {
        let made = try #require(
            PasswordHash.madeOnce(for: account.user.id, account.password),
            "Store's DemoPasswords.swift has no hash of this password: make its line again")

        #expect(made.iterations == PasswordHash.standardIterations)
        #expect(made.salt.count == PasswordHash.saltLength && made.hash.count == PasswordHash.length)
        #expect(made.matches(account.password.utf8Bytes))
        let others = DemoData.standard.accounts.filter { $0.user.id != account.user.id }
        #expect(others.allSatisfy { PasswordHash.madeOnce(for: $0.user.id, $0.password)?.salt != made.salt })
    }

    @Test("another password, or an account that is not a demo one, has no hash made once")
    func notMadeOnce() {
        #expect(PasswordHash.madeOnce(for: "alice", Password("wonderlanD")) == nil)
        #expect(PasswordHash.madeOnce(for: "alice", Password("fixit123")) == nil)
        #expect(PasswordHash.madeOnce(for: "zoe", Password("wonderland")) == nil)
    }

    @Test("a password hash has its own salt, checks the password it was made from, and no other")
    func passwordHash() {
        let first = PasswordHash(hashing: Array("wonderland".utf8), iterations: 10)
        let second = PasswordHash(hashing: Array("wonderland".utf8), iterations: 10)

        #expect(first.salt.count == PasswordHash.saltLength)
        #expect(first.salt != second.salt)
        #expect(first.hash != second.hash)
        #expect(first.matches(Array("wonderland".utf8)))
        #expect(!first.matches(Array("wonderlanD".utf8)))
        #expect(!first.matches([]))
        let empty = PasswordHash(iterations: 10, salt: first.salt, hash: [])
        #expect(!empty.matches(Array("wonderland".utf8)) && !empty.matches([]), "a hash of no bytes matches nothing")
    }

    private func hex(_ bytes: [UInt8]) -> String {
        bytes.map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }.joined()
    }
}
