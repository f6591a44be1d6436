import Testing
@testable import SkinStore

@Suite("Support")
struct SupportTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_700_000_000_123, "2023-11-14T22:13:20.123Z"),
        (951_782_400_000, "2000-02-29T00:00:00.000Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
    func timestamps(milliseconds: Int64, expected: String) {
        #expect(Timestamp.format(millisecondsSince1970: milliseconds) == expected)
    }

    @Test func timestampsAreFixedWidthAndSortable() {
        let earlier = Timestamp.secondsAgo(60)
        let now = Timestamp.now()
        #expect(now.utf8.count == 24 && earlier.utf8.count == 24)
        #expect(earlier < now)
    }

    @Test(arguments: [
        ("base", "base", nil),
        ("base@3", "base", 3),
        ("my@skin@12", "my@skin", 12),
        ("a@b", "a@b", nil),
        ("x@0", "x@0", nil),
        ("x@-1", "x@-1", nil),
    ] as [(String, String, Int?)])
    func parentReferences(text: String, skin: String, version: Int?) {
        let reference = StoredParentReference(parsing: text)
        #expect(reference.skin == skin)
        #expect(reference.version == version)
    }

    @Test func constantTimeComparison() {
        #expect(ConstantTime.equal(Array("abc".utf8), Array("abc".utf8)))
        #expect(!ConstantTime.equal(Array("abc".utf8), Array("abd".utf8)))
        #expect(!ConstantTime.equal(Array("abc".utf8), Array("ab".utf8)))
    }

    @Test func auditDetailJSONIsEscaped() {
        let text = JSONText.object(["a": .string("q\"\\\n\u{1}"), "b": .int(3), "c": .null, "d": .bool(true)])
        #expect(text == #"{"a":"q\"\\\n\u0001","b":3,"c":null,"d":true}"#)
    }
}
