import CQREncode

/// A QR code as an SVG image, drawn with libqrencode: how the console shows a preview link, for
/// a phone's camera (docs/api.md, "Preview links").
///
/// Error correction level M (15 % of the code may be unreadable), byte mode, the smallest
/// version that holds the text; a quiet zone of 4 modules, as ISO/IEC 18004 asks. Each row's
/// dark runs are one path segment, so a 300-character link is a few kilobytes of SVG.
enum QRCodeSVG {
    /// The SVG of `text`, nil when libqrencode cannot encode it (longer than a QR code holds).
    static func make(_ text: String) -> String? {
        guard let code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let modules = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        let quiet = 4, size = width + 2 * quiet
        var path = ""
        for row in 0..<width {
            var column = 0
            while column < width {
                // Bit 0 of each module's byte is its colour (1: dark); the others are libqrencode's bookkeeping.
                guard modules[row * width + column] & 1 == 1 else {
                    column += 1
                    continue
                }
                let start = column
                while column < width, modules[row * width + column] & 1 == 1 { column += 1 }
                path += "M\(start + quiet) \(row + quiet)h\(column - start)v1h-\(column - start)z"
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(size) \(size)" width="\(size * 8)" height="\(size * 8)" \
            shape-rendering="crispEdges"><rect width="\(size)" height="\(size)" fill="#ffffff"/><path d="\(path)" fill="#000000"/></svg>
            """
    }
}
