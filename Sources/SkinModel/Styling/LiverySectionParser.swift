/// Reads one `$livery` object into a `LiverySection`, collecting every problem instead of
/// stopping at the first (the designer sees all of them in one publish attempt).
struct LiverySectionParser {
    let path: String
    private(set) var diagnostics: [Diagnostic] = []

    init(path: String) { self.path = path }

    mutating func parse(_ livery: JSONObject) -> LiverySection {
        var section = LiverySection(path: path)
        if let value = livery["components"] {
            for (name, value, at) in members(of: value, at: "\(path).components") {
                if let component = component(named: name, value, at: at) { section.components.append(component) }
            }
        }
        if let value = livery["styles"] {
            for (name, value, at) in members(of: value, at: "\(path).styles") {
                guard checkName(name, kind: "style", at: at) else { continue }
                if let body = styleBody(value, at: at, requireProperties: false) {
                    section.styles.append(StyleDefinition(name: name, body: body))
                }
            }
        }
        if let value = livery["rules"] {
            if let array = value.arrayValue {
                for (index, element) in array.enumerated() {
                    if let rule = rule(element, at: "\(path).rules[\(index)]") { section.rules.append(rule) }
                }
            } else {
                report(.invalidDocument, at: "\(path).rules", "rules must be an array of {selector, style?, properties?}")
            }
        }
        if let value = livery["images"] {
            for (name, value, at) in members(of: value, at: "\(path).images") {
                if let image = image(named: name, value, at: at) { section.images.append(image) }
            }
        }
        return section
    }

    // MARK: Components

    private mutating func component(named name: String, _ value: JSONValue, at path: String) -> ComponentDefinition? {
        guard checkName(name, kind: "component", at: path) else { return nil }
        if TokenType(rawValue: name) != nil {
            report(.invalidName, at: path, "\"\(name)\" is a token type name and cannot name a component")
            return nil
        }
        guard let object = objectMembers(value, allowed: ["extends", "properties", "description"], at: path) else { return nil }
        var definition = ComponentDefinition(name: name)
        if let extends = object["extends"] {
            guard let supertype = extends.stringValue, StylingName.isValid(supertype) else {
                report(.invalidValue, at: "\(path).extends", "extends must name a component")
                return nil
            }
            definition.extends = supertype
        }
        if let properties = object["properties"] {
            for (property, value, at) in members(of: properties, at: "\(path).properties") {
                guard checkName(property, kind: "property", at: at) else { continue }
                guard let type = PropertyType(json: value) else {
                    report(.invalidValue, at: at, "a property type is a token type, a component name or {\"enum\": [\"…\"]} with distinct non-empty names")
                    continue
                }
                definition.properties[property] = type
            }
        }
        checkDescription(object, at: path)
        return definition
    }

    // MARK: Styles

    /// `{component?, extends?, properties?}`; for inline styles one of `extends`/`properties` is required.
    private mutating func styleBody(_ value: JSONValue, at path: String, requireProperties: Bool) -> StyleBody? {
        guard let object = objectMembers(value, allowed: ["component", "extends", "properties", "description"], at: path) else {
            return nil
        }
        var body = StyleBody(path: path)
        var valid = true
        for key in ["component", "extends"] {
            guard let member = object[key] else { continue }
            guard let name = member.stringValue, StylingName.isValid(name) else {
                report(.invalidValue, at: "\(path).\(key)", "\(key) must be a \(key == "component" ? "component" : "style") name")
                valid = false
                continue
            }
            if key == "component" { body.component = name } else { body.extends = name }
        }
        if let properties = object["properties"] {
            body.properties = assignments(properties, at: "\(path).properties")
        } else if requireProperties && body.extends == nil {
            report(.invalidDocument, at: path, "an inline style needs properties or extends")
            valid = false
        }
        checkDescription(object, at: path)
        return valid ? body : nil
    }

    /// A plain object written to a property declared as a component, read as an inline style
    /// whose members are its properties (the resolver decides this; see `StyleValue`).
    mutating func shorthandStyle(_ object: JSONValue, at path: String) -> StyleBody {
        StyleBody(properties: assignments(object, at: path), path: path)
    }

    /// A `properties` object: key paths to values.
    private mutating func assignments(_ value: JSONValue, at path: String) -> [PropertyAssignment] {
        var result: [PropertyAssignment] = []
        for (keyPath, value, at) in members(of: value, at: path) {
            guard StylingName.isValidKeyPath(keyPath) else {
                report(.invalidName, at: at, "\"\(keyPath)\" is not a property name or a key path of names joined by \".\"")
                continue
            }
            if let styleValue = styleValue(value, at: at) {
                result.append(PropertyAssignment(keyPath: keyPath, value: styleValue, path: at))
            }
        }
        return result
    }

