import SkinModel

/// One hold of the release gate (docs/apps.md, "Old builds in the field"; docs/skins.md, the
/// contrast gate): the audience of one of a channel's targets keeps a look it was served,
/// because a newer look failed the gate for it.
///
/// A publish never refuses for the gate: the builds it would break, or everyone when its
/// contrast fails, are held on what they were served. The next version that passes for them,
/// a change of the channel that no longer names the target, or an admin's force releases it.
package struct ServedHold: Hashable, Sendable {
    /// Who a hold keeps: everyone reaching the target (a contrast failure) or one build (its contract).
    package enum Audience: Hashable, Sendable, Comparable, CustomStringConvertible {
        case everyone
        case build(ClientIdentity)

        /// `*` or `ios/3.2.1`: the stored form.
        package var description: String {
            switch self {
            case .everyone: "*"
            case .build(let client): client.description
            }
        }

        /// Reads ``description``; nil when it does not parse.
        package init?(text: String) {
            if text == "*" {
                self = .everyone
            } else if let client = ClientIdentity(text) {
                self = .build(client)
            } else {
                return nil
            }
        }

        package static func < (lhs: Audience, rhs: Audience) -> Bool {
            switch (lhs, rhs) {
            case (.everyone, .build): true
            case (.build(let a), .build(let b)): a < b
            default: false
            }
        }
    }

    /// How the channel's state names the target held (``ServedTarget/description``).
    package let target: ServedTarget
    package let audience: Audience
    /// What the audience keeps being served.
    package let look: PinnedLook
    /// The version held back (`skin@version`: the one whose look failed).
    package let heldSkin: String
    package let heldVersion: Int
    /// Why, one line each (a contrast pair, or an entry the build reads).
    package let reasons: [String]
    /// When the hold was made (store timestamp text).
    package let since: String

    package init(
        target: ServedTarget, audience: Audience, look: PinnedLook, heldSkin: String, heldVersion: Int, reasons: [String], since: String
    ) {
        self.target = target
        self.audience = audience
        self.look = look
        self.heldSkin = heldSkin
        self.heldVersion = heldVersion
        self.reasons = reasons
        self.since = since
    }
}

/// A target a channel's state names: a skin at a version, or following its latest.
package struct ServedTarget: Hashable, Sendable, Comparable, CustomStringConvertible {
    package let skin: String
    /// nil: the skin's latest version.
    package let version: Int?

    package init(skin: String, version: Int?) {
        self.skin = skin
        self.version = version
    }

    /// Reads ``description``.
    package init?(text: String) {
        guard let at = text.lastIndex(of: "@") else { return nil }
        let suffix = text[text.index(after: at)...]
        if suffix == "latest" {
            self.init(skin: String(text[..<at]), version: nil)
        } else if let number = Int(suffix), number >= 1 {
            self.init(skin: String(text[..<at]), version: number)
        } else {
            return nil
        }
    }

    /// `shop@latest` or `shop@7`.
    package var description: String { "\(skin)@\(version.map(String.init) ?? "latest")" }

    package static func < (lhs: ServedTarget, rhs: ServedTarget) -> Bool { lhs.description < rhs.description }
}
