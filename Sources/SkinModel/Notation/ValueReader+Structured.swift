/// Non-string JSON read by each type's DTCG 2025.10 notation.
extension ValueReader {
    mutating func structured(_ raw: JSONValue, as type: TokenType, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        func expected() -> ValueError {
            ValueError(.invalidValue, "\(JSONDescription.describe(raw)) is not \(type.withArticle): expected \(Self.notationHint(type))")
        }
        switch type {
        case .color:
            guard case .object(let object) = raw else { throw expected() }
            switch ColorNotation.read(object: object) {
            case .value(let read):
                warnings += read.warnings
                return TypedValue(.color(read.color))
            case .malformed(let message, let code): throw ValueError(code, message)
            case .notLiteral: throw expected()
            }
        case .dimension:
            return try dimension(raw)
        case .duration:
            let (value, unit) = try measure(raw, units: ["ms", "s"], type: type)
            return TypedValue(.duration(DurationValue(value, DurationUnit(rawValue: unit)!)))
        case .number:
            guard case .number(let number) = raw else { throw expected() }
            return TypedValue(.number(number))
        case .boolean:
            guard case .bool(let bool) = raw else { throw expected() }
            return TypedValue(.boolean(bool))
        case .string, .asset:
            throw expected()
        case .opaque:
            return TypedValue(.opaque(typeName: opaqueTypeName, try verbatim(raw, lookup: lookup)))
        case .fontFamily:
            guard case .array(let elements) = raw, !elements.isEmpty else { throw expected() }
            var names: [String] = []
            for element in elements {
                guard case .string(let name) = element, !name.isEmpty else {
                    throw ValueError(.invalidValue, "font family list element \(JSONDescription.describe(element)) is not a name")
                }
                names.append(name)
            }
            return TypedValue(.fontFamily(.list(names)))
        case .fontWeight:
            guard case .number(let weight) = raw else { throw expected() }
            guard (1...1000).contains(weight) else { throw ValueError(.invalidValue, "font weight \(NotationNumber.describe(weight)) is outside 1…1000") }
            return TypedValue(.fontWeight(weight))
        case .cubicBezier:
            guard case .array(let elements) = raw, elements.count == 4 else { throw expected() }
            var points: [Double] = []
            for (index, element) in elements.enumerated() {
                let value = try read(element, as: .number, lookup: lookup)
                guard case .number(let number) = value.value else { throw expected() }
                if index % 2 == 0, !(0...1).contains(number) {
                    throw ValueError(.invalidValue, "cubic Bézier \(JSONDescription.describe(raw)): x\(index / 2 + 1) \(NotationNumber.describe(number)) is outside 0…1")
                }
                points.append(number)
            }
            return TypedValue(.cubicBezier(points))
        case .typography:
            guard case .object(let object) = raw else { throw expected() }
            return try typography(object, lookup: lookup)
        case .shadow:
            return try shadow(raw, lookup: lookup)
        case .border:
            guard case .object(let object) = raw else { throw expected() }
            return try composite(object, type: .border, members: [("color", .color), ("width", .dimension), ("style", .strokeStyle)], optional: [], lookup: lookup)
        case .strokeStyle:
            guard case .object(let object) = raw else { throw expected() }
            return try strokeStyle(object, lookup: lookup)
        case .gradient:
            guard case .array(let stops) = raw, !stops.isEmpty else { throw expected() }
            var values: [TokenValue] = []
            for stop in stops {
                guard case .object(let object) = stop else {
                    throw ValueError(.invalidValue, "gradient stop \(JSONDescription.describe(stop)) is not an object with color and position")
                }
                let read = try composite(object, type: .gradient, members: [("color", .color), ("position", .number)], optional: [], lookup: lookup)
                if case .composite(_, let members) = read.value, case .number(let position)? = members["position"], !(0...1).contains(position) {
                    throw ValueError(.invalidValue, "gradient stop position \(NotationNumber.describe(position)) is outside 0…1")
                }
                values.append(read.value)
            }
            return TypedValue(.list(.gradient, values))
        case .transition:
            guard case .object(let object) = raw else { throw expected() }
            return try composite(
                object, type: .transition, members: [("duration", .duration), ("delay", .duration), ("timingFunction", .cubicBezier)], optional: [],
                defaults: ["delay": .duration(DurationValue(0, .ms))], lookup: lookup)
        }
    }

    /// `{value, unit}` with one of `units`.
    func measure(_ raw: JSONValue, units: Set<String>, type: TokenType) throws(ValueError) -> (Double, String) {
        let list = units.sorted().joined(separator: " or ")
        guard case .object(let object) = raw else {
            if case .number(let number) = raw {
                throw ValueError(.invalidValue, "\(NotationNumber.describe(number)) is not \(type.withArticle): \(type.withArticle) needs a unit, e.g. {\"value\": \(NotationNumber.describe(number)), \"unit\": \"\(units.sorted().last!)\"}")
            }
            throw ValueError(.invalidValue, "\(JSONDescription.describe(raw)) is not \(type.withArticle): expected {\"value\": number, \"unit\": \(list)}")
        }
        for key in object.keys where key != "value" && key != "unit" {
            throw ValueError(.invalidValue, "unexpected member '\(key)' in \(type.withArticle) (value, unit)")
        }
        guard case .number(let value)? = object["value"] else {
            throw ValueError(.invalidValue, "\(JSONDescription.describe(raw)) is not \(type.withArticle): 'value' must be a number")
        }
        guard case .string(let unit)? = object["unit"], units.contains(unit) else {
            throw ValueError(.invalidValue, "\(JSONDescription.describe(raw)) is not \(type.withArticle): 'unit' must be \(list)")
        }
        return (value, unit)
    }

