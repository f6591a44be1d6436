import ArgumentParser
import Foundation
import LiveryServer
import SkinModel

/// `livery validate FILE`: the server's validation, offline, with the same resolver.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check a skin document offline: every error and warning at once.",
        discussion: """
            Runs the same parser and resolver as the server, without a server. A document that \
            extends another skin needs its ancestors: pass them root first with --ancestor \
            NAME=FILE. Asset references are accepted unchecked (their uploads live on the server). \
            Warnings come one per kind with a count and their paths ("warning 212 × mapped-type \
            (spacing → dimension): …"); --json prints them as the server answers them. Exits 0 when valid (warnings allowed), 1 otherwise.
            """
    )

    @Argument(help: ArgumentHelp("The skin document, resolver document or Tokens Studio folder.", valueName: "path"))
    var file: String

    @Option(name: .customLong("ancestor"), help: ArgumentHelp("An ancestor skin, root first: NAME=FILE (repeatable).", valueName: "name=file"))
    var ancestors: [String] = []

    @Flag(help: "Print {valid, errors, warnings} as JSON.")
    var json = false

    func run() throws {
        let bytes = try PublishBody.read(file)
        var entries: [LineageEntry] = []
        var documents: [[UInt8]] = [bytes]
        for (index, spec) in ancestors.enumerated() {
            let parts = spec.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, let data = FileManager.default.contents(atPath: parts[1]) else {
                throw CLIFailure("--ancestor must be NAME=FILE with a readable file, not \(spec)")
            }
            do {
                entries.append(LineageEntry(skin: parts[0], version: index + 1, document: try SkinDocument.parse([UInt8](data))))
            } catch {
                throw CLIFailure("ancestor \(parts[0]) is invalid: \(error.errors.first?.message ?? "parse error")")
            }
            documents.append([UInt8](data))
        }
        let problems: SkinProblems
        do {
            let document = try SkinDocument.parse(bytes)
            problems = Validator.validate(document: document, ancestors: entries, assets: Self.assumedAssets(in: documents))
        } catch {
            problems = error
        }
        report(problems)
        if !problems.errors.isEmpty { throw ExitCode(1) }
    }

    private func report(_ problems: SkinProblems) {
        if json {
            // The same shape and bytes as the server's `POST /v1/skins/{skin}/validate` answer.
            let answer = JSONValue.object(JSONObject([
                ("valid", .bool(problems.errors.isEmpty)),
                ("errors", .array(problems.errors.map(\.json))),
                ("warnings", .array(problems.warnings.map(\.json))),
            ]))
            print(String(decoding: CanonicalJSON.encode(answer), as: UTF8.self))
            return
        }
        for line in FindingGroups(problems).lines { print(line) }
        let verdict = problems.errors.isEmpty ? "valid" : "invalid"
        let kinds = problems.warnings.count
        let warnings = problems.warnings.reduce(0) { $0 + $1.count }
        let ofKinds = warnings == kinds ? "" : " of \(kinds) kind\(kinds == 1 ? "" : "s")"
        print("\(file): \(verdict), \(problems.errors.count) error(s), \(warnings) warning(s)\(ofKinds)")
    }

    /// Every `sha256:` reference (found as the server finds them), accepted as an asset of
    /// unknown type: offline there is no upload to check it against.
    static func assumedAssets(in documents: [[UInt8]]) -> [String: AssetInfo] {
        var assets: [String: AssetInfo] = [:]
        for sha in AssetReferences.collect(in: documents) {
            assets[sha] = AssetInfo(sha256: sha, url: "/v1/assets/\(sha)", contentType: "application/octet-stream", bytes: 0)
        }
        return assets
    }
}
