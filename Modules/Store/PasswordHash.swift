/// A password as the store keeps it: PBKDF2-HMAC-SHA256 (RFC 8018) with a random salt per
/// account and the iteration count kept beside the hash, so a later App can raise the count
/// for new passwords and still check old ones. The password itself is never stored.
///
/// SHA-256, HMAC and PBKDF2 are written here because the toolchain has no hash on Linux
/// (CryptoKit is Apple's only); the tests check all three against their standards' published
/// vectors.
public struct PasswordHash: Hashable, Sendable {
    /// The iteration count for new passwords. OWASP's 2023 guidance for PBKDF2-HMAC-SHA256 is
    /// 600,000; this skeleton uses fewer so that a debug build (`swift run App`) signs in in
    /// a fraction of a second. An app shipping real accounts raises it: stored hashes keep
    /// their own count, so old ones still check.
    public static let standardIterations = 100_000
    public static let saltLength = 16
    public static let length = 32

    public let iterations: Int
    public let salt: [UInt8]
    public let hash: [UInt8]

    /// The iteration counts a stored hash may have: a count outside it is a damaged record, and
    /// is refused before the hash loops over it.
    public static let iterationRange = 1...10_000_000

    /// What is wrong with a record read from a file, if anything: an iteration count outside
    /// `iterationRange` (the hash would loop over it), or a hash that is not `length` bytes long
    /// (one of none would match any password).
    public var flaw: String? {
        if !Self.iterationRange.contains(iterations) {
            return "\(iterations) iterations, outside \(Self.iterationRange)"
        }
        if hash.count != Self.length { return "a hash of \(hash.count) bytes, not \(Self.length)" }
        return nil
    }

    public init(iterations: Int, salt: [UInt8], hash: [UInt8]) {
        self.iterations = iterations
        self.salt = salt
        self.hash = hash
    }

    /// Hashes `password` (its UTF-8 bytes) with a new random salt.
    public init(hashing password: [UInt8], iterations: Int = standardIterations) {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<Self.saltLength).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        self.init(
            iterations: iterations, salt: salt,
            hash: PBKDF2.sha256(password: password, salt: salt, iterations: iterations, length: Self.length))
    }

    /// Whether `password` is the one hashed, compared in constant time; never for a hash of no bytes.
    public func matches(_ password: [UInt8]) -> Bool {
        let candidate = PBKDF2.sha256(
            password: password, salt: salt, iterations: iterations, length: hash.count)
        return !hash.isEmpty && zip(candidate, hash).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }
}

/// PBKDF2 with HMAC-SHA256 as its pseudorandom function (RFC 8018, section 5.2).
public enum PBKDF2 {
    /// The derived key of `length` bytes.
    ///
    /// The loop that repeats the HMAC works on words in place: each round is two compressions
    /// from the padded key's saved states, with no allocation, so that even a debug build
    /// (`swift run App`) checks a password in a fraction of a second.
    /// - Returns: the key.
    public static func sha256(password: [UInt8], salt: [UInt8], iterations: Int, length: Int) -> [UInt8] {
        let mac = HMAC(key: password)
        var key: [UInt8] = []
        key.reserveCapacity(length + SHA256.digestLength)
        var block: UInt32 = 1
        // One 64-byte block each: a 32-byte digest and its padding (the message is 96 bytes
        // long counting the padded key), and the words of the schedule.
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 + 8 + 8 + 64 + 64)
        defer { words.deallocate() }
        let message = words
        let u = words + 16
        let t = words + 24
        let schedule = words + 32
        let constants = words + 96
        constants.initialize(from: SHA256.constants, count: 64)
        while key.count < length {
            let first = mac.authenticate(salt + withUnsafeBytes(of: block.bigEndian, Array.init))
            for index in 0..<8 {
                u[index] = first.word(at: index)
                t[index] = u[index]
            }
            for index in 8..<16 { message[index] = 0 }
            message[8] = 0x8000_0000
            message[15] = UInt32(SHA256.blockLength + SHA256.digestLength) &* 8
            for _ in 1..<max(1, iterations) {
                for index in 0..<8 { message[index] = u[index] }
                var state = mac.inner.words
                SHA256.compress(&state, message, schedule, constants)
                (message[0], message[1], message[2], message[3]) = (state.0, state.1, state.2, state.3)
                (message[4], message[5], message[6], message[7]) = (state.4, state.5, state.6, state.7)
                state = mac.outer.words
                SHA256.compress(&state, message, schedule, constants)
                (u[0], u[1], u[2], u[3], u[4], u[5], u[6], u[7]) = state
                for index in 0..<8 { t[index] ^= u[index] }
            }
            for index in 0..<8 { key += withUnsafeBytes(of: t[index].bigEndian, Array.init) }
            block += 1
        }
        return Array(key.prefix(length))
    }
}

