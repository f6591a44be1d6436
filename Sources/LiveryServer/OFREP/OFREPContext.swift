import SkinModel
import SkinStore

/// An OFREP evaluation context read as the view a `/v1/channels/{c}/skin` request with the
/// equivalent query would ask for (docs/api.md, "OFREP"), so that an evaluation goes through the
/// very resolution path, caches and client targeting of that route:
///
/// | context | the channel read's |
/// |---|---|
/// | `targetingKey` | `bucket`: the install's rollout bucket (``RolloutBucket``), the function the Swift client and client.js apply to their install id, so one install lands in one bucket whichever way it reads; absent → no bucket |
/// | `platform` + `appVersion` | `client=platform/appVersion` (both or neither), read by the same parser |
/// | `variants` | `variant` (a list of names, or one comma-separated string), by the same name rule |
/// | `channel` | the channel (default `default`) |
///
/// Other context members (OpenFeature adds its own) are ignored.
struct OFREPContext: Sendable, Equatable {
    var channel = "default"
    var bucket: Int?
    var client: ClientIdentity?
    /// Canonical (each name once, at its first occurrence), as the channel read's query makes them.
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
                client = try ClientIdentity(platform: name, version: version)
            } catch .platform {
                throw OFREPError(code: .invalidContext, details: "platform must be one of \(ClientPlatform.names), not \"\(given)\".")
            } catch {
                throw OFREPError(code: .invalidContext, details: "appVersion must be a semantic version MAJOR.MINOR.PATCH, not \"\(version)\".")
            }
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
        if let invalid = variants.first(where: { !DocumentQuery.isVariantName($0) }) {
            throw OFREPError(code: .invalidContext, details: "variant \"\(invalid)\" is not a variant name.")
        }
        variants = ResolutionRequest.canonicalVariants(variants)
    }

    /// The look the evaluation reads: the channel's, as its read with the equivalent query sees it.
    var view: DocumentView {
        DocumentView(target: .channel(channel), variants: variants, bucket: bucket, client: client)
    }
}
