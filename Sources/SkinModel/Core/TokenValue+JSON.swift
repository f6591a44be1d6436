/// How resolved values appear in the documents clients receive (docs/skins.md, "Types and the notations Livery reads", right column; §2).
///
/// The flat form is the default document format; the DTCG form differs only in
/// colours, which it writes as DTCG colour objects so build pipelines can read them.
extension TokenValue {
    /// The value as the flat resolved document writes it.
    public var flatJSON: JSONValue { json(colors: .hex) }

    /// The value in DTCG object notation (`?format=dtcg`).
    public var dtcgJSON: JSONValue { json(colors: .dtcgObject) }

    enum ColorNotation { case hex, dtcgObject }

    func json(colors: ColorNotation) -> JSONValue {
        switch self {
        case .color(let color):
            colors == .hex ? .string(color.hexString) : color.dtcgJSON
        case .dimension(let dimension): dimension.json
        case .number(let number): .number(number)
        case .boolean(let bool): .bool(bool)
        case .string(let string): .string(string)
        case .duration(let duration):
            .object(JSONObject([("value", .number(duration.value)), ("unit", .string(duration.unit.rawValue))]))
        case .fontFamily(let family): family.json
        case .fontWeight(let weight): .number(weight)
        case .cubicBezier(let points): .array(points.map(JSONValue.number))
        case .typography(let typography): typography.json(colors: colors)
        case .composite(_, let members):
            .object(JSONObject(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value.json(colors: colors)) }))
        case .list(_, let elements): .array(elements.map { $0.json(colors: colors) })
        case .asset(let asset):
            .object(JSONObject([
                ("url", .string(asset.url)), ("contentType", .string(asset.contentType)),
                ("bytes", .number(Double(asset.bytes))), ("sha256", .string(asset.sha256)),
            ]))
        case .opaque(_, let json): json
        }
    }
}

extension RGBAColor {
    /// `#rrggbbaa`, lower case, each component rounded to the nearest of 256 steps.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for component in [red, green, blue, alpha] {
            let byte = Int((min(max(component, 0), 1) * 255).rounded())
            bytes.append(digits[byte >> 4])
            bytes.append(digits[byte & 0xF])
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// DTCG 2025.10 colour object in `srgb`, with the `hex` fallback.
    var dtcgJSON: JSONValue {
        var object = JSONObject([
            ("colorSpace", .string("srgb")),
            ("components", .array([red, green, blue].map(JSONValue.number))),
        ])
        if alpha != 1 { object["alpha"] = .number(alpha) }
        object["hex"] = .string(String(hexString.prefix(7)))
        return .object(object)
    }
}

extension Dimension {
    var json: JSONValue {
        .object(JSONObject([("value", .number(value)), ("unit", .string(unit.rawValue))]))
    }
}

extension FontFamily {
    var json: JSONValue {
        switch self {
        case .single(let name): .string(name)
        case .list(let names): .array(names.map(JSONValue.string))
        }
    }
}

extension Typography {
    /// - Parameter written: in DTCG notation, the literal as the document wrote it, whose member
    ///   notations are kept where they read back to the same value (`TokenValue+DTCGNotation`).
    func json(colors: TokenValue.ColorNotation, written: JSONObject? = nil) -> JSONValue {
        func member(_ name: String, _ value: TokenValue) -> JSONValue {
            colors == .dtcgObject ? value.dtcgJSON(writtenAs: written?[name]) : value.json(colors: colors)
        }
        var object = JSONObject([("fontFamily", fontFamily.json), ("fontSize", fontSize.json)])
        if let fontWeight { object["fontWeight"] = member("fontWeight", .fontWeight(fontWeight)) }
        if let lineHeight { object["lineHeight"] = .number(lineHeight) }
        if let letterSpacing { object["letterSpacing"] = letterSpacing.json }
        if let color { object["color"] = member("color", .color(color)) }
        if let textCase { object["textCase"] = .string(textCase.rawValue) }
        for (name, value) in extra where object[name] == nil { object[name] = member(name, value) }
        return .object(object)
    }
}
