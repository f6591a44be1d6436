/// Which SQL engine a ``SQLDatabase`` speaks, for the few statements that cannot be written
/// portably (catalog lookups, sequences). Everything else in `Queries/` is one text for both:
/// `?` placeholders (the PostgreSQL connection numbers them `$1…$n`), `RETURNING`,
/// `ON CONFLICT … DO NOTHING`, and no engine-specific functions.
package enum SQLDialect: String, Sendable {
    case sqlite
    case postgresql
}
