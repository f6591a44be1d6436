import ArgumentParser
import Foundation

/// Saving a draft's next revision: from a file or folder (`save`), or from a published version (`seed`).
extension DraftCommand {
    /// `livery draft save ID FILE [--skin NAME] [--if-match TAG]`.
    struct Save: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "save", abstract: "Save a file as a draft's next revision.",
            discussion: """
                FILE is what `livery publish` takes: a skin document, a resolver document (sent \
                with the files it references), a Tokens Studio export (one JSON file with $themes \
                and $metadata), or a Tokens Studio folder ($themes.json, $metadata.json, one file \
                per set), packed as `livery publish` packs it. The first save names the skin the \
                draft is for (--skin). The revision is kept even when it does not validate: what a \
                publish would find is printed, and the command still succeeds.
                """)

        @OptionGroup var draft: DraftTarget

        @Argument(help: ArgumentHelp("The skin document, resolver document, Tokens Studio export or folder.", valueName: "path"))
        var file: String

        @Option(help: "The skin the draft is for (needed by its first save).")
        var skin: String?

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let body = Data(try PublishBody.read(file))
            let answer = try await draft.client(server).send(
                "PUT", query: skin.map { [("skin", $0)] } ?? [], body: body, ifMatch: draft.ifMatch, expect: [200, 201])
            DraftCommand.printSaved(answer, server: server)
        }
    }

    /// `livery draft seed ID --skin NAME --from N`.
    struct Seed: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "seed", abstract: "Start a draft (or its next revision) from a published version.",
            discussion: "The version's document, byte for byte, becomes the draft's next revision (PUT /v1/drafts/{id}?skin=&from=N).")

        @OptionGroup var draft: DraftTarget

        @Option(help: "The skin whose version is copied; the draft is for this skin.")
        var skin: String

        @Option(help: ArgumentHelp("The version to copy.", valueName: "n"))
        var from: Int

        @OptionGroup var server: ServerOptions

        func validate() throws {
            guard from >= 1 else { throw ValidationError("--from must be a version number, 1 or more.") }
        }

        func run() async throws {
            let answer = try await draft.client(server).send(
                "PUT", query: [("skin", skin), ("from", String(from))], body: Data(), ifMatch: draft.ifMatch, expect: [200, 201])
            DraftCommand.printSaved(answer, server: server)
        }
    }

    /// `saved draft spring revision 2 "d2" (skin brand)` and what a publish would find.
    static func printSaved(_ answer: APIRequest.Answer, server: ServerOptions) {
        if server.json { return print(answer.text) }
        let draft = answer.json["draft"] as? [String: Any] ?? [:]
        let revision = draft["revision"] as? Int ?? 0
        print("\(answer.status == 201 ? "made" : "saved") draft \(draft["id"] as? String ?? "?") revision \(revision) \"d\(revision)\" "
            + "(skin \(draft["skin"] as? String ?? "?"), \(draft["bytes"] as? Int ?? 0) bytes)")
        for line in DraftClient.findings(answer.json) { print(line) }
    }
}
