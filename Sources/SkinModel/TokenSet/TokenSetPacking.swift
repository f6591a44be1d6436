/// Builds the bodies that publish token sets (docs/skins.md, "Token sets") from files as a designer has them:
/// a resolver document with the files it references, or a Tokens Studio folder. The pieces
/// are copied byte for byte (not re-encoded), so member order — which decides a modifier's
/// first context and a theme group's first theme — and every number stay as written.
public enum TokenSetPacking {
    /// Whether a parsed file is a resolver document (rather than a single skin document).
    public static func isResolverDocument(_ json: JSONValue) -> Bool {
        guard case .object(let root) = json else { return false }
        return TokenSet.form(of: root) == .resolver && root["resolver"] == nil
    }

    /// The files a resolver document references, as written (`./theme/dark.json`, without any
    /// `#fragment`), each once, in order of first reference. Same-document pointers are not files.
    public static func referencedFiles(in resolver: JSONValue) -> [String] {
        var found: [String] = []
        func walk(_ value: JSONValue) {
            switch value {
            case .object(let object):
                if case .string(let reference)? = object["$ref"] {
                    let file = BundlePath.split(reference).file
                    if !file.isEmpty, !found.contains(file) { found.append(file) }
                }
                for (_, member) in object.members { walk(member) }
            case .array(let elements):
                elements.forEach(walk)
            default:
                break
            }
        }
        walk(resolver)
        return found
    }

    /// `{"resolver": …, "files": {"<path as referenced>": …}}`.
    public static func bundle(resolver: [UInt8], files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        var members: [(String, [UInt8])] = [("resolver", resolver)]
        var fileObject = object(files.map { ($0.path, $0.bytes) })
        if files.isEmpty { fileObject = Array("{}".utf8) }
        members.append(("files", fileObject))
        return object(members)
    }

    /// Tokens Studio's single-file form of a folder: each set under its name (its path in the
    /// folder without `.json`), then `$themes`, `$metadata` and `$livery` when present.
    public static func tokensStudioExport(sets: [(name: String, bytes: [UInt8])], themes: [UInt8]?, metadata: [UInt8]?, livery: [UInt8]?) -> [UInt8] {
        var members = sets.map { ($0.name, $0.bytes) }
        if let themes { members.append(("$themes", themes)) }
        if let metadata { members.append(("$metadata", metadata)) }
        if let livery { members.append(("$livery", livery)) }
        return object(members)
    }

    /// A JSON object from member names and raw JSON texts.
    static func object(_ members: [(String, [UInt8])]) -> [UInt8] {
        var bytes: [UInt8] = [UInt8(ascii: "{")]
        for (index, (name, value)) in members.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes += CanonicalJSON.encode(.string(name))
            bytes.append(UInt8(ascii: ":"))
            // RFC 8259 §8.1: a byte order mark may start a file, but not a value inside one.
            bytes += value.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(value.dropFirst(3)) : value
        }
        bytes.append(UInt8(ascii: "}"))
        return bytes
    }
}
