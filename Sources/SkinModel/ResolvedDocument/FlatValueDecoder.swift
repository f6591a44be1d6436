/// Reads values in the flat notation of the resolved document (docs/skins.md, "Types and the notations Livery reads", right column) back
/// into `TokenValue`s: the inverse of `TokenValue.flatJSON`.
///
/// Composite members are decoded by their DTCG member names, into the representation the
/// flat writer expects: `shadow` `{color, offsetX, offsetY, blur, spread, inset}`, `border`
/// `{color, width, style}`, `transition` `{duration, delay, timingFunction}`, `strokeStyle`
/// a keyword (a `.string`, Core having no keyword case) or `{dashArray, lineCap}`, `gradient`
/// a list of `{color, position}` stops, `shadow` also a list of layers. A member these tables
/// do not know is decoded by its shape (`inferring`), so a newer server's additions do not
/// break an older client.
enum FlatValueDecoder {
    static func decode(_ json: JSONValue, as type: TokenType, at path: String) throws(SkinProblems) -> TokenValue {
        switch type {
        case .color: return .color(try color(json, at: path))
        case .dimension: return .dimension(try dimension(json, at: path))
        case .number: return .number(try number(json, at: path))
        case .boolean:
            guard let bool = json.boolValue else { throw failure(path, json, "a boolean") }
            return .boolean(bool)
        case .string:
            guard let string = json.stringValue else { throw failure(path, json, "a string") }
            return .string(string)
        case .duration: return .duration(try duration(json, at: path))
        case .fontFamily: return .fontFamily(try fontFamily(json, at: path))
        case .fontWeight:
            let weight = try number(json, at: path)
            guard (1...1000).contains(weight) else { throw failure(path, json, "a font weight in 1…1000") }
            return .fontWeight(weight)
        case .cubicBezier: return .cubicBezier(try cubicBezier(json, at: path))
        case .typography: return .typography(try typography(json, at: path))
        case .asset: return .asset(try asset(json, at: path))
        case .strokeStyle:
            if let keyword = json.stringValue { return .string(keyword) }
            return try composite(json, as: .strokeStyle, at: path)
        case .shadow:
            if let layers = json.arrayValue {
                var decoded: [TokenValue] = []
                for (index, layer) in layers.enumerated() { decoded.append(try composite(layer, as: .shadow, at: "\(path)[\(index)]")) }
                return .list(.shadow, decoded)
            }
            return try composite(json, as: .shadow, at: path)
        case .gradient:
            guard let stops = json.arrayValue else { throw failure(path, json, "a list of gradient stops") }
            var decoded: [TokenValue] = []
            for (index, stop) in stops.enumerated() { decoded.append(try composite(stop, as: .gradient, at: "\(path)[\(index)]")) }
            return .list(.gradient, decoded)
        case .border, .transition:
            return try composite(json, as: type, at: path)
        case .opaque:
            return .opaque(typeName: TokenType.opaque.rawValue, json)
        }
    }

    /// The type of each known member of an object composite.
    static func memberType(_ member: String, of type: TokenType) -> TokenType? {
        switch (type, member) {
        case (.shadow, "color"), (.border, "color"), (.gradient, "color"): .color
        case (.shadow, "offsetX"), (.shadow, "offsetY"), (.shadow, "blur"), (.shadow, "spread"), (.border, "width"): .dimension
        case (.shadow, "inset"): .boolean
        case (.border, "style"): .strokeStyle
        case (.transition, "duration"), (.transition, "delay"): .duration
        case (.transition, "timingFunction"): .cubicBezier
        case (.gradient, "position"): .number
        case (.strokeStyle, "lineCap"): .string
        default: nil
        }
    }

