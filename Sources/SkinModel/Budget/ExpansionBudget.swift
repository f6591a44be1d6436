/// How much work a document may cause beyond its own size (docs/skins.md, "Limits").
///
/// `$ref`, group `$extends`, token-set references, variants, selections and error reports
/// all copy or repeat what a document wrote; nested, they multiply (a `$ref` fan-out of 21
/// levels is 1.3 KB of input and two million copies). Each such step spends units here —
/// one per JSON value copied, token definition layered, source merged or report character —
/// and past the limit the work stops with one `expansion-limit` error instead of running
/// for minutes and gigabytes. The limit grows with the input (`perInputUnit` × its JSON
/// values and definitions, on top of `floor`) and never exceeds `cap`, so real systems,
/// which expand a little, never meet it.
///
/// A class: one budget is shared by every reader and resolver working on one request, and
/// never leaves the synchronous call that made it.
final class ExpansionBudget {
    /// What any input may spend, however small: far above what a real document expands to.
    static let floor = 200_000
    /// Units each unit of input (a JSON value, a token definition) adds to the limit.
    static let perInputUnit = 16
    /// What no input may spend, however large.
    static let cap = 40_000_000

    let limit: Int
    private(set) var spent = 0
    /// Set once the limit was passed; every later `spend` fails at once.
    private(set) var isExhausted = false
    /// Whether the `expansion-limit` error was already reported (it is reported once).
    var isReported = false

    init(limit: Int) {
        self.limit = limit
    }

    /// A budget for an input of `inputUnits` JSON values or token definitions.
    convenience init(inputUnits: Int) {
        let (scaled, overflow) = inputUnits.multipliedReportingOverflow(by: Self.perInputUnit)
        self.init(limit: overflow ? Self.cap : min(Self.cap, Self.floor + scaled))
    }

    /// A budget without a limit, for callers that already bounded their input.
    static func unlimited() -> ExpansionBudget { ExpansionBudget(limit: .max) }

    /// Spends `units`; `false` (now and from then on) when that passes the limit.
    @discardableResult
    func spend(_ units: Int = 1) -> Bool {
        guard !isExhausted else { return false }
        let (total, overflow) = spent.addingReportingOverflow(units)
        guard !overflow, total <= limit else {
            isExhausted = true
            return false
        }
        spent = total
        return true
    }

    /// The error to report once the limit was passed, naming what passed it; `nil` when it
    /// was reported already, so a document gets one such error, not one per copy refused.
    func exhaustion(at path: String, during what: String) -> Diagnostic? {
        guard isExhausted, !isReported else { return nil }
        isReported = true
        return .error(.expansionLimit, at: path,
            "\(what) expands this input past \(limit) units of work (a few times its size, at most \(Self.cap)); nested $ref, $extends, set references or variants multiply what is written")
    }
}

extension DiagnosticCode {
    /// A document or request whose expansions (`$ref`, `$extends`, set references, variants,
    /// selections, error reports) would cost more than a few times its size (docs/skins.md, "Limits").
    public static let expansionLimit: DiagnosticCode = "expansion-limit"
}