    /// An object composite: each listed member read as its type (aliases allowed), all
    /// required unless in `optional` or given a neutral value in `defaults` (docs/skins.md, "What tool exports may contain":
    /// `defaulted-member`); members DTCG does not list are kept (`extra-member`).
    mutating func composite(
        _ object: JSONObject, type: TokenType, members: [(String, TokenType)], optional: Set<String>,
        defaults: [String: TokenValue] = [:], lookup: (String) -> LookupResult
    ) throws(ValueError) -> TypedValue {
        var values: [String: TokenValue] = [:]
        for (key, raw) in object.members where !members.contains(where: { $0.0 == key }) {
            warnings.append(ReadingWarning(.extraMember, "\(type.rawValue) member '\(key)' is not one DTCG lists (\(members.map(\.0).joined(separator: ", "))); kept", detail: "\(type.rawValue) \(key)"))
            values[key] = try member(key, of: type) { (reader: inout ValueReader) throws(ValueError) in TypedValue(try reader.extraMember(raw, lookup: lookup)) }.value
        }
        for (name, memberType) in members {
            guard let raw = object[name] else {
                if optional.contains(name) { continue }
                if let neutral = defaults[name] {
                    warnings.append(ReadingWarning(.defaultedMember, "\(type.withArticle) without '\(name)' takes DTCG's neutral \(JSONDescription.describe(neutral.flatJSON))", detail: "\(type.rawValue) \(name)"))
                    values[name] = neutral
                    continue
                }
                throw ValueError(.invalidValue, "\(type.withArticle) needs '\(name)' (\(memberType.rawValue))")
            }
            values[name] = try member(name, of: type) { (reader: inout ValueReader) throws(ValueError) in try reader.read(raw, as: memberType, lookup: lookup) }.value
        }
        return TypedValue(.composite(type, values))
    }

    /// Runs `body`, prefixing any error with the member's name so messages say where.
    mutating func member(_ name: String, of type: TokenType, _ body: (inout ValueReader) throws(ValueError) -> TypedValue) throws(ValueError) -> TypedValue {
        do throws(ValueError) {
            return try body(&self)
        } catch {
            guard !error.isDependencyFailure else { throw error }
            throw ValueError(error.code, "\(type.rawValue) member '\(name)': \(error.message)")
        }
    }

    /// One shadow object, or a list of them (elements may be aliases of shadow tokens).
    mutating func shadow(_ raw: JSONValue, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        let members: [(String, TokenType)] = [
            ("color", .color), ("offsetX", .dimension), ("offsetY", .dimension), ("blur", .dimension), ("spread", .dimension), ("inset", .boolean),
        ]
        switch raw {
        case .object(let object):
            return try composite(
                shadowMembersInDTCGNames(object), type: .shadow, members: members, optional: ["inset"],
                defaults: ["spread": .dimension(Dimension(0, .px))], lookup: lookup)
        case .array(let elements) where !elements.isEmpty:
            var layers: [TokenValue] = []
            for element in elements {
                let layer = try read(element, as: .shadow, lookup: lookup)
                if case .list(_, let nested) = layer.value { layers += nested } else { layers.append(layer.value) }
            }
            return TypedValue(.list(.shadow, layers))
        default:
            throw ValueError(.invalidValue, "\(JSONDescription.describe(raw)) is not a shadow: expected a DTCG shadow object or an array of them")
        }
    }

    mutating func strokeStyle(_ object: JSONObject, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        for key in object.keys where key != "dashArray" && key != "lineCap" {
            throw ValueError(.invalidValue, "unexpected member '\(key)' in a strokeStyle (dashArray, lineCap)")
        }
        guard case .array(let dashes)? = object["dashArray"], !dashes.isEmpty else {
            throw ValueError(.invalidValue, "a strokeStyle object needs 'dashArray': a non-empty array of dimensions")
        }
        var lengths: [TokenValue] = []
        for dash in dashes {
            lengths.append(try member("dashArray", of: .strokeStyle) { (reader: inout ValueReader) throws(ValueError) in try reader.read(dash, as: .dimension, lookup: lookup) }.value)
        }
        guard case .string(let cap)? = object["lineCap"], KeywordNotation.lineCaps.contains(cap) else {
            throw ValueError(.invalidValue, "strokeStyle 'lineCap' must be round, butt or square, found \(object["lineCap"].map(JSONDescription.describe) ?? "nothing")")
        }
        return TypedValue(.composite(.strokeStyle, ["dashArray": .list(.dimension, lengths), "lineCap": .string(cap)]))
    }
}
