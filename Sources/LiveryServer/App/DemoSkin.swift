import Logging
import SkinStore

/// The demo skin a fresh database starts with, so `swift run livery serve` on a new clone
/// serves something real: a DTCG document with a dark and a high-contrast variant, derived
/// colours, typography, styles and rules (`Resources/demo-skin.json`, embedded in the binary).
enum DemoSkin {
    static let skinName = "demo"
    static let channelName = "default"

    /// Publishes and activates the demo skin when the database has no skins at all.
    static func seedIfEmpty(_ store: SkinStore, logger: Logger) async throws {
        guard try await store.listSkins().isEmpty else { return }
        let version: Int
        do {
            version = try await store.publish(
                skin: skinName, document: PackageResources.demo_skin_json, parent: nil, author: "livery",
                message: "demo skin seeded on first start", expectedLatest: 0)
            _ = try await store.activate(
                channel: channelName, skin: skinName, version: nil, actor: "livery", expectedActivationCount: 0)
        } catch StoreError.preconditionFailed {
            return  // another process sharing the database seeded it first
        }
        logger.info("seeded demo skin", metadata: ["skin": "\(skinName)", "skin.version": "\(version)", "channel": "\(channelName)"])
    }
}
