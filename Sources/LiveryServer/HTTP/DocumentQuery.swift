import HTTPEngine
import SkinModel
import SkinStore

/// The query (and `Prefer`) of a resolved-document request: which variants, which format,
/// whether to explain, and how long the client is willing to wait for a change.
struct DocumentQuery: Sendable {
    var variants: [String] = []
    var format: DocumentView.Format = .flat
    var explain = false
    /// Seconds to hold the request when its tag is current; nil or 0 answers at once.
    var waitSeconds: Int?
    /// The client's stable rollout bucket (docs/api.md, "Rollouts, schedules and rollback"), nil when not sent.
    var bucket: Int?
    /// The app build asking (`client=ios/3.2.1`, docs/apps.md "Old builds in the field"), nil when not sent.
    var client: ClientIdentity?

    /// Reads `variant` (comma list or repeated; canonical: each name once, at its first
    /// occurrence, as resolution reads it), `format`, `explain`, `bucket`, `client` and `wait`, falling back to
    /// `Prefer: wait=N` (RFC 7240 §4.3) when the query has no `wait`.
    ///
    /// - Throws: `Problem` 400 naming the parameter for a malformed value; unknown parameters
    ///   are ignored, as HTTP caches and proxies add their own.
    init(_ request: HTTPRequest) throws(Problem) {
        let prefers = request.headers.contains("prefer")
        guard request.hasQuery || prefers else { return }
        // Items are read as received and decoded only where a value needs it: a launch's query
        // (`?client=ios/3.2.1`) then costs no array and no string (docs/apps.md, "Old builds in the field").
        var failure: Problem?
        request.forEachRawQueryItem { item in
            do throws(Problem) {
                try read(item)
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure { throw failure }
        // Canonical before it keys anything (views, resolutions, long-polls): a repeated name
        // means nothing more to resolution, so `v0,v0` is the look of `v0` and shares its entry.
        variants = ResolutionRequest.canonicalVariants(variants)
        if waitSeconds == nil, prefers {
            waitSeconds = Self.preferredWait(request.headers.values(for: "prefer"))
        }
    }

    /// Reads one parameter; unknown ones are ignored, as HTTP caches and proxies add their own.
    private mutating func read(_ item: RawQueryItem) throws(Problem) {
        if item.nameIs("client") {
            client = try Self.client(item)
            return
        }
        let name = item.decodedName(), value = item.decodedValue()
        switch name {
        case "variant":
            for part in value.split(separator: ",") {
                let variant = part.trimmingCharacters(in: " ")
                guard !variant.isEmpty else { continue }
                guard Self.isVariantName(variant) else { throw Problem.badRequest("variant \"\(variant)\" is not a variant name.") }
                variants.append(variant)
            }
        case "format":
            guard let format = DocumentView.Format(rawValue: value) else {
                throw Problem.badRequest("format must be flat, dtcg or css, not \"\(value)\".")
            }
            self.format = format
        case "explain":
            switch value {
            case "1", "true", "": explain = true
            case "0", "false": explain = false
            default: throw Problem.badRequest("explain must be 1 or 0, not \"\(value)\".")
            }
        case "bucket":
            // docs/api.md, "Rollouts, schedules and rollback": buckets 0…99; anything else is the client's mistake, not "no bucket".
            guard let bucket = Int(value), (0..<ChannelRollout.bucketCount).contains(bucket),
                value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw Problem.badRequest("bucket must be a whole number from 0 to 99, not \"\(value)\".", slug: "invalid-bucket")
            }
            self.bucket = bucket
        case "wait":
            guard let seconds = Int(value), seconds >= 0 else {
                throw Problem.badRequest("wait must be a whole number of seconds, not \"\(value)\".")
            }
            waitSeconds = seconds
        default:
            return
        }
    }

    /// What a variant may be called in a request, whichever way it comes (`variant=`, OFREP's
    /// `variants`): a skin's variant names, token-set selections (`axis:context`), and Tokens
    /// Studio's names, which have spaces and dots.
    static func isVariantName(_ variant: String) -> Bool {
        !variant.isEmpty && variant.allSatisfy { $0.isLetter || $0.isNumber || "-_:. ".contains($0) }
    }

    /// Only the `client` parameter, for routes whose other parameters are not a document query
    /// (`/interpolate`): nil when absent.
    /// - Throws: `Problem` 400 (`invalid-client`) when malformed.
    static func client(_ request: HTTPRequest) throws(Problem) -> ClientIdentity? {
        var found: Result<ClientIdentity, Problem>?
        request.forEachRawQueryItem { item in
            guard item.nameIs("client") else { return true }
            found = Result { () throws(Problem) in try client(item) }
            return false
        }
        return try found?.get()
    }

    /// A `client` item's build. `+` is semver's build metadata (`ios/3.2.1-beta.2+417`), not a
    /// form's space, so the value is decoded keeping it; without a `%` escape the bytes are the
    /// text already, parsed without a `String`. Pre-release and build metadata are dropped, so
    /// they split neither caches nor counts.
    private static func client(_ item: RawQueryItem) throws(Problem) -> ClientIdentity {
        let parsed = item.valueHasEscapes
            ? ClientIdentity(item.decodedValue(plusAsSpace: false))
            : item.value.withMemoryRebound(to: UInt8.self) { ClientIdentity(utf8: $0) }
        guard let parsed else { throw invalidClient(item.decodedValue(plusAsSpace: false)) }
        return parsed
    }

    /// The 400 naming the parameter; the value is echoed only in part (it may be kilobytes long).
    static func invalidClient(_ value: String) -> Problem {
        let shown = value.count > 80 ? value.prefix(80) + "…" : Substring(value)
        return Problem.badRequest(
            "client must be PLATFORM/VERSION, PLATFORM one of \(ClientPlatform.names) and VERSION MAJOR.MINOR.PATCH "
                + "(\"ios/3.2.1\", each number at most \(BuildVersion.maxNumber), at most \(BuildVersion.maxLength) characters), "
                + "not \"\(shown)\".", slug: "invalid-client")
    }

    /// `Prefer: wait=N` among possibly several comma-separated preferences; malformed
    /// preferences are ignored, as RFC 7240 §2 asks.
    static func preferredWait(_ values: [String]) -> Int? {
        for value in values {
            for preference in value.split(separator: ",") {
                let parts = preference.split(separator: "=", maxSplits: 1)
                guard parts.count == 2, parts[0].trimmingCharacters(in: " ").lowercased() == "wait" else { continue }
                let number = parts[1].split(separator: ";").first.map { $0.trimmingCharacters(in: " \"") } ?? ""
                if let seconds = Int(number), seconds >= 0 { return seconds }
            }
        }
        return nil
    }
}

extension Substring {
    func trimmingCharacters(in set: String) -> String {
        let characters = Set(set)
        var slice = self[...]
        while let first = slice.first, characters.contains(first) { slice = slice.dropFirst() }
        while let last = slice.last, characters.contains(last) { slice = slice.dropLast() }
        return String(slice)
    }
}
