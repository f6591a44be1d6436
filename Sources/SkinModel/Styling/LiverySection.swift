/// The styling members of ONE skin document's `$livery`: `components`, `styles`, `rules`
/// and `images` (docs/skins.md, "Components, styles and rules"). `extends` and `variants` belong to the token half and are
/// ignored here.
///
/// Parsing checks shape and names only; whether a style's component exists, whether a
/// property has the right type and whether a referenced style exists depend on the whole
/// lineage and its tokens, and are checked by `StyleSheetResolver`.
public struct LiverySection: Sendable, Hashable {
    /// Where this section sits (`$livery`), the prefix of every diagnostic path.
    public var path: String
    /// In document order.
    public var components: [ComponentDefinition]
    /// In document order.
    public var styles: [StyleDefinition]
    /// In document order: order decides ties between rules.
    public var rules: [RuleDefinition]
    /// In document order.
    public var images: [ImageDefinition]

    public init(
        path: String = "$livery", components: [ComponentDefinition] = [], styles: [StyleDefinition] = [],
        rules: [RuleDefinition] = [], images: [ImageDefinition] = []
    ) {
        self.path = path
        self.components = components
        self.styles = styles
        self.rules = rules
        self.images = images
    }

    /// Reads the styling members of a `$livery` object, collecting every problem.
    ///
    /// Invalid entries are dropped from the section and reported (errors at paths like
    /// `$livery.rules[2].selector`), so one mistake does not hide the others.
    /// - Parameters:
    ///   - livery: the raw `$livery` member.
    ///   - path: its location, the prefix of the diagnostics' paths.
    public static func parse(_ livery: JSONObject, path: String = "$livery") -> (LiverySection, [Diagnostic]) {
        var parser = LiverySectionParser(path: path)
        let section = parser.parse(livery)
        return (section, parser.diagnostics)
    }

    /// The path of a component definition of this section.
    func path(ofComponent name: String) -> String { "\(path).components.\(name)" }
}
