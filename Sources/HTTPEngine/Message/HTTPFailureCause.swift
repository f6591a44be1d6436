/// Why a handler answered with a server error, for the observer's log line and metrics: the
/// client's problem document says only what it may know, the operator needs the real cause.
///
/// The engine never renders it; it travels with the response to `HTTPResponseEvent.cause`.
package struct HTTPFailureCause: Sendable, Hashable {
    /// A stable, low-cardinality code to count by (`sqlite:10`, `store:closed`).
    package var code: String
    /// The full error text (never a secret: it is logged).
    package var message: String

    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }
}
