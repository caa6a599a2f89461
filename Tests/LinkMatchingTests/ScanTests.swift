import Testing

@testable import LinkMatching

@Suite("Reading a link")
struct ScanTests {
    /// `Link.scan` takes a fast path for the links almost all are; every link it takes must be
    /// read as the full pass reads it. Every link of up to four characters after one of five
    /// beginnings, over an alphabet of the characters each rule is about.
    @Test("the fast path gives the full pass's path for every link it accepts")
    func fastPathAgrees() throws {
        let alphabet: [String] = ["a", "Z", "/", ".", "%", "?", ":", "-", "~", " ", "é", "9"]
        let beginnings = ["waypoint://", "WayPoint://", "waypoint:/", "waypoinx://", "way"]
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
                let (fast, full) = text.withUTF8 { bytes in
                    scheme.withUTF8 { scheme in
                        (Link.plainPath(bytes, scheme: scheme), try? Link.fullScan(bytes, in: "", scheme: scheme))
                    }
                }
                if let fast {
                    accepted += 1
                    #expect(full == fast, "\(text)")
                }
            }
        }
        #expect(accepted > 1_000)
    }
}
