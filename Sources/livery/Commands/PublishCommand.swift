import ArgumentParser
import Foundation

/// `livery publish PATH --skin NAME`: publishes a skin document, or a token set (a resolver
/// document with the files it references, or a Tokens Studio folder), as the skin's next version.
struct PublishCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "publish",
        abstract: "Publish a skin document (DTCG JSON) as a new version of a skin.",
        discussion: """
            The server validates the document against its lineage; on success it prints the new \
            version and its warnings (one line per kind, with a count and the paths), on failure every error with its token path, one per line, \
            and exits 1. Needs a designer token. Example:
              LIVERY_TOKEN=… livery publish summer.json --skin summer --server http://localhost:8080
            A resolver document (one with resolutionOrder) is sent with every file it references, \
            read relative to it (only files under its folder: a path outside is refused before anything is read); a folder is packed as a Tokens Studio project ($themes.json, \
            $metadata.json, one file per set, optional $livery.json). Their modifiers or theme \
            groups become variant axes:
              livery publish tokens/system.resolver.json --skin system
              livery publish design-tokens/ --skin studio
            """
    )

    @Argument(help: ArgumentHelp("The skin document, resolver document (X.resolver.json) or Tokens Studio folder to publish.", valueName: "path"))
    var file: String

    @Option(help: "The skin's name.")
    var skin: String

    @Option(help: "A note stored with the version.")
    var message: String?

    @Option(name: .customLong("if-latest"), help: ArgumentHelp("Publish only if the latest version is still N (0: only if new).", valueName: "n"))
    var ifLatest: Int?

    @OptionGroup var server: ServerOptions

    func run() async throws {
        let bytes = Data(try PublishBody.read(file))
        let path = "/v1/skins/\(APIRequest.pathSegment(skin))/versions" + APIRequest.query(message.map { [("message", $0)] } ?? [])
        var headers = ["Content-Type": "application/json"]
        if let ifLatest { headers["If-Match"] = "\"v\(ifLatest)\"" }
        let answer = try await APIRequest(options: server).send("POST", path, body: bytes, headers: headers)
        try APIRequest.check(answer, expect: [201])
        if server.json {
            print(answer.text)
            return
        }
        for line in PublishedSummary.lines(answer.json, skin: skin) { print(line) }
    }
}
