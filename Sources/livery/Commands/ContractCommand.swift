import ArgumentParser
import Foundation
import SkinModel
import SkinStore

/// `livery contract derive|push`: what an app build reads, from its release pipeline
/// (docs/apps.md, "Old builds in the field").
struct ContractCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "contract",
        abstract: "Derive a build's contract from its bundled skin, and register it.",
        discussion: """
            In an app's release pipeline: `livery contract derive Fallback.json > contract.json` \
            then `livery contract push --platform ios --version 3.2.1 contract.json`. From then \
            on the server refuses (409) to put a look live on a channel where that build runs \
            when the look lacks a token, style or image the build reads.
            """,
        subcommands: [Derive.self, Push.self]
    )

    /// `livery contract derive FILE`.
    struct Derive: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "derive",
            abstract: "Print the contract of a build's bundled skin.",
            discussion: """
                FILE is what the build ships as its fallback: a resolved document (`livery get \
                --json`, the client library's bundled file) or a skin document without `extends`. \
                The contract lists every token path with its type, every style id (the rule \
                selectors that name no wildcard, state or theme) and every image id. A file with \
                no tokens is refused.
                """
        )

        @Argument(help: ArgumentHelp("The bundled skin: a resolved document or a skin document.", valueName: "file"))
        var file: String

        @Option(name: .shortAndLong, help: ArgumentHelp("Write the contract here instead of standard output.", valueName: "file"))
        var output: String?

        func run() throws {
            let contract = try Self.derive(PublishBody.contents(file), name: file)
            let bytes = CanonicalJSON.encode(contract.json) + [0x0A]
            if let output {
                guard FileManager.default.createFile(atPath: output, contents: Data(bytes)) else { throw CLIFailure("cannot write \(output)") }
                print("\(output): \(contract.summary)")
            } else {
                FileHandle.standardOutput.write(Data(bytes))
            }
        }

        /// The contract of a resolved document, else of a skin document's base look.
        /// - Throws: `CLIFailure` naming the file when it is neither, or has no tokens: a contract
        ///   without tokens guards nothing, and is what a file that is not a skin at all (a
        ///   `package.json`) reads as, since a skin document may hold any member.
        static func derive(_ bytes: [UInt8], name: String) throws -> BuildContract {
            let contract = try deriveAny(bytes, name: name)
            guard !contract.tokens.isEmpty else {
                throw CLIFailure(
                    "\(name) has no tokens: derive from the skin the build bundles as its fallback "
                        + "(a resolved document from `livery get --json`, or a skin document)")
            }
            return contract
        }

        private static func deriveAny(_ bytes: [UInt8], name: String) throws -> BuildContract {
            guard let json = try? JSONParser.parse(bytes) else { throw CLIFailure("\(name) is not JSON") }
            if case .object(let object) = json, object["skin"] != nil, let document = try? ResolvedDocument(json: json) {
                return BuildContract(deriving: document)
            }
            let document: SkinDocument
            do {
                document = try SkinDocument.parse(bytes)
            } catch {
                throw CLIFailure("\(name) is neither a resolved document nor a skin document: \(error.errors.first?.message ?? "invalid")")
            }
            guard document.extends == nil else {
                throw CLIFailure("\(name) extends another skin; derive from its resolved document (`livery get --json`) instead")
            }
            let lineage = [LineageEntry(skin: "bundled", version: 1, document: document)]
            do {
                return BuildContract(deriving: try Resolver.resolve(
                    ResolutionRequest(lineage: lineage, assets: ValidateCommand.assumedAssets(in: [bytes]))))
            } catch {
                throw CLIFailure("\(name) does not resolve: \(error.errors.first?.description ?? "errors")")
            }
        }
    }

    /// `livery contract push --platform P --version V FILE`.
    struct Push: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "push",
            abstract: "Register a build's contract with the server (designer token).",
            discussion: "Replaces the build's earlier contract, if any. The server checks every entry and names each bad one."
        )

        @Option(help: ArgumentHelp("The build's platform: ios, android, web, macos or other.", valueName: "platform"))
        var platform: String

        @Option(help: ArgumentHelp("The build's version, MAJOR.MINOR.PATCH.", valueName: "version"))
        var version: String

        @Argument(help: ArgumentHelp("The contract (from `livery contract derive`).", valueName: "file"))
        var file: String

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let build: ClientIdentity
            do {
                build = try ClientIdentity(platform: platform, version: version)
            } catch {
                throw ValidationError(error.description)
            }
            let body = Data(try PublishBody.contents(file))
            let answer = try await APIRequest(options: server).send(
                "PUT", "/v1/contracts/\(build)", body: body, headers: ["Content-Type": "application/json"])
            try APIRequest.check(answer, expect: [200, 201])
            if server.json {
                print(answer.text)
            } else {
                let json = answer.json
                let counts = ["token", "style", "image"].map { noun in
                    let count = (json[noun + "s"] as? [String: Any])?.count ?? (json[noun + "s"] as? [Any])?.count ?? 0
                    return "\(count) \(noun)\(count == 1 ? "" : "s")"
                }
                print("contract of \(build) \(answer.status == 201 ? "registered" : "replaced"): \(counts.joined(separator: ", "))")
            }
        }
    }
}
