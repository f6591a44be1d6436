/// The working state of one `StyleSheetResolver.resolve` call: the merged lineage, caches,
/// and the problems found so far (deduplicated, in the order found).
struct StyleSheetResolution {
    let sections: [LiverySection]
    let variants: [String]
    let values: any PropertyValueResolving

    /// Built-ins plus the lineage's components.
    var catalog = ComponentCatalog.builtIn
    /// The lineage's own component types, merged.
    var ownComponents = ComponentCatalog()
    /// Where each own component was last written.
    var componentPaths: [String: String] = [:]
    /// Named styles, later sections winning, in first-definition order.
    var styles: [String: StyleDefinition] = [:]
    var styleOrder: [String] = []

    private(set) var problems = SkinProblems()
    private var reported: Set<Diagnostic> = []
    /// Flattened named styles; `.some(nil)` marks a style that could not be flattened.
    var flattened: [String: FlatStyle?] = [:]
    /// Cycles already reported, by their set of members.
    var reportedCycles: Set<Set<String>> = []
    /// Checked values by (where written, checked against): the same value applied through
    /// several styles or rules is resolved and reported once.
    var checked: [CheckKey: TokenValue?] = [:]

    struct CheckKey: Hashable {
        var path: String
        var component: String?
        var keyPath: String
    }

    init(sections: [LiverySection], variants: [String], values: any PropertyValueResolving) {
        self.sections = sections
        self.variants = variants
        self.values = values
    }

    mutating func report(_ diagnostic: Diagnostic) {
        guard reported.insert(diagnostic).inserted else { return }
        problems.add(diagnostic)
    }

    mutating func report(contentsOf other: SkinProblems) {
        for diagnostic in other.errors + other.warnings { report(diagnostic) }
    }

    mutating func run() -> ResolvedStyling {
        mergeComponents()
        for section in sections {
            for style in section.styles {
                if styles.updateValue(style, forKey: style.name) == nil { styleOrder.append(style.name) }
            }
        }
        var styling = ResolvedStyling(components: ownComponents.components)
        for name in styleOrder {
            guard let flat = flatten(named: name, referencedAt: styles[name]!.body.path, stack: []) else { continue }
            styling.styles[name] = ResolvedStyle(component: flat.component, properties: check(flat))
        }
        for section in sections {
            for rule in section.rules {
                if let theme = rule.selector.theme, !variants.contains(theme) { continue }
                let body = StyleBody(extends: rule.style, properties: rule.properties, path: rule.path)
                let flat = flatten(body, extendsKey: "style", defaultComponent: nil, stack: [])
                styling.rules.append(ResolvedRule(selector: rule.selector, style: rule.style, properties: check(flat)))
            }
        }
        var images: [String: ImageDefinition] = [:]
        for section in sections {
            for image in section.images { images[image.name] = image }
        }
        for (name, image) in images.sorted(by: { $0.key < $1.key }) {
            if let asset = resolveImage(image) { styling.images[name] = asset }
        }
        return styling
    }

    private mutating func resolveImage(_ image: ImageDefinition) -> AssetInfo? {
        do {
            let value = try values.resolve(image.value, as: .asset, at: image.path)
            guard case .asset(let asset) = value else {
                report(.error(.propertyType, at: image.path, "image \"\(image.name)\" must name an asset, but \(image.value.brief) is a \(value.type.rawValue)"))
                return nil
            }
            return asset
        } catch {
            report(contentsOf: error)
            return nil
        }
    }
}