    static func composite(_ json: JSONValue, as type: TokenType, at path: String) throws(SkinProblems) -> TokenValue {
        guard let object = json.objectValue else { throw failure(path, json, "a \(type.rawValue) object") }
        var members: [String: TokenValue] = [:]
        for (name, value) in object.members {
            let memberPath = "\(path).\(name)"
            if type == .strokeStyle && name == "dashArray" {
                guard let dashes = value.arrayValue else { throw failure(memberPath, value, "a list of dimensions") }
                var decoded: [TokenValue] = []
                for (index, dash) in dashes.enumerated() { decoded.append(.dimension(try dimension(dash, at: "\(memberPath)[\(index)]"))) }
                members[name] = .list(.dimension, decoded)
            } else if let memberType = memberType(name, of: type) {
                members[name] = try decode(value, as: memberType, at: memberPath)
            } else {
                members[name] = (try? inferring(value, at: memberPath)) ?? .opaque(typeName: "json", value)
            }
        }
        return .composite(type, members)
    }

    // MARK: Shapes

    /// `#rrggbbaa` (as written) or `#rrggbb`, either case.
    static func color(_ json: JSONValue, at path: String) throws(SkinProblems) -> RGBAColor {
        guard let text = json.stringValue, text.hasPrefix("#") else { throw failure(path, json, "a colour \"#rrggbbaa\"") }
        let digits = Array(text.utf8.dropFirst())
        guard digits.count == 8 || digits.count == 6 else { throw failure(path, json, "a colour \"#rrggbbaa\"") }
        var bytes: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = hexDigit(digits[index]), let low = hexDigit(digits[index + 1]) else {
                throw failure(path, json, "a colour \"#rrggbbaa\"")
            }
            bytes.append(Double(high * 16 + low) / 255)
        }
        return RGBAColor(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 1)
    }

    static func hexDigit(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    static func number(_ json: JSONValue, at path: String) throws(SkinProblems) -> Double {
        guard let number = json.numberValue, number.isFinite else { throw failure(path, json, "a number") }
        return number
    }

    /// `{value, unit}` with exactly those members.
    static func measure(_ json: JSONValue, at path: String, what: String) throws(SkinProblems) -> (Double, String) {
        guard let object = json.objectValue, object.count == 2, let value = object["value"]?.numberValue, value.isFinite,
            let unit = object["unit"]?.stringValue
        else { throw failure(path, json, what) }
        return (value, unit)
    }

    static func dimension(_ json: JSONValue, at path: String) throws(SkinProblems) -> Dimension {
        let (value, unit) = try measure(json, at: path, what: "a dimension {value, unit: px|rem}")
        guard let dimensionUnit = DimensionUnit(rawValue: unit) else { throw failure(path, json, "a dimension {value, unit: px|rem}") }
        return Dimension(value, dimensionUnit)
    }

    static func duration(_ json: JSONValue, at path: String) throws(SkinProblems) -> DurationValue {
        let (value, unit) = try measure(json, at: path, what: "a duration {value, unit: ms|s}")
        guard let durationUnit = DurationUnit(rawValue: unit) else { throw failure(path, json, "a duration {value, unit: ms|s}") }
        return DurationValue(value, durationUnit)
    }

    static func fontFamily(_ json: JSONValue, at path: String) throws(SkinProblems) -> FontFamily {
        if let name = json.stringValue { return .single(name) }
        guard let names = json.arrayValue?.compactMap(\.stringValue), names.count == json.arrayValue?.count, !names.isEmpty else {
            throw failure(path, json, "a font family name or a list of names")
        }
        return .list(names)
    }

    static func cubicBezier(_ json: JSONValue, at path: String) throws(SkinProblems) -> [Double] {
        guard let points = json.arrayValue?.compactMap(\.numberValue), points.count == 4, json.arrayValue?.count == 4,
            (0...1).contains(points[0]), (0...1).contains(points[2])
        else { throw failure(path, json, "[x1, y1, x2, y2] with x in 0…1") }
        return points
    }

    static func typography(_ json: JSONValue, at path: String) throws(SkinProblems) -> Typography {
        guard let object = json.objectValue, let family = object["fontFamily"], let size = object["fontSize"] else {
            throw failure(path, json, "a typography {fontFamily, fontSize, …}")
        }
        var typography = Typography(fontFamily: try fontFamily(family, at: "\(path).fontFamily"), fontSize: try dimension(size, at: "\(path).fontSize"))
        for (name, value) in object.members {
            let memberPath = "\(path).\(name)"
            switch name {
            case "fontFamily", "fontSize": continue
            case "fontWeight":
                guard case .fontWeight(let weight) = try decode(value, as: .fontWeight, at: memberPath) else { continue }
                typography.fontWeight = weight
            case "lineHeight" where value.numberValue == nil: typography.extra[name] = .opaque(typeName: "json", value)  // "AUTO"
            case "lineHeight": typography.lineHeight = try number(value, at: memberPath)
            case "letterSpacing": typography.letterSpacing = try dimension(value, at: memberPath)
            case "color": typography.color = try color(value, at: memberPath)
            case "textCase":
                guard let textCase = value.stringValue.flatMap(TextCase.init(rawValue:)) else {
                    throw failure(memberPath, value, "none, uppercase, lowercase or capitalize")
                }
                typography.textCase = textCase
            default: typography.extra[name] = (try? inferring(value, at: memberPath)) ?? .opaque(typeName: "json", value)
            }
        }
        return typography
    }

    static func asset(_ json: JSONValue, at path: String) throws(SkinProblems) -> AssetInfo {
        guard let object = json.objectValue, let url = object["url"]?.stringValue, let contentType = object["contentType"]?.stringValue,
            let bytes = object["bytes"]?.numberValue, bytes >= 0, bytes == bytes.rounded(), bytes < 9e15,
            let sha256 = object["sha256"]?.stringValue
        else { throw failure(path, json, "an asset {url, contentType, bytes, sha256}") }
        return AssetInfo(sha256: sha256, url: url, contentType: contentType, bytes: Int(bytes))
    }

    // MARK: Inference

    /// A value whose type the document does not say (a style property of a type the client's
    /// catalog does not declare), read by its shape: `#rrggbbaa` → colour, other strings →
    /// string, numbers, booleans, `{value, unit}` → dimension or duration by unit, an asset
    /// object, a typography object (it has `fontFamily` and `fontSize`), DTCG composites by
    /// their members, 4 numbers → cubic Bézier, strings → font family list.
    static func inferring(_ json: JSONValue, at path: String) throws(SkinProblems) -> TokenValue {
        switch json {
        case .string(let text):
            if text.utf8.count == 9, let color = try? color(json, at: path), text == TokenValue.color(color).flatJSON.stringValue {
                return .color(color)
            }
            return .string(text)
        case .number(let number): return .number(number)
        case .bool(let bool): return .boolean(bool)
        case .array(let elements):
            if elements.count == 4, elements.allSatisfy({ $0.numberValue != nil }), let bezier = try? cubicBezier(json, at: path) {
                return .cubicBezier(bezier)
            }
            if !elements.isEmpty, elements.allSatisfy({ $0.stringValue != nil }) { return .fontFamily(try fontFamily(json, at: path)) }
            if !elements.isEmpty, elements.allSatisfy({ $0["position"] != nil }) { return try decode(json, as: .gradient, at: path) }
            if !elements.isEmpty, elements.allSatisfy({ $0["offsetX"] != nil }) { return try decode(json, as: .shadow, at: path) }
        case .object(let object):
            if object.count == 2, let unit = object["unit"]?.stringValue {
                if DimensionUnit(rawValue: unit) != nil { return .dimension(try dimension(json, at: path)) }
                if DurationUnit(rawValue: unit) != nil { return .duration(try duration(json, at: path)) }
            }
            if object["sha256"] != nil && object["url"] != nil { return .asset(try asset(json, at: path)) }
            if object["fontFamily"] != nil && object["fontSize"] != nil { return .typography(try typography(json, at: path)) }
            if object["offsetX"] != nil || object["offsetY"] != nil { return try composite(json, as: .shadow, at: path) }
            if object["timingFunction"] != nil || object["delay"] != nil { return try composite(json, as: .transition, at: path) }
            if object["dashArray"] != nil || object["lineCap"] != nil { return try composite(json, as: .strokeStyle, at: path) }
            if object["width"] != nil && object["style"] != nil { return try composite(json, as: .border, at: path) }
        case .null:
            break
        }
        throw failure(path, json, "a value in flat notation")
    }

    static func failure(_ path: String, _ json: JSONValue, _ expected: String) -> SkinProblems {
        SkinProblems(errors: [.error(.invalidValue, at: path, "expected \(expected), found \(json.brief)")])
    }
}
