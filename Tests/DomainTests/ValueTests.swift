import Domain
import Testing

@Suite("Values")
struct ValueTests {
    @Test("a password never shows itself")
    func passwordIsMasked() {
        let password = Password("wonderland")
        var dumped = ""
        dump(password, to: &dumped)

        #expect("\(password)" == "********")
        #expect(String(reflecting: password) == "Password(********)")
        #expect(!dumped.contains("wonderland"))
        #expect(Mirror(reflecting: password).children.isEmpty)
        #expect(password == Password("wonderland"))
        #expect(password.count == 10)
    }

    @Test(
        "a handle is trimmed, lowercased and checked",
        arguments: [
            (" Alice ", Result<UserID, UserID.Problem>.success("alice")),
            ("\tAlice\r\n", .success("alice")),
            ("", .failure(.empty)),
            ("ab", .failure(.tooShort)),
            (String(repeating: "a", count: 21), .failure(.tooLong)),
            ("_alice", .failure(.mustStartWithLetter)),
            ("al/ice", .failure(.invalidCharacter("/"))),
            ("d.a_n-1", .success("d.a_n-1")),
        ])
    func handleValidation(text: String, expected: Result<UserID, UserID.Problem>) {
        #expect(Result { () throws(UserID.Problem) in try UserID(validating: text) } == expected)
    }

    @Test(
        "a wait is said in whole minutes, rounded up, and never as none",
        arguments: [
            (Duration.zero, 1), (.milliseconds(1), 1), (.seconds(60), 1), (.milliseconds(60_001), 2),
            (.seconds(61), 2), (.seconds(300), 5),
        ])
    func minutes(wait: Duration, minutes: Int) {
        #expect(Rules.minutes(in: wait) == minutes)
    }

    @Test("a handle prints with its @")
    func handleDescription() {
        #expect("\(UserID("bob"))" == "@bob")
    }

    @MainActor
    @Test("a session knows who is signed in, and says so when nobody is")
    func session() throws {
        let session = Session()
        #expect(throws: SessionError.signedOut) { try session.currentUser() }
        #expect(!session.isSignedIn)

        session.begin(as: DemoData.alice)
        #expect(try session.currentUser() == DemoData.alice)
        #expect(session.isSignedIn && session.user == DemoData.alice)

        session.end()
        #expect(session.user == nil && !session.isSignedIn)
    }
}
