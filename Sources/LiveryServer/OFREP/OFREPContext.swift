import SkinModel
import SkinStore

/// An OFREP evaluation context turned into the query a `/v1/channels/{c}/skin` request would
/// carry (docs/api.md, "OFREP"), so that an evaluation goes through the very resolution path,
/// caches and client targeting of that route:
///
/// | context | query |
/// |---|---|
/// | `targetingKey` | `bucket`: FNV-1a (32 bits) of its UTF-8 bytes, modulo 100 — the function the Swift client and client.js apply to their install id, so one install lands in one bucket whichever way it reads; absent → no bucket |
/// | `platform` + `appVersion` | `client=platform/appVersion` (both or neither) |
/// | `variants` | `variant` (a list of names, or one comma-separated string) |
/// | `channel` | the channel (default `default`) |
///
/// Other context members (OpenFeature adds its own) are ignored.
struct OFREPContext: Sendable, Equatable {
    var channel = "default"
    var bucket: Int?
    var client: String?
    var variants: [String] = []

    /// The empty context: the default channel, no bucket, no client, no variants.
    init() {}


    /// Reads a request body `{"context": {...}}` (an empty body is an empty context).
    /// - Throws: `PARSE_ERROR` when the body is not a JSON object; `INVALID_CONTEXT` naming the member.
    static func read(body: [UInt8]) throws(OFREPError) -> OFREPContext {
        guard body.contains(where: { !" \t\r\n".utf8.contains($0) }) else { return OFREPContext() }
        let json: JSONValue
        do throws(SkinProblems) {
            json = try JSONParser.parse(body)
        } catch {
            throw OFREPError(code: .parseError, details: "The body is not JSON: \(error.errors.first?.message ?? "unreadable")")
        }
        guard case .object(let request) = json else {
            throw OFREPError(code: .parseError, details: "The body must be a JSON object {\"context\": {...}}.")
        }
        switch request["context"] {
        case nil, .null?: return OFREPContext()
        case .object(let context)?: return try OFREPContext(context: context)
        default: throw OFREPError(code: .invalidContext, details: "context must be an object.")
        }
    }

    init(context: JSONObject) throws(OFREPError) {
        func string(_ name: String) throws(OFREPError) -> String? {
            switch context[name] {
            case nil, .null?: return nil
            case .string(let value)?: return value
            default: throw OFREPError(code: .invalidContext, details: "\(name) must be a string.")
            }
        }
        if let key = try string("targetingKey"), !key.isEmpty { bucket = RolloutBucket.of(key) }
        if let channel = try string("channel") {
            guard RequestBody.isName(channel) else {
                throw OFREPError(code: .invalidContext, details: "channel \"\(channel)\" must be 1–64 letters, digits, '-', '_' or '.'.")
            }
            self.channel = channel
        }
        let platform = try string("platform"), appVersion = try string("appVersion")
        switch (platform, appVersion) {
        case (nil, nil): break
        case (let given?, let version?):
            let name = given.lowercased()
            do throws(ClientIdentity.Invalid) {
                // The same reading as `client=`: one parser of build names for every route.
                _ = try ClientIdentity(platform: name, version: version)
            } catch .platform {
                throw OFREPError(code: .invalidContext, details: "platform must be one of \(ClientPlatform.names), not \"\(given)\".")
            } catch {
                throw OFREPError(code: .invalidContext, details: "appVersion must be a semantic version MAJOR.MINOR.PATCH, not \"\(version)\".")
            }
            client = "\(name)/\(version)"
        case (nil, _?): throw OFREPError(code: .invalidContext, details: "appVersion needs platform (ios, android, web, macos or other) beside it.")
        case (_?, nil): throw OFREPError(code: .invalidContext, details: "platform needs appVersion beside it.")
        }
        switch context["variants"] {
        case nil, .null?: break
        case .string(let list)?: variants = list.split(separator: ",").map { $0.trimmingCharacters(in: " ") }.filter { !$0.isEmpty }
        case .array(let names)?:
            for name in names {
                guard case .string(let variant) = name else { throw OFREPError(code: .invalidContext, details: "variants must be names (strings).") }
                variants.append(variant)
            }
        default: throw OFREPError(code: .invalidContext, details: "variants must be a list of names or a comma-separated string.")
        }
    }

    /// The query of the equivalent `/v1/channels/{c}/skin` request: `variant`, `bucket`, `client`.
    var query: String {
        var items: [String] = []
        if !variants.isEmpty { items.append("variant=" + variants.map(Self.percentEncoded).joined(separator: ",")) }
        if let bucket { items.append("bucket=\(bucket)") }
        if let client { items.append("client=" + Self.percentEncoded(client)) }
        return items.joined(separator: "&")
    }

    /// The request target of the equivalent channel read.
    var target: String {
        let query = self.query
        return "/v1/channels/\(channel)/skin" + (query.isEmpty ? "" : "?" + query)
    }

    /// RFC 3986 §2.3: unreserved characters as they are, every other byte as `%XX`.
    private static func percentEncoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || "-._~".utf8.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
