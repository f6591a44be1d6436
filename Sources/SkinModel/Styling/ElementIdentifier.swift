/// An element's identifier as an app gives it (docs/skins.md, "Components, styles and rules", after SwiftUIStylable):
/// `section/element/atom`, outermost first, each component a name with an optional state
/// (`checkout/button[disabled]`). No `*`, no theme: those belong to selectors.
public struct ElementIdentifier: Sendable, Hashable, CustomStringConvertible {
    /// A name with an optional state.
    public struct Component: Sendable, Hashable, CustomStringConvertible {
        public var name: String
        public var state: String?

        public init(name: String, state: String? = nil) {
            self.name = name
            self.state = state
        }

        public var description: String { state.map { "\(name)[\($0)]" } ?? name }
    }

    /// The components before the atom, outermost first.
    public var components: [Component]
    public var atom: Component

    public init(components: [Component], atom: Component) {
        self.components = components
        self.atom = atom
    }

    /// - Throws: `InvalidSelector` for malformed identifiers (empty components, `*`, bad characters).
    public init(parsing text: String) throws(InvalidSelector) {
        var scanner = IdentifierScanner(text)
        var parsed: [Component] = []
        repeat {
            parsed.append(try scanner.component())
        } while scanner.skip("/")
        guard scanner.isAtEnd else { throw scanner.failure("unexpected \"\(scanner.peek.map(String.init) ?? "")\"") }
        atom = parsed.removeLast()
        components = parsed
    }

    public var description: String { (components + [atom]).map(\.description).joined(separator: "/") }
}