extension [UInt8] {
    /// The big-endian word at `index` (counting words).
    fileprivate func word(at index: Int) -> UInt32 {
        UInt32(self[index * 4]) << 24 | UInt32(self[index * 4 + 1]) << 16 | UInt32(self[index * 4 + 2]) << 8
            | UInt32(self[index * 4 + 3])
    }
}

/// HMAC with SHA-256 (RFC 2104). The padded key's two states are hashed once, so each
/// message after costs two compressions for a 32-byte message, as PBKDF2's loop needs.
public struct HMAC {
    fileprivate let inner: SHA256
    fileprivate let outer: SHA256

    public init(key: [UInt8]) {
        var key = key.count > SHA256.blockLength ? SHA256.hash(key) : key
        key += [UInt8](repeating: 0, count: SHA256.blockLength - key.count)
        var inner = SHA256()
        inner.update(key.map { $0 ^ 0x36 })
        var outer = SHA256()
        outer.update(key.map { $0 ^ 0x5c })
        self.inner = inner
        self.outer = outer
    }

    /// The authentication code of `message`.
    /// - Returns: 32 bytes.
    public func authenticate(_ message: [UInt8]) -> [UInt8] {
        var inner = self.inner
        inner.update(message)
        var outer = self.outer
        outer.update(inner.finish())
        return outer.finish()
    }
}

