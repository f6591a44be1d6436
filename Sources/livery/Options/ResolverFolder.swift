import Foundation

/// Where a file a resolver document (or a Tokens Studio folder) references may be: under the
/// document's own folder, nowhere else (docs/skins.md, token sets).
///
/// `livery publish X.resolver.json` uploads every file the resolver names. A resolver from
/// someone else naming `../../.ssh/id_rsa` or `/etc/passwd`, directly or through a symbolic
/// link, would otherwise be read and sent to the server before the server could refuse it.
enum ResolverFolder {
    /// The real path of `reference` below `folder`, or a failure naming the reference and the
    /// folder when it is absolute or leads outside (`..`, a symbolic link), checked without
    /// reading the file.
    static func inside(_ folder: URL, reference: String, referrer: String) throws -> String {
        let root = folder.standardizedFileURL.path
        guard !reference.hasPrefix("/"), !reference.hasPrefix("~") else {
            throw outside(reference, root: root, referrer: referrer)
        }
        // First by the names (`..`), then, for a file that exists, by where its links lead.
        let target = folder.appendingPathComponent(reference).standardizedFileURL.path
        guard isBelow(target, root) else { throw outside(reference, root: root, referrer: referrer) }
        guard FileManager.default.fileExists(atPath: target) else { return target }
        let realRoot = folder.standardizedFileURL.resolvingSymlinksInPath().path
        let realTarget = URL(fileURLWithPath: target).resolvingSymlinksInPath().path
        guard isBelow(realTarget, realRoot) else { throw outside(reference, root: root, referrer: referrer) }
        return realTarget
    }

    private static func isBelow(_ path: String, _ root: String) -> Bool {
        path.hasPrefix(root.hasSuffix("/") ? root : root + "/")
    }

    private static func outside(_ reference: String, root: String, referrer: String) -> CLIFailure {
        CLIFailure(
            "\(referrer) references \(reference), which is outside its folder \(root): a bundle holds only files "
                + "under the resolver's folder, so nothing was read or sent")
    }
}
