import LinkMatching
import Testing

@testable import Navigation

/// A link's query, read for the places it names (`LinkQuery`).
@MainActor
@Suite("Link query")
struct LinkQueryTests {
    /// A list that takes a filter and a message, then a chat that takes a message.
    static let kinds = [
        PlaceKindFacts(
            link: PlaceLink("list"), access: .guarded, policy: nil,
            query: [.text("filter", maxLength: 8), .int("message", 1...5)], answers: false, pattern: "list"),
        PlaceKindFacts(
            link: PlaceLink("chat"), access: .guarded, policy: nil, query: [.int("message", 1...9_999)],
            answers: false, pattern: "chat"),
    ]

    @Test(
        "each item goes to the last place that declares it; an item named twice, one no place declares, or a value not of its type is refused with its name"
    )
    func query() throws {
        let items = try LinkQuery.parse("message=300&filter=new", for: Self.kinds)
        #expect(items.map { $0.names.sorted() } == [["filter"], ["message"]])
        #expect(items[0]["filter"] == .text("new") && items[1]["message"] == .int(300))

        #expect(throws: LinkError.repeatedQueryItem(name: "message")) {
            try LinkQuery.parse("message=1&message=2", for: Self.kinds)
        }
        #expect(throws: LinkError.self) { try LinkQuery.parse("mark=1", for: Self.kinds) }
        #expect(
            throws: LinkError.badQueryValue(name: "message", value: "0", expected: "a whole number from 1 to 9999")
        ) {
            try LinkQuery.parse("message=0", for: Self.kinds)
        }
    }
}
