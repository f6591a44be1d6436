/// Reads the members of a flat resolved document, collecting every problem.
struct ResolvedDocumentReader {
    private(set) var problems = SkinProblems()
    let catalog = ComponentCatalog.builtIn

    private mutating func fail(_ code: DiagnosticCode = .invalidDocument, at path: String, _ message: String) {
        problems.add(.error(code, at: path, message))
    }

    mutating func read(_ json: JSONValue) -> ResolvedDocument? {
        guard let root = json.objectValue else {
            fail(at: "", "a resolved document is a JSON object")
            return nil
        }
        let skin = root["skin"]?.stringValue
        if skin == nil { fail(at: "skin", "skin must be a string") }
        var version: Int?
        if let number = root["version"]?.numberValue, number == number.rounded(), number >= 0, number < 9e15 {
            version = Int(number)
        } else {
            fail(at: "version", "version must be a whole number")
        }
        let lineage = strings(root["lineage"], at: "lineage")
        let variants = strings(root["variants"], at: "variants")
        var channel: String?
        if let value = root["channel"], value != .null {
            channel = value.stringValue
            if channel == nil { fail(at: "channel", "channel must be a string") }
        }
        var tokens: [String: TokenValue] = [:]
        var types: [String: TokenType] = [:]
        if let object = root["tokens"]?.objectValue {
            for (path, token) in object.members {
                let at = "tokens.\(path)"
                guard let typeName = token["type"]?.stringValue else {
                    fail(.invalidValue, at: "\(at).type", "a token needs a type")
                    continue
                }
                guard let value = token["value"] else {
                    fail(at: "\(at).value", "a token needs a value")
                    continue
                }
                // A type this reader does not know is an opaque token (docs/skins.md, "What tool exports may contain"): its value as written.
                guard let type = TokenType(rawValue: typeName), type != .opaque else {
                    tokens[path] = .opaque(typeName: typeName, value)
                    types[path] = .opaque
                    continue
                }
                do {
                    tokens[path] = try TokenValue(flatJSON: value, type: type, at: "\(at).value")
                    types[path] = type
                } catch {
                    problems.add(contentsOf: error)
                }
            }
        } else {
            fail(at: "tokens", "tokens must be an object of {type, value}")
        }
        let styling = readStyling(root)
        guard problems.errors.isEmpty, let skin, let version else { return nil }
        return ResolvedDocument(
            skin: skin, version: version, lineage: lineage, variants: variants, channel: channel, tokens: tokens,
            tokenTypes: types, styling: styling)
    }

    private mutating func strings(_ value: JSONValue?, at path: String) -> [String] {
        guard let value else { return [] }
        guard let array = value.arrayValue, array.allSatisfy({ $0.stringValue != nil }) else {
            fail(at: path, "\(path) must be an array of strings")
            return []
        }
        return array.compactMap(\.stringValue)
    }

    // MARK: Styling

    private mutating func readStyling(_ root: JSONObject) -> ResolvedStyling {
        var styling = ResolvedStyling()
        if let images = root["images"] {
            if let object = images.objectValue {
                for (name, value) in object.members {
                    do {
                        guard case .asset(let asset) = try TokenValue(flatJSON: value, type: .asset, at: "images.\(name)") else { continue }
                        styling.images[name] = asset
                    } catch {
                        problems.add(contentsOf: error)
                    }
                }
            } else {
                fail(at: "images", "images must be an object of assets")
            }
        }
        if let styles = root["styles"] {
            if let object = styles.objectValue {
                for (name, value) in object.members {
                    let at = "styles.\(name)"
                    guard let style = value.objectValue else {
                        fail(at: at, "a style is {component?, properties}")
                        continue
                    }
                    let component = style["component"]?.stringValue
                    styling.styles[name] = ResolvedStyle(component: component, properties: properties(style["properties"], component: component, at: "\(at).properties"))
                }
            } else {
                fail(at: "styles", "styles must be an object")
            }
        }
        if let rules = root["rules"] {
            if let array = rules.arrayValue {
                for (index, value) in array.enumerated() {
                    if let rule = rule(value, styles: styling.styles, at: "rules[\(index)]") { styling.rules.append(rule) }
                }
            } else {
                fail(at: "rules", "rules must be an array")
            }
        }
        return styling
    }

    private mutating func rule(_ value: JSONValue, styles: [String: ResolvedStyle], at path: String) -> ResolvedRule? {
        guard let object = value.objectValue, let text = object["selector"]?.stringValue else {
            fail(at: path, "a rule is {selector, style?, properties}")
            return nil
        }
        let selector: StyleSelector
        do {
            selector = try StyleSelector(parsing: text)
        } catch {
            fail(.invalidSelector, at: "\(path).selector", "\"\(text)\": \(error.reason)")
            return nil
        }
        let style = object["style"]?.stringValue
        let component = style.flatMap { styles[$0]?.component }
        return ResolvedRule(selector: selector, style: style, properties: properties(object["properties"], component: component, at: "\(path).properties"))
    }

    /// Style or rule properties: by the declared type where the built-in catalog knows the
    /// key path on `component` (falling back to the shape if the value does not fit it, for a
    /// skin that extended a type), else by shape.
    private mutating func properties(_ value: JSONValue?, component: String?, at path: String) -> [String: TokenValue] {
        guard let value else { return [:] }
        guard let object = value.objectValue else {
            fail(at: path, "properties must be an object")
            return [:]
        }
        var result: [String: TokenValue] = [:]
        for (keyPath, raw) in object.members {
            let at = "\(path).\(keyPath)"
            if let component {
                switch catalog.lookup(component: component, keyPath: keyPath) {
                case .found(.token(let type)):
                    if let typed = try? TokenValue(flatJSON: raw, type: type, at: at) {
                        result[keyPath] = typed
                        continue
                    }
                case .found(.enumeration):
                    if case .string(let text) = raw {
                        result[keyPath] = .string(text)
                        continue
                    }
                default:
                    break
                }
            }
            do {
                result[keyPath] = try TokenValue(inferringFlatJSON: raw, at: at)
            } catch {
                problems.add(contentsOf: error)
            }
        }
        return result
    }
}
