import ArgumentParser
import Foundation
import SkinStore

/// `livery token create|list|revoke`: API tokens, managed directly in the database.
struct TokenCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "token",
        abstract: "Create, list and revoke API tokens.",
        discussion: """
            Tokens are shown once, at creation; the database keeps only their SHA-256. Roles: \
            reader (client reads when public reads are off), designer (publish, activate, upload), \
            admin (everything, including the audit log).
            """,
        subcommands: [Create.self, List.self, Revoke.self]
    )

    struct Create: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Create a token; prints the secret alone on the last line of stdout.")

        @Option(help: "A unique name for the token; it appears in the audit log.")
        var name: String

        @Option(help: "reader, designer or admin.")
        var role: TokenRole

        @OptionGroup var options: DatabaseOptions

        func run() throws {
            let (store, _) = try options.openStore(existing: true, announce: true)
            defer { store.close() }
            do {
                let secret = try store.createToken(name: name, role: role, actor: "cli")
                FileHandle.standardError.write(Data("created \(role.rawValue) token \"\(name)\"; it is shown only once:\n".utf8))
                print(secret)
            } catch {
                throw CLIFailure("cannot create token \"\(name)\": \(error)")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List tokens (never their secrets).")

        @Flag(help: "Print JSON instead of a table.")
        var json = false

        @OptionGroup var options: DatabaseOptions

        func run() throws {
            let (store, _) = try options.openStore(existing: true, announce: true)
            defer { store.close() }
            let tokens = try store.listTokens()
            if json {
                let rows = tokens.map { token -> [String: Any] in
                    [
                        "name": token.name, "role": token.role.rawValue, "createdAt": token.createdAt,
                        "revokedAt": token.revokedAt ?? NSNull(), "lastUsedAt": token.lastUsedAt ?? NSNull(),
                    ]
                }
                let data = try JSONSerialization.data(withJSONObject: rows, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
                return
            }
            if tokens.isEmpty {
                print("no tokens")
                return
            }
            print("NAME".padding(20) + "ROLE".padding(10) + "CREATED".padding(26) + "STATUS")
            for token in tokens {
                let status = token.revokedAt.map { "revoked \($0)" } ?? "active"
                print(token.name.padding(20) + token.role.rawValue.padding(10) + token.createdAt.padding(26) + status)
            }
        }
    }

    struct Revoke: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Revoke a token by name; it stops working at once.")

        @Option(help: "The token's name.")
        var name: String

        @OptionGroup var options: DatabaseOptions

        func run() throws {
            let (store, _) = try options.openStore(existing: true, announce: true)
            defer { store.close() }
            do {
                try store.revokeToken(name: name, actor: "cli")
                print("revoked \"\(name)\"")
            } catch {
                throw CLIFailure("cannot revoke \"\(name)\": \(error)")
            }
        }
    }
}

extension TokenRole: ExpressibleByArgument {}

extension String {
    fileprivate func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
