/// Placeholder numbering: the store's queries use `?`, PostgreSQL wants `$1…$n`.
extension PostgresConnection {
    /// `sql` with each `?` outside quoted text replaced by `$1`, `$2`, … in order.
    /// Single-quoted literals and double-quoted identifiers are copied unchanged (a doubled
    /// quote inside them simply closes and reopens, which scans the same).
    static func numberPlaceholders(_ sql: String) -> String {
        var output = ""
        output.reserveCapacity(sql.utf8.count + 8)
        var quote: Character?
        var index = 0
        for character in sql {
            if let open = quote {
                if character == open { quote = nil }
                output.append(character)
            } else if character == "'" || character == "\"" {
                quote = character
                output.append(character)
            } else if character == "?" {
                index += 1
                output += "$\(index)"
            } else {
                output.append(character)
            }
        }
        return output
    }
}
