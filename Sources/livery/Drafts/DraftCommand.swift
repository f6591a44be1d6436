import ArgumentParser
import Foundation

/// `livery draft list|show|save|seed|preview-link|publish|delete`: drafts on the server
/// (docs/api.md, "Drafts"), from a terminal or a design pipeline, as the console and the
/// Tokens Studio plugin reach them.
struct DraftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "draft",
        abstract: "Save, check, preview and publish drafts kept on the server.",
        discussion: """
            A draft is work in progress: each save is a revision, kept even while it does not \
            validate; a preview link shows it on a phone in the real app; publishing makes its \
            latest revision the skin's next version. Needs a designer token. Example:
              livery draft save spring brand.json --skin brand
              livery draft preview-link spring --expires-in 3600
              livery draft publish spring --if-match d2
            """,
        subcommands: [List.self, Show.self, Save.self, Seed.self, PreviewLink.self, Publish.self, Delete.self],
        defaultSubcommand: List.self
    )

    /// `livery draft list`.
    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "list", abstract: "List the drafts, the latest saved first.")

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let answer = try await APIRequest(options: server).send("GET", "/v1/drafts")
            try APIRequest.check(answer, expect: [200])
            if server.json { return print(answer.text) }
            let drafts = answer.json["drafts"] as? [[String: Any]] ?? []
            if drafts.isEmpty { print("no drafts") }
            for draft in drafts { print(DraftClient.line(draft)) }
        }
    }

    /// `livery draft show ID`.
    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "show", abstract: "Show a draft and what a publish of it would find now.",
            discussion: """
                The latest revision is validated again as the next version of its skin (what the \
                console shows): its errors, its warnings, the contrast gate's and the live builds' \
                findings. --json prints the revision's body exactly as saved.
                """)

        @OptionGroup var draft: DraftID

        @OptionGroup var server: ServerOptions

        func run() async throws {
            let id = draft.id
            let client = DraftClient(options: server, id: id)
            let body = try await client.send("GET", expect: [200])
            if server.json { return FileHandle.standardOutput.write(body.body + Data("\n".utf8)) }
            let listed = try await APIRequest(options: server).send("GET", "/v1/drafts")
            try APIRequest.check(listed, expect: [200])
            let skin = body.headers["livery-skin"] ?? "?"
            let drafts = listed.json["drafts"] as? [[String: Any]] ?? []
            if let draft = drafts.first(where: { $0["id"] as? String == id }) {
                print(DraftClient.line(draft))
                print("made by \(draft["createdBy"] as? String ?? "?") at \(draft["createdAt"] as? String ?? "?"); becomes the next version of \(skin)")
            }
            let checked = try await APIRequest(options: server).send(
                "POST", "/v1/skins/\(APIRequest.pathSegment(skin))/validate", body: body.body, headers: ["Content-Type": "application/json"])
            try APIRequest.check(checked, expect: [200])
            for line in DraftClient.findings(checked.json) { print(line) }
        }
    }
}
