/// One `PUT /v1/channels/{c}`: what was activated, by whom, when.
package struct ChannelActivation: Hashable, Sendable {
    package let skin: String
    /// The pinned version, or nil for "follow the latest".
    package let version: Int?
    /// The token name that activated it.
    package let actor: String
    package let at: String

    package init(skin: String, version: Int?, actor: String, at: String) {
        self.skin = skin
        self.version = version
        self.actor = actor
        self.at = at
    }
}
