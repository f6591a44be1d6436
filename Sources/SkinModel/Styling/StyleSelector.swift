/// A rule's selector (docs/skins.md, "Components, styles and rules"): `/`-separated components, outermost first, ending in the
/// atom; a component is a name with an optional state (`button[selected]`) or `*`; an
/// optional leading `@theme/` limits the rule to requests for that variant.
///
/// Grammar (no whitespace anywhere):
/// ```
/// selector  := ("@" name "/")? (component "/")* atom
/// component := "*" | name ("[" name "]")?
/// atom      := name ("[" name "]")?          — never "*": "the atoms must be equal"
/// name      := [A-Za-z0-9_-]+
/// ```
///
/// Named `StyleSelector`, not `Selector`, so that apps and the client library, which import
/// Foundation (and on Apple platforms the Objective-C `Selector`), can name it unqualified.
public struct StyleSelector: Sendable, Hashable, CustomStringConvertible {
    /// One selector component.
    public enum Component: Sendable, Hashable, CustomStringConvertible {
        /// `*`: any one element component.
        case wildcard
        /// A name, with the state it must be in, if any.
        case name(String, state: String?)

        public var description: String {
            switch self {
            case .wildcard: "*"
            case .name(let name, let state?): "\(name)[\(state)]"
            case .name(let name, nil): name
            }
        }
    }

    /// The variant this rule is limited to (`@dark/…`), or `nil` for every request.
    public var theme: String?
    /// The components before the atom, outermost first.
    public var components: [Component]
    /// The element's own name, with an optional state.
    public var atom: ElementIdentifier.Component

    public init(theme: String? = nil, components: [Component], atom: ElementIdentifier.Component) {
        self.theme = theme
        self.components = components
        self.atom = atom
    }

    /// Parses selector text.
    /// - Throws: `InvalidSelector` saying what is wrong and where (a character offset).
    public init(parsing text: String) throws(InvalidSelector) {
        var scanner = IdentifierScanner(text)
        if scanner.skip("@") {
            theme = try scanner.name(what: "theme name")
            guard scanner.skip("/") else { throw scanner.failure("expected \"/\" and a component after the theme") }
        }
        var parsed: [Component] = []
        repeat {
            if scanner.skip("*") {
                if scanner.peek == "[" { throw scanner.failure("\"*\" cannot have a state") }
                parsed.append(.wildcard)
            } else {
                let component = try scanner.component()
                parsed.append(.name(component.name, state: component.state))
            }
        } while scanner.skip("/")
        guard scanner.isAtEnd else { throw scanner.failure("unexpected \"\(scanner.peek.map(String.init) ?? "")\"") }
        guard case .name(let name, let state) = parsed.removeLast() else {
            throw InvalidSelector(text: text, offset: text.count - 1, reason: "the atom (last component) must be a name, not \"*\"")
        }
        components = parsed
        atom = ElementIdentifier.Component(name: name, state: state)
    }

    /// The selector as written: parsing `description` gives the same selector.
    public var description: String {
        var parts = components.map(\.description)
        parts.append(atom.description)
        let body = parts.joined(separator: "/")
        return theme.map { "@\($0)/" + body } ?? body
    }
}
