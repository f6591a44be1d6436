/// A fully resolved token value: no aliases, no expressions, every notation normalised.
///
/// This is what the resolver produces, what the canonical writer prints, what
/// interpolation and diffing compare, and what the client library hands to apps.
///
/// The common scalar cases (a colour, a dimension, a number, a string) are stored inline: only the
/// large, rare payloads are boxed (`indirect`). A wholly indirect enum put every token's value in
/// its own heap box, so a 50,000-token resolution allocated, and at the end released, 50,000 boxes
/// scattered over memory: a fifth of the cold resolve at 50,000 tokens (issue 9, ModelBench).
/// Inline, the largest payload is an `RGBAColor` (32 bytes).
///
/// Changing which cases are `indirect` changes a layout that code compiled in other modules relies
/// on (outlined copies of `TokenValue?`), and an incremental build may leave that code as it was:
/// it then reads a string's bytes as a box pointer and crashes, or compares equal values as unequal
/// (seen with Swift 6.3.1's SwiftPM, both ways). After such a change rebuild the dependent modules
/// from scratch (`swift package clean`, or remove their `.build/…/debug/*.build` folders);
/// `TokenValueLayoutTests` checks every case.
public enum TokenValue: Sendable, Hashable {
    case color(RGBAColor)
    case dimension(Dimension)
    case number(Double)
    case boolean(Bool)
    case string(String)
    case duration(DurationValue)
    /// One family name or a fallback list, as given.
    case fontFamily(FontFamily)
    /// 1…1000.
    case fontWeight(Double)
    /// `[x1, y1, x2, y2]`.
    case cubicBezier([Double])
    indirect case typography(Typography)
    /// An object composite (`border`, `transition`, a single `shadow`, an object `strokeStyle`):
    /// member name → resolved sub-value.
    case composite(TokenType, [String: TokenValue])
    /// A list composite (`shadow` layers, `gradient` stops): each element resolved.
    case list(TokenType, [TokenValue])
    indirect case asset(AssetInfo)
    /// A value of a type Livery does not know (docs/skins.md, "What tool exports may contain"), kept verbatim with the references
    /// inside it resolved; `typeName` is the `$type` as written (`"unknown"`, `"other"`).
    indirect case opaque(typeName: String, JSONValue)

    /// The token type this value belongs to.
    public var type: TokenType {
        switch self {
        case .color: .color
        case .dimension: .dimension
        case .number: .number
        case .boolean: .boolean
        case .string: .string
        case .duration: .duration
        case .fontFamily: .fontFamily
        case .fontWeight: .fontWeight
        case .cubicBezier: .cubicBezier
        case .typography: .typography
        case .composite(let type, _), .list(let type, _): type
        case .asset: .asset
        case .opaque: .opaque
        }
    }

    /// The type name the outputs write: the DTCG name, or an opaque value's own.
    public var typeName: String {
        if case .opaque(let name, _) = self { return name }
        return type.rawValue
    }
}

/// An sRGB colour with straight (non-premultiplied) alpha, every component in 0…1.
public struct RGBAColor: Sendable, Hashable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}

/// DTCG's `px` and `rem`, and the units tools export beyond DTCG (docs/skins.md, "Types and the notations Livery reads"), which are kept
/// as given (with a `non-dtcg-unit` warning when read).
public enum DimensionUnit: String, Sendable, Hashable, Codable, CaseIterable {
    case px
    case rem
    case em
    case percent = "%"
    case pt
    case dp
    case sp
    case vw
    case vh

    /// Whether DTCG 2025.10 §8.2 defines the unit.
    public var isDTCG: Bool { self == .px || self == .rem }
}

/// A length: `{value, unit}` with unit `px` or `rem` (or a unit tools export, docs/skins.md, "Types and the notations Livery reads").
public struct Dimension: Sendable, Hashable {
    public var value: Double
    public var unit: DimensionUnit

    public init(_ value: Double, _ unit: DimensionUnit) {
        self.value = value
        self.unit = unit
    }
}

public enum DurationUnit: String, Sendable, Hashable, Codable {
    case ms
    case s
}

/// A time span: `{value, unit}` with unit `ms` or `s`.
public struct DurationValue: Sendable, Hashable {
    public var value: Double
    public var unit: DurationUnit

    public init(_ value: Double, _ unit: DurationUnit) {
        self.value = value
        self.unit = unit
    }
}

/// A font family as the designer gave it: one name, or a fallback list.
public enum FontFamily: Sendable, Hashable {
    case single(String)
    case list([String])

    /// The preferred family: the name, or the first of the list.
    public var primary: String {
        switch self {
        case .single(let name): name
        case .list(let names): names.first ?? ""
        }
    }
}

/// How text is cased (Livery's addition to DTCG typography; WolfCore's `allCaps` maps onto it).
public enum TextCase: String, Sendable, Hashable, Codable {
    case none
    case uppercase
    case lowercase
    case capitalize
}

/// A resolved DTCG typography value plus Livery's `color` and `textCase`.
public struct Typography: Sendable, Hashable {
    public var fontFamily: FontFamily
    public var fontSize: Dimension
    public var fontWeight: Double?
    /// DTCG: a number (multiplier of the font size).
    public var lineHeight: Double?
    public var letterSpacing: Dimension?
    public var color: RGBAColor?
    public var textCase: TextCase?
    /// Members DTCG typography does not list (`fontStyle`, `textDecoration`, `paragraphSpacing`, …),
    /// kept and resolved like any sub-value (docs/skins.md, "What tool exports may contain").
    public var extra: [String: TokenValue]

    public init(
        fontFamily: FontFamily, fontSize: Dimension, fontWeight: Double? = nil, lineHeight: Double? = nil,
        letterSpacing: Dimension? = nil, color: RGBAColor? = nil, textCase: TextCase? = nil, extra: [String: TokenValue] = [:]
    ) {
        self.extra = extra
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.fontWeight = fontWeight
        self.lineHeight = lineHeight
        self.letterSpacing = letterSpacing
        self.color = color
        self.textCase = textCase
    }
}

/// An uploaded asset a token names (`"sha256:<64 hex>"`), as the resolved document describes it.
public struct AssetInfo: Sendable, Hashable {
    /// Lower-case hex SHA-256 of the bytes.
    public var sha256: String
    /// Where a client fetches the bytes, e.g. `/v1/assets/<sha256>`.
    public var url: String
    public var contentType: String
    public var bytes: Int

    public init(sha256: String, url: String, contentType: String, bytes: Int) {
        self.sha256 = sha256
        self.url = url
        self.contentType = contentType
        self.bytes = bytes
    }
}
