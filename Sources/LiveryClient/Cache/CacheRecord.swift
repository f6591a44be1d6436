import Foundation

/// The persisted last good document: one line of JSON metadata, a newline, then the resolved
/// bytes exactly as served. One file, so that the document and its ETag can never disagree
/// (they are replaced together by one rename).
struct CacheRecord: Sendable, Hashable {
    /// The metadata line.
    struct Header: Codable, Hashable {
        /// Bumped if the layout changes; an unknown format is ignored like a missing cache.
        var format: Int
        /// The request URL the document answered (base URL, channel, variants).
        var url: String
        var etag: String?
        var skin: String
        var version: Int
        var receivedAt: Date
    }

    static let currentFormat = 1

    var header: Header
    var document: [UInt8]

    func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // JSONEncoder never writes a raw newline (it escapes them in strings), so the first
        // newline ends the header.
        return try Array(encoder.encode(header)) + [0x0A] + document
    }

    /// Reads a record; `nil` for anything malformed.
    init?(decoding bytes: [UInt8]) {
        guard let newline = bytes.firstIndex(of: 0x0A) else { return nil }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let header = try? decoder.decode(Header.self, from: Data(bytes[..<newline])),
            header.format == Self.currentFormat
        else { return nil }
        self.header = header
        self.document = Array(bytes[(newline + 1)...])
    }

    init(header: Header, document: [UInt8]) {
        self.header = header
        self.document = document
    }
}
