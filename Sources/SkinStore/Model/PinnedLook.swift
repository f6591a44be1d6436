/// A look as it was served: every version of a lineage, root first (`base@3>shop@7`).
///
/// A channel's target may follow a latest version, directly (`shop@latest`) or through a
/// parent (`child@7` extending `base`); the same target then serves other looks as versions
/// are published. A hold (``ServedHold``) keeps an audience on one pinned look, so a child
/// keeps its parent's version too (docs/apps.md, "Old builds in the field").
package struct PinnedLook: Hashable, Sendable, CustomStringConvertible, Comparable {
    package struct Entry: Hashable, Sendable {
        package let skin: String
        package let version: Int

        package init(skin: String, version: Int) {
            self.skin = skin
            self.version = version
        }
    }

    /// Root first, the target's own version last.
    package let entries: [Entry]

    package init(_ entries: [Entry]) {
        self.entries = entries
    }

    /// The lineage of stored versions it names.
    package init(_ lineage: [StoredVersion]) {
        self.entries = lineage.map { Entry(skin: $0.skin, version: $0.number) }
    }

    /// Reads ``description``; nil when it does not parse (never written by the store).
    package init?(text: String) {
        var entries: [Entry] = []
        for part in text.split(separator: ">") {
            guard let at = part.lastIndex(of: "@"), let version = Int(part[part.index(after: at)...]), version >= 1 else { return nil }
            entries.append(Entry(skin: String(part[..<at]), version: version))
        }
        guard !entries.isEmpty else { return nil }
        self.entries = entries
    }

    /// The version a client sees as the document's (`skin`, `version`).
    package var leaf: Entry { entries[entries.count - 1] }

    /// The versions it pins, by skin: what a lineage walk uses instead of a followed latest.
    package var versions: [String: Int] {
        Dictionary(entries.map { ($0.skin, $0.version) }, uniquingKeysWith: { first, _ in first })
    }

    /// `base@3>shop@7`: the stored form, and how answers name it.
    package var description: String {
        entries.map { "\($0.skin)@\($0.version)" }.joined(separator: ">")
    }

    package static func < (lhs: PinnedLook, rhs: PinnedLook) -> Bool { lhs.description < rhs.description }
}
