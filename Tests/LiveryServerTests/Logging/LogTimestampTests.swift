import Testing
@testable import LiveryServer

@Suite struct LogTimestampTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"),
        (1_795_294_252_123, "2026-11-21T20:50:52.123Z"),
        (951_868_799_999, "2000-02-29T23:59:59.999Z"),
        (-1, "1969-12-31T23:59:59.999Z"),
        (-11_670_912_000_000, "1600-03-01T00:00:00.000Z"),
        (253_402_300_799_999, "9999-12-31T23:59:59.999Z"),
    ])
    func formatsISO8601WithMilliseconds(milliseconds: Int64, expected: String) {
        #expect(LogTimestamp(millisecondsSince1970: milliseconds).iso8601 == expected)
    }

    @Test func nowIsRecentAndFixedWidth() {
        let now = LogTimestamp.now()
        #expect(now.millisecondsSince1970 > 1_700_000_000_000)
        #expect(now.iso8601.count == 24)
    }
}
