import Foundation
import Testing
@testable import LiveryClient

/// The clients' one encoding of names and values in URLs (``PercentEncoding``).
@Suite struct PercentEncodingTests {
    @Test("RFC 3986's unreserved characters stay as they are")
    func unreservedStay() {
        #expect(PercentEncoding.encoded("Brand-2_x.y~z09") == "Brand-2_x.y~z09")
    }

    @Test("what would end a path segment or a query value is encoded, and so is every non-ASCII byte")
    func delimitersAndUnicode() {
        #expect(PercentEncoding.encoded("a/b&c=d+e,f g") == "a%2Fb%26c%3Dd%2Be%2Cf%20g")
        #expect(PercentEncoding.encoded("café") == "caf%C3%A9")
        #expect(PercentEncoding.encoded("%") == "%25")
    }

    @Test("what is encoded decodes to the same text", arguments: ["é/ü?#", "ios/3.2.0", "😀 x", ""])
    func roundTrip(text: String) {
        #expect(PercentEncoding.encoded(text).removingPercentEncoding == text)
    }
}
