/// One entry of a channel's `builds` (docs/apps.md, "Old builds in the field"): the builds of a
/// platform whose version is in `versions` get `skin` at `version` instead of the channel's
/// active or rollout target. A channel's entries are tried in order; the first match wins.
package struct BuildTarget: Hashable, Sendable, CustomStringConvertible {
    package let platform: ClientPlatform
    package let versions: BuildRange
    package let skin: String
    /// The pinned version, or nil to follow the skin's latest.
    package let version: Int?

    package init(platform: ClientPlatform, versions: BuildRange, skin: String, version: Int?) {
        self.platform = platform
        self.versions = versions
        self.skin = skin
        self.version = version
    }

    /// `ios <3.2.0 → summer@4` (`summer@latest` when following): how the audit log names it.
    package var description: String {
        "\(platform.rawValue) \(versions) → \(skin)@\(version.map(String.init) ?? "latest")"
    }

    /// Whether a client is one of the builds this entry targets.
    package func matches(_ client: ClientIdentity) -> Bool {
        client.platform == platform && versions.contains(client.version)
    }
}

extension [BuildTarget] {
    /// The first entry matching `client` and its position, nil for no client or no match.
    package func firstMatch(for client: ClientIdentity?) -> (index: Int, target: BuildTarget)? {
        guard let client else { return nil }
        guard let index = firstIndex(where: { $0.matches(client) }) else { return nil }
        return (index, self[index])
    }

    /// The stored form of a channel's entries: one line each, `platform TAB versions TAB skin
    /// TAB version` (version empty when following the latest). Skin names and ranges cannot
    /// contain tabs or newlines, so the text is unambiguous; empty for no entries.
    package var storedText: String {
        map { "\($0.platform.rawValue)\t\($0.versions)\t\($0.skin)\t\($0.version.map(String.init) ?? "")" }
            .joined(separator: "\n")
    }

    /// Reads ``storedText``; lines that no longer parse are skipped (never written by the store).
    package init(storedText text: String?) {
        self = (text ?? "").split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            guard fields.count == 4, let platform = ClientPlatform(rawValue: String(fields[0])),
                let range = BuildRange(fields[1])
            else { return nil }
            return BuildTarget(platform: platform, versions: range, skin: String(fields[2]), version: Int(fields[3]))
        }
    }
}