    private mutating func styleValue(_ value: JSONValue, at path: String) -> StyleValue? {
        switch value {
        case .null:
            report(.invalidValue, at: path, "a property value cannot be null")
            return nil
        case .object(let object) where object.keys.contains("$style"):
            guard object.count == 1, let name = object["$style"]?.stringValue, StylingName.isValid(name) else {
                report(.invalidValue, at: path, "a style reference is {\"$style\": \"name\"} with nothing else")
                return nil
            }
            return .styleReference(name)
        case .object(let object) where Self.isStyleShaped(object):
            return styleBody(value, at: path, requireProperties: true).map(StyleValue.inlineStyle)
        default:
            return .value(value)
        }
    }

    /// Whether an object reads as an inline style rather than a composite token value: only
    /// style members, among them `component`, `extends` or `properties` (no DTCG composite has
    /// those members). An inline style must then have `properties` or `extends`.
    static func isStyleShaped(_ object: JSONObject) -> Bool {
        let styleKeys: Set<String> = ["component", "extends", "properties", "description"]
        return object.keys.allSatisfy(styleKeys.contains)
            && (object["properties"] != nil || object["extends"] != nil || object["component"] != nil)
    }

    // MARK: Rules

    private mutating func rule(_ value: JSONValue, at path: String) -> RuleDefinition? {
        guard let object = objectMembers(value, allowed: ["selector", "style", "properties", "description"], at: path) else {
            return nil
        }
        guard let text = object["selector"]?.stringValue else {
            report(.invalidSelector, at: "\(path).selector", "a rule needs a selector string")
            return nil
        }
        let selector: StyleSelector
        do {
            selector = try StyleSelector(parsing: text)
        } catch {
            report(.invalidSelector, at: "\(path).selector", "\"\(text)\": \(error.reason) (at character \(error.offset))")
            return nil
        }
        var rule = RuleDefinition(selector: selector, path: path)
        if let style = object["style"] {
            guard let name = style.stringValue, StylingName.isValid(name) else {
                report(.invalidValue, at: "\(path).style", "style must be a style name")
                return nil
            }
            rule.style = name
        }
        if let properties = object["properties"] {
            rule.properties = assignments(properties, at: "\(path).properties")
        }
        if rule.style == nil && object["properties"] == nil {
            report(.invalidDocument, at: path, "a rule needs a style or properties")
            return nil
        }
        checkDescription(object, at: path)
        return rule
    }

    // MARK: Images

    private mutating func image(named name: String, _ value: JSONValue, at path: String) -> ImageDefinition? {
        guard StylingName.isValidImageName(name) else {
            report(.invalidName, at: path, "\"\(name)\" is not an image name (no \"/\", braces or whitespace)")
            return nil
        }
        guard let text = value.stringValue, StylingName.isAssetReference(text) || StylingName.isAlias(text) else {
            report(.invalidValue, at: path, "an image is \"sha256:<64 hex digits>\" or an alias to an asset token, not \(value.brief)")
            return nil
        }
        return ImageDefinition(name: name, value: value, path: path)
    }

    // MARK: Helpers

    private mutating func report(_ code: DiagnosticCode, at path: String, _ message: String) {
        diagnostics.append(.error(code, at: path, message))
    }

    private mutating func checkName(_ name: String, kind: String, at path: String) -> Bool {
        if StylingName.isValid(name) { return true }
        report(.invalidName, at: path, "\"\(name)\" is not a valid \(kind) name (non-empty; no whitespace, \".\", \"/\", \"[\", \"]\", \"*\", \"@\", braces, or leading \"$\")")
        return false
    }

    private mutating func checkDescription(_ object: JSONObject, at path: String) {
        if let description = object["description"], description.stringValue == nil {
            report(.invalidValue, at: "\(path).description", "description must be a string")
        }
    }

    /// The object's members if `value` is an object whose member names are all `allowed`.
    private mutating func objectMembers(_ value: JSONValue, allowed: Set<String>, at path: String) -> JSONObject? {
        guard let object = value.objectValue else {
            report(.invalidDocument, at: path, "expected an object, found \(value.brief)")
            return nil
        }
        let unknown = object.keys.filter { !allowed.contains($0) }
        guard unknown.isEmpty else {
            report(.invalidDocument, at: path, "unknown member \(unknown.map { "\"\($0)\"" }.joined(separator: ", ")); allowed: \(allowed.sorted().joined(separator: ", "))")
            return nil
        }
        return object
    }

    /// The members of an object with their paths, or none after reporting that `value` is not one.
    private mutating func members(of value: JSONValue, at path: String) -> [(String, JSONValue, String)] {
        guard let object = value.objectValue else {
            report(.invalidDocument, at: path, "expected an object, found \(value.brief)")
            return []
        }
        return object.members.map { ($0.key, $0.value, "\(path).\($0.key)") }
    }
}
