import Foundation

/// The image formats Livery accepts as assets (docs/api.md, "Publishing and activating"), recognised from their bytes, so a
/// client cannot store a script under `image/png`.
enum AssetType: String, CaseIterable, Sendable {
    case png = "image/png"
    case jpeg = "image/jpeg"
    case gif = "image/gif"
    case webp = "image/webp"
    case svg = "image/svg+xml"
    case pdf = "application/pdf"

    /// Whether a browser that opens the asset as a page could run script or forms in it (SVG,
    /// and PDF through its viewer): such assets are served as attachments (docs/api.md).
    var isActive: Bool {
        switch self {
        case .svg, .pdf: true
        case .png, .jpeg, .gif, .webp: false
        }
    }

    /// The file name extension of an attachment's suggested name.
    var fileExtension: String {
        switch self {
        case .png: "png"
        case .jpeg: "jpg"
        case .gif: "gif"
        case .webp: "webp"
        case .svg: "svg"
        case .pdf: "pdf"
        }
    }

    /// The declared `Content-Type`, parameters and case ignored (`image/jpg` is read as JPEG).
    init?(contentType: String) {
        let base = contentType.split(separator: ";").first.map { $0.trimmingCharacters(in: " \t").lowercased() } ?? ""
        if base == "image/jpg" {
            self = .jpeg
            return
        }
        self.init(rawValue: base)
    }

    /// The format the bytes are in, or nil when they are none of the accepted ones.
    static func detect(_ bytes: [UInt8]) -> AssetType? {
        func starts(_ prefix: [UInt8], at offset: Int = 0) -> Bool {
            bytes.count >= offset + prefix.count && bytes[offset..<(offset + prefix.count)].elementsEqual(prefix)
        }
        if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
        if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
        if starts(Array("RIFF".utf8)) && starts(Array("WEBP".utf8), at: 8) { return .webp }
        if starts(Array("%PDF-".utf8)) { return .pdf }
        if looksLikeSVG(bytes) { return .svg }
        return nil
    }

    /// SVG is text: after an optional BOM, whitespace, XML declaration, comments and doctype,
    /// the first element must be `<svg`.
    private static func looksLikeSVG(_ bytes: [UInt8]) -> Bool {
        let head = bytes.prefix(4096)
        guard let text = String(validating: head, as: UTF8.self) ?? String(validating: head.dropLast(3), as: UTF8.self) else {
            return false
        }
        var rest = Substring(text)
        if rest.hasPrefix("\u{FEFF}") { rest = rest.dropFirst() }
        while true {
            rest = rest.drop { $0.isWhitespace }
            if rest.hasPrefix("<?") || rest.hasPrefix("<!") {
                let terminator = rest.hasPrefix("<!--") ? "-->" : ">"
                guard let end = rest.range(of: terminator) else { return false }
                rest = rest[end.upperBound...]
                continue
            }
            return rest.hasPrefix("<svg") && rest.dropFirst(4).first.map { $0.isWhitespace || $0 == ">" } == true
        }
    }
}
