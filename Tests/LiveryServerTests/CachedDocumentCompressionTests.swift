import Testing
@testable import HTTPEngine
@testable import LiveryServer

/// A document whose gzip form could not be made is served as identity to a client that asks for
/// gzip: before, zlib's failure became an empty gzip body, a 200 with no document.
@Suite struct CachedDocumentCompressionTests {
    static let bytes = Array(##"{"color":{"tint":{"$type":"color","$value":"#3366ff"}}}"##.utf8)

    @Test func aFailedCompressionServesIdentityNotAnEmptyBody() throws {
        let document = CachedDocument(canonicalBytes: Self.bytes, versionLabel: "app@1", compress: { _ in nil })
        for response in [document.response(coding: .gzip, notModified: false), document.longPollResponse(coding: .gzip, notModified: false)] {
            #expect(response.status == .ok)
            #expect(response.body?.array == Self.bytes)
            let head = String(decoding: try #require(response.preparedHead).array, as: UTF8.self)
            #expect(!head.lowercased().contains("content-encoding"), "\(head)")
            #expect(head.contains("ETag: \(document.etag)"))
        }
        // Its tag is the identity tag, so a client holding it revalidates to 304.
        #expect(document.gzipETag == document.etag)
    }

    @Test func aWorkingCompressionStillServesGzip() throws {
        let document = CachedDocument(canonicalBytes: Self.bytes, versionLabel: "app@1")
        let response = document.response(coding: .gzip, notModified: false)
        let head = String(decoding: try #require(response.preparedHead).array, as: UTF8.self)
        #expect(head.contains("Content-Encoding: gzip"))
        #expect(try HTTPCompression.gunzip(try #require(response.body).array, maxOutputBytes: 1 << 20) == Self.bytes)
    }
}
