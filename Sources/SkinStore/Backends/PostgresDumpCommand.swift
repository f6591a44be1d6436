import Foundation

/// The `pg_dump` invocation of `livery backup` on PostgreSQL (docs/operations.md, "Backups").
///
/// Two things it gets right that a plain `pg_dump --dbname=URL` does not:
/// - the password is never on the command line, where every local user reads it in
///   `/proc/PID/cmdline`: it is taken out of the URL (user info or `?password=`) and handed to
///   pg_dump as `PGPASSWORD` in its environment, which only the same user can read;
/// - a dump of the `public` schema restores into a fresh database: naming `--schema=public`
///   makes pg_dump write `CREATE SCHEMA public`, which fails there ("already exists", and
///   pg_restore exits 1), so for `public` the other schemas are excluded instead.
struct PostgresDumpCommand: Equatable {
    var arguments: [String]
    /// Variables added to pg_dump's environment.
    var environment: [String: String]

    /// `schema`: Livery's; `otherSchemas`: every other non-system schema of the database.
    init(url: String, schema: String, otherSchemas: [String], file: String) {
        let (safeURL, password) = Self.separatingPassword(url)
        var arguments = ["pg_dump", "--format=custom", "--no-owner", "--file=\(file)"]
        if schema == "public" {
            arguments += otherSchemas.map { "--exclude-schema=\(Self.literalPattern($0))" }
        } else {
            arguments.append("--schema=\(Self.literalPattern(schema))")
        }
        arguments.append("--dbname=\(safeURL)")
        self.arguments = arguments
        environment = password.map { ["PGPASSWORD": $0] } ?? [:]
    }

    /// The URL without its password, and the password (user info first, else `?password=`).
    static func separatingPassword(_ url: String) -> (url: String, password: String?) {
        guard var components = URLComponents(string: url) else { return (url, nil) }
        var password = components.password.map { $0.removingPercentEncoding ?? $0 }
        components.password = nil
        if let items = components.queryItems, items.contains(where: { $0.name == "password" }) {
            password = password ?? items.first { $0.name == "password" }?.value
            let rest = items.filter { $0.name != "password" }
            components.queryItems = rest.isEmpty ? nil : rest
        }
        return (components.string ?? url, password)
    }

    /// A schema name as a pg_dump pattern that matches it alone (double quotes keep case and
    /// make `*`, `?` and `.` literal).
    static func literalPattern(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
