import Foundation

/// Hand-written flat resolved documents (docs/apps.md, "The resolved document") with one token of each type the accessors read.
enum Fixtures {
    static let sha = String(repeating: "ab", count: 32)
    static let assetJSON = #"{"bytes":512,"contentType":"image/svg+xml","sha256":"\#(sha)","url":"/v1/assets/\#(sha)"}"#

    /// `tint`, `corner`, `opacity`, `blur`, `label` vary between the two looks.
    static func document(
        version: Int, variants: [String] = ["dark"], tint: String = "#3366ffff", corner: Double = 8, opacity: Double = 0.5,
        blur: Bool = true, label: String = "Hello", titleColor: String = "#111111ff"
    ) -> [UInt8] {
        let variantList = variants.map { "\"\($0)\"" }.joined(separator: ",")
        let text = #"""
        {"channel":"default","images":{"*_searchbar_icon":\#(assetJSON),"dark_*_searchbar_icon":\#(assetJSON)},\#
        "lineage":["app@\#(version)"],"rules":[\#
        {"properties":{"textColor":"\#(titleColor)"},"selector":"title"},\#
        {"properties":{"font":{"fontFamily":"Inter","fontSize":{"unit":"px","value":20}},"textColor":"#3366ffff"},"selector":"searchbar/title","style":"title"},\#
        {"properties":{"textColor":"#ffffffff"},"selector":"@dark/title"}],\#
        "skin":"app","styles":{"title":{"component":"Label","properties":{"textColor":"\#(titleColor)"}}},"tokens":{\#
        "color.tint":{"type":"color","value":"\#(tint)"},\#
        "size.corner":{"type":"dimension","value":{"unit":"px","value":\#(corner)}},\#
        "opacity":{"type":"number","value":\#(opacity)},\#
        "navbar.blur":{"type":"boolean","value":\#(blur)},\#
        "label":{"type":"string","value":"\#(label)"},\#
        "motion.standard":{"type":"duration","value":{"unit":"ms","value":250}},\#
        "font.family":{"type":"fontFamily","value":["Inter","system-ui"]},\#
        "font.body":{"type":"typography","value":{"fontFamily":"Inter","fontSize":{"unit":"px","value":17},"fontWeight":400}},\#
        "image.logo":{"type":"asset","value":\#(assetJSON)}},\#
        "variants":[\#(variantList)],"version":\#(version)}
        """#
        return Array(text.utf8)
    }
}
