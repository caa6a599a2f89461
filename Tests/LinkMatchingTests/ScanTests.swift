import TestSupport
import Testing

@testable import LinkMatching

@Suite("Reading a link")
struct ScanTests {
    /// `Link.scan` takes a fast path for the links almost all are; every link it takes must be
    /// read as the full pass reads it, whether it reads the scheme a byte at a time or as one
    /// word. Every link of up to four characters after one of eight beginnings, over an alphabet
    /// of the characters each rule is about.
    @Test("the fast path gives the full pass's path for every link it accepts, its scheme read either way")
    func fastPathAgrees() throws {
        let alphabet: [String] = ["a", "Z", "/", ".", "%", "?", ":", "-", "~", " ", "é", "9"]
        let beginnings = [
            "waypoint://", "WayPoint://", "WAYPOINT://", "waypoint:/", "waypoinx://", "way", "wäypoint://",
            "waypoin\u{7F}://",
        ]
        let word = Link.schemeWord(Array("waypoint".utf8))
        #expect(word != nil)
        var accepted = 0
        var bodies = [""]
        var layer = [""]
        for _ in 0..<4 {
            layer = layer.flatMap { body in alphabet.map { body + $0 } }
            bodies += layer
        }
        for beginning in beginnings {
            for body in bodies {
                var text = beginning + body
                var scheme = "waypoint"
                let (fast, byWord, full) = text.withUTF8 { bytes in
                    scheme.withUTF8 { scheme in
                        (
                            Link.plainPath(bytes, scheme: scheme),
                            Link.plainPath(bytes, scheme: scheme, schemeWord: word),
                            try? Link.fullScan(bytes, in: "", scheme: scheme)
                        )
                    }
                }
                // The scheme read as one word takes the links the byte loop takes, and only those.
                #expect(byWord == fast, "\(text)")
                if let fast {
                    accepted += 1
                    #expect(full == fast, "\(text)")
                }
            }
        }
        #expect(accepted > 1_000)
    }

    /// The fast path reads eight bytes at a time where it can, so it is checked on links long
    /// enough for that: random links of up to 40 characters (a fixed seed, so every run reads the
    /// same ones) over an alphabet mostly of what a path holds, with the segments it noted
    /// against the path split at its slashes.
    @Test("on long links too, and it notes where every segment starts")
    func fastPathAgreesOnLongLinks() throws {
        let alphabet = Array("abcdefxyzABCXYZ0123456789-._~////") + Array(".%? :é")
        var random = SplitMix(seed: 0x5EED)
        func next(_ bound: Int) -> Int { random.next(bound) }
        var accepted = 0
        var longAccepted = 0
        for _ in 0..<20_000 {
            let length = next(41)
            // Mostly characters a path may hold; now and then one it may not.
            let body = String((0..<length).map { _ in alphabet[next(next(8) == 0 ? alphabet.count : 34)] })
            var text = "waypoint://" + body
            var scheme = "waypoint"
            var starts: [Int] = []
            let (fast, full) = text.withUTF8 { bytes in
                scheme.withUTF8 { scheme in
                    (
                        Link.plainPath(bytes, scheme: scheme) { starts.append($0) },
                        try? Link.fullScan(bytes, in: "", scheme: scheme)
                    )
                }
            }
            guard let fast else { continue }
            accepted += 1
            if fast.count >= 16 { longAccepted += 1 }
            #expect(full == fast, "\(text)")
            let path = Array(text.utf8)[fast]
            let expected = [fast.lowerBound] + path.indices.filter { path[$0] == UInt8(ascii: "/") }.map { $0 + 1 }
            #expect(starts == expected, "\(text)")
        }
        #expect(accepted > 1_000)
        #expect(longAccepted > 100)
    }
}
