import HTTPEngine
import SkinModel
import SkinStore

/// A route's `{name}` segments read as what they name (docs/api.md, "Errors"): each read checks
/// its segment and throws the `400` that says what is wrong with it, so no route unwraps a
/// parameter or hands the store one it never checked. A segment that could not name anything
/// (`/v1/skins/a%20b`, `/v1/drafts/7/…` with 7 letters too many, `/v1/webhooks/x`) is the
/// caller's mistake, told apart from a well-formed name that names nothing (`404`). A route
/// behind a token reads its segments once the token is checked, so a caller without one is told
/// `401` first, whatever the path says.
struct RouteParameters: Sendable {
    let values: HTTPRouteParameters

    init(_ values: HTTPRouteParameters) { self.values = values }

    /// `{skin}`: a skin's name (letters, digits, `-`, `_`, `.`; ``RequestBody/isName(_:)``).
    func skin() throws(Problem) -> String { try name("skin", what: "Skin") }

    /// `{channel}`: a channel's name.
    func channel() throws(Problem) -> String { try name("channel", what: "Channel") }

    /// `{id}` of a draft: a name, as the designer chose it.
    func draft() throws(Problem) -> String { try name("id", what: "Draft") }

    /// A segment numbering something from 1 (`{n}` of versions and history entries, `{id}` of
    /// schedules, change requests and webhooks): digits only, at least 1. `what`: the things
    /// numbered, for the message (`Versions`).
    func number(_ key: String, of what: String) throws(Problem) -> Int {
        let text = values[key] ?? ""
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let number = Int(text), number >= 1
        else {
            throw Problem.badRequest("\(what) are numbered from 1: \"\(Self.shown(text))\" is not one of their numbers.")
        }
        return number
    }

    /// `{platform}/{version}` of a build contract: a build (``ClientIdentity``), read as
    /// `client=` reads one.
    func build() throws(Problem) -> ClientIdentity {
        do {
            return try ClientIdentity(platform: values["platform"] ?? "", version: values["version"] ?? "")
        } catch {
            throw Problem.badRequest("A contract's address is /v1/contracts/PLATFORM/MAJOR.MINOR.PATCH: \(error.description).")
        }
    }

    /// `{secret}` of a preview link: `lvp_` and letters, digits, `-` or `_`
    /// (docs/api.md, "Preview links").
    func previewSecret() throws(Problem) -> String {
        let text = values["secret"] ?? ""
        guard text.hasPrefix("lvp_"), text.utf8.count <= 128,
            text.utf8.dropFirst(4).allSatisfy(Self.isBase64URL)
        else {
            throw Problem.badRequest("\"\(Self.shown(text))\" is not a preview link's secret: those begin lvp_.")
        }
        return text
    }

    /// `{sha256}` of an asset: 64 hexadecimal digits, either case, given back in lower case.
    func sha256() throws(Problem) -> String {
        let text = (values["sha256"] ?? "").lowercased()
        guard Hex.isLowercaseHex(text, count: 64) else {
            throw Problem.badRequest("Assets are named by their 64-digit SHA-256, not \"\(Self.shown(text))\".")
        }
        return text
    }

    /// A segment the route takes as it is (a console file's name, an OFREP flag key): looked up,
    /// never parsed; nil when the route has no such segment.
    func text(_ key: String) -> String? { values[key] }

    private func name(_ key: String, what: String) throws(Problem) -> String {
        let text = values[key] ?? ""
        guard RequestBody.isName(text) else {
            throw Problem.badRequest("\(what) name \"\(Self.shown(text))\" must be 1–64 letters, digits, '-', '_' or '.'.")
        }
        return text
    }

    /// A letter of base64url (RFC 4648 §5), the alphabet of secrets.
    private static func isBase64URL(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    /// A segment as a message shows it: at most 80 characters (a path may be kilobytes long).
    private static func shown(_ text: String) -> String { text.count > 80 ? text.prefix(80) + "…" : text }
}
