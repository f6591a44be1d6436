import SkinModel
import SkinStore

/// Checks on a channel's per-build targets (docs/apps.md, "Old builds in the field").
extension Routes {
    /// Every entry's skin and version must exist and resolve: an entry naming nothing would
    /// hand its builds an error at their next launch.
    /// - Throws: `Problem` 422 (`invalid-builds`) naming the entry.
    func checkBuildTargets(_ builds: [BuildTarget]) async throws(Problem) {
        for (index, build) in builds.enumerated() {
            do throws(Problem) {
                _ = try await documents.lineage(skin: build.skin, version: build.version)
            } catch where error.status == 404 {
                throw Problem(
                    status: 422, slug: "invalid-builds", title: "Unprocessable content",
                    detail: "builds[\(index)] names \(build.skin)@\(build.version.map(String.init) ?? "latest"), which does not exist: \(error.detail)")
            }
        }
    }
}
