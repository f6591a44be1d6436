import ArgumentParser
import Foundation
import LiveryClient

/// `livery get`: fetches a channel's resolved skin through LiveryClient, as an app would.
struct GetCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "get",
        abstract: "Fetch a channel's resolved skin.",
        discussion: """
            Prints a summary (skin, version, ETag, token count) or, with --json, the resolved \
            document exactly as served. Uses the same client library apps use.
            """
    )

    @OptionGroup var target: ChannelOptions
    @OptionGroup var server: ServerOptions

    func run() async throws {
        let client = try target.client(server)
        let skin: Skin
        do {
            skin = try await client.fetch()
        } catch {
            throw CLIFailure(target.describe(error, server: server))
        }
        if server.json {
            FileHandle.standardOutput.write(Data(skin.bytes ?? []))
            FileHandle.standardOutput.write(Data("\n".utf8))
        } else {
            print(target.summary(of: skin))
        }
    }
}

/// `livery watch`: prints every change of a channel's skin as it lands (long-polling).
struct WatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Follow a channel: print each new resolved skin as it lands.",
        discussion: """
            Holds a long-poll (Prefer: wait=N) and prints one line per change — or, with --json, \
            each resolved document on its own line. Reconnects with backoff when the server is \
            down. Stop with Ctrl-C.
            """
    )

    @OptionGroup var target: ChannelOptions
    @OptionGroup var server: ServerOptions

    @Option(help: ArgumentHelp("Stop after this many changes (default: run until interrupted).", valueName: "n"))
    var count: Int?

    func run() async throws {
        let client = try target.client(server)
        var seen = 0
        for await skin in client.updates() {
            if server.json {
                FileHandle.standardOutput.write(Data(skin.bytes ?? []) + Data("\n".utf8))
            } else {
                FileHandle.standardOutput.write(Data((target.summary(of: skin) + "\n").utf8))
            }
            seen += 1
            if let count, seen >= count { return }
        }
    }
}

/// `--channel` and `--variant`, shared by `get` and `watch`.
struct ChannelOptions: ParsableArguments {
    @Option(help: "The channel to read.")
    var channel = "default"

    @Option(name: .customLong("variant"), help: ArgumentHelp("A variant to apply, e.g. dark (repeatable, in order).", valueName: "name"))
    var variants: [String] = []

    func client(_ server: ServerOptions) throws -> LiveryClient {
        guard let url = URL(string: server.baseURL) else { throw CLIFailure("invalid server URL \(server.baseURL)") }
        do {
            return try LiveryClient(configuration: LiveryClientConfiguration(
                baseURL: url, channel: channel, variants: variants, bearerToken: server.bearerToken))
        } catch {
            throw CLIFailure("cannot create the client: \(error)")
        }
    }

    func summary(of skin: Skin) -> String {
        let variantText = skin.variants.isEmpty ? "" : " [\(skin.variants.joined(separator: ","))]"
        return "\(channel): \(skin.name)@\(skin.version)\(variantText) etag \(skin.etag ?? "-") tokens \(skin.document.tokens.count)"
    }

    func describe(_ error: LiveryClientError, server: ServerOptions) -> String {
        switch error {
        case .unreachable: "cannot reach the server at \(server.baseURL): \(error)"
        default: "\(error)"
        }
    }
}
