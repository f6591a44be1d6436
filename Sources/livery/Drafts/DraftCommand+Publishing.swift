import ArgumentParser
import Foundation

/// What is done with a draft once saved: shown on a phone, published, deleted.
extension DraftCommand {
    /// `livery draft preview-link ID [--expires-in SECONDS]`.
    struct PreviewLink: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "preview-link", abstract: "Make a read-only link that shows the draft in the app.",
            discussion: """
                The URL is printed alone on the last line (`livery draft preview-link spring | tail -1`). \
                Whoever has it sees the draft, following every save, until it expires; a phone that \
                opens it in a browser gets a page saying how to open it in the app.
                """)

        @OptionGroup var draft: DraftID

        @Option(name: .customLong("expires-in"), help: ArgumentHelp("Seconds the link is valid, 1 to 2592000 (default: a day).", valueName: "seconds"))
        var expiresIn: Int?

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let body = try JSONSerialization.data(withJSONObject: expiresIn.map { ["expiresIn": $0] } ?? [:])
            let answer = try await DraftClient(options: server, id: draft.id).send("POST", "/preview-links", body: body, expect: [201])
            if server.json { return print(answer.text) }
            print("preview link to draft \(draft.id), valid until \(answer.json["expires"] as? String ?? "?"):")
            print(answer.json["url"] as? String ?? "")
        }
    }

    /// `livery draft publish ID [--if-match TAG]`.
    struct Publish: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "publish", abstract: "Publish the draft's latest revision as its skin's next version.",
            discussion: "Through the same checks and release gate as `livery publish`; the draft stays, for the next round of changes.")

        @OptionGroup var draft: DraftTarget

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let answer = try await draft.client(server).send("POST", "/publish", body: Data(), ifMatch: draft.ifMatch, expect: [201])
            if server.json { return print(answer.text) }
            let revision = (answer.json["draft"] as? [String: Any])?["revision"] as? Int ?? 0
            var lines = PublishedSummary.lines(answer.json, skin: "?")
            lines[0] += " from draft \(draft.id) revision \(revision)"
            for line in lines { print(line) }
        }
    }

    /// `livery draft delete ID [--if-match TAG]`.
    struct Delete: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "delete", abstract: "Delete a draft and its revisions.",
            discussion: "Its preview links answer 410 from then on; published versions stay.")

        @OptionGroup var draft: DraftTarget

        @OptionGroup var server: ServerOptions

        func run() async throws {
            _ = try await draft.client(server).send("DELETE", ifMatch: draft.ifMatch, expect: [204])
            print("deleted draft \(draft.id)")
        }
    }
}