/// SHA-256 (FIPS 180-4).
public struct SHA256 {
    public static let digestLength = 32
    public static let blockLength = 64

    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32) = (
        0x6a09_e667, 0xbb67_ae85, 0x3c6e_f372, 0xa54f_f53a, 0x510e_527f, 0x9b05_688c, 0x1f83_d9ab, 0x5be0_cd19
    )
    private var pending: [UInt8] = []
    private var length = 0

    public init() {}

    /// The digest of `bytes`.
    /// - Returns: 32 bytes.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(bytes)
        return hasher.finish()
    }

    public mutating func update(_ bytes: [UInt8]) {
        length += bytes.count
        pending += bytes
        let whole = pending.count / Self.blockLength * Self.blockLength
        guard whole > 0 else { return }
        pending.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < whole {
                compress(UnsafeBufferPointer(rebasing: buffer[offset..<offset + Self.blockLength]))
                offset += Self.blockLength
            }
        }
        pending.removeFirst(whole)
    }

    /// The digest of everything given.
    /// - Returns: 32 bytes.
    public mutating func finish() -> [UInt8] {
        let bits = UInt64(length) * 8
        var padding: [UInt8] = [0x80]
        let used = (length + 1) % Self.blockLength
        padding += [UInt8](repeating: 0, count: (Self.blockLength + 56 - used) % Self.blockLength)
        padding += withUnsafeBytes(of: bits.bigEndian, Array.init)
        update(padding)
        let words = [state.0, state.1, state.2, state.3, state.4, state.5, state.6, state.7]
        var digest: [UInt8] = []
        digest.reserveCapacity(Self.digestLength)
        for word in words { digest += withUnsafeBytes(of: word.bigEndian, Array.init) }
        return digest
    }

    private mutating func compress(_ block: UnsafeBufferPointer<UInt8>) {
        let words = UnsafeMutablePointer<UInt32>.allocate(capacity: 16 + 64)
        defer { words.deallocate() }
        for t in 0..<16 {
            words[t] =
                UInt32(block[t * 4]) << 24 | UInt32(block[t * 4 + 1]) << 16 | UInt32(block[t * 4 + 2]) << 8
                | UInt32(block[t * 4 + 3])
        }
        var state = self.words
        Self.constants.withUnsafeBufferPointer { constants in
            guard let k = constants.baseAddress else { return }
            Self.compress(&state, words, words + 16, k)
        }
        self.words = state
    }

    /// The state as eight words, in order.
    fileprivate var words: Words {
        get { state }
        set { state = newValue }
    }

    fileprivate typealias Words = (UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32, UInt32)

    /// One compression of the 16 words at `message` into `state`, with `w` as room for the
    /// 64-word schedule and `k` the round constants. Pointers and masking shifts keep it quick
    /// in a debug build too.
    fileprivate static func compress(
        _ state: inout Words, _ message: UnsafePointer<UInt32>, _ w: UnsafeMutablePointer<UInt32>,
        _ k: UnsafePointer<UInt32>
    ) {
        for t in 0..<16 { w[t] = message[t] }
        var t = 16
        while t < 64 {
            let a = w[t &- 15]
            let b = w[t &- 2]
            let s0 = rotate(a, 7) ^ rotate(a, 18) ^ (a &>> 3)
            let s1 = rotate(b, 17) ^ rotate(b, 19) ^ (b &>> 10)
            w[t] = w[t &- 16] &+ s0 &+ w[t &- 7] &+ s1
            t &+= 1
        }
        var (a, b, c, d, e, f, g, h) = state
        t = 0
        while t < 64 {
            let s1 = rotate(e, 6) ^ rotate(e, 11) ^ rotate(e, 25)
            let choice = (e & f) ^ (~e & g)
            let temp1 = h &+ s1 &+ choice &+ k[t] &+ w[t]
            let s0 = rotate(a, 2) ^ rotate(a, 13) ^ rotate(a, 22)
            let majority = (a & b) ^ (a & c) ^ (b & c)
            let temp2 = s0 &+ majority
            h = g
            g = f
            f = e
            e = d &+ temp1
            d = c
            c = b
            b = a
            a = temp1 &+ temp2
            t &+= 1
        }
        state = (
            state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e, state.5 &+ f, state.6 &+ g,
            state.7 &+ h
        )
    }

    fileprivate static let constants: [UInt32] = [
        0x428a_2f98, 0x7137_4491, 0xb5c0_fbcf, 0xe9b5_dba5, 0x3956_c25b, 0x59f1_11f1, 0x923f_82a4, 0xab1c_5ed5,
        0xd807_aa98, 0x1283_5b01, 0x2431_85be, 0x550c_7dc3, 0x72be_5d74, 0x80de_b1fe, 0x9bdc_06a7, 0xc19b_f174,
        0xe49b_69c1, 0xefbe_4786, 0x0fc1_9dc6, 0x240c_a1cc, 0x2de9_2c6f, 0x4a74_84aa, 0x5cb0_a9dc, 0x76f9_88da,
        0x983e_5152, 0xa831_c66d, 0xb003_27c8, 0xbf59_7fc7, 0xc6e0_0bf3, 0xd5a7_9147, 0x06ca_6351, 0x1429_2967,
        0x27b7_0a85, 0x2e1b_2138, 0x4d2c_6dfc, 0x5338_0d13, 0x650a_7354, 0x766a_0abb, 0x81c2_c92e, 0x9272_2c85,
        0xa2bf_e8a1, 0xa81a_664b, 0xc24b_8b70, 0xc76c_51a3, 0xd192_e819, 0xd699_0624, 0xf40e_3585, 0x106a_a070,
        0x19a4_c116, 0x1e37_6c08, 0x2748_774c, 0x34b0_bcb5, 0x391c_0cb3, 0x4ed8_aa4a, 0x5b9c_ca4f, 0x682e_6ff3,
        0x748f_82ee, 0x78a5_636f, 0x84c8_7814, 0x8cc7_0208, 0x90be_fffa, 0xa450_6ceb, 0xbef9_a3f7, 0xc671_78f2,
    ]
}

@inline(__always)
private func rotate(_ x: UInt32, _ n: UInt32) -> UInt32 { (x &>> n) | (x &<< (32 &- n)) }
