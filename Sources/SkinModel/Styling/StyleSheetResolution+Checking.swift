extension StyleSheetResolution {
    /// Every entry of a flattened style checked and resolved; entries with errors are left out.
    mutating func check(_ flat: FlatStyle) -> [String: TokenValue] {
        var properties: [String: TokenValue] = [:]
        for entry in flat.orderedEntries {
            let key = CheckKey(path: entry.path, component: entry.checkComponent, keyPath: entry.checkKeyPath)
            let value: TokenValue?
            if let cached = checked[key] {
                value = cached
            } else {
                value = checkedValue(entry)
                checked[key] = value
            }
            if let value { properties[entry.keyPath] = value }
        }
        return properties
    }

    private mutating func checkedValue(_ entry: FlatStyle.Entry) -> TokenValue? {
        guard let component = entry.checkComponent else { return resolveUntyped(entry) }
        let target = "\(component).\(entry.checkKeyPath)"
        switch catalog.lookup(component: component, keyPath: entry.checkKeyPath) {
        case .found(.token(let type)):
            return resolve(entry, as: type, target: target)
        case .found(.enumeration(let cases)):
            return resolve(entry, oneOf: cases, target: target)
        case .found(.component(let nested)):
            report(.error(.propertyType, at: entry.path, "\(target) is of component type \(nested): give it a style ({\"$style\": \"…\"} or an inline style), not \(entry.raw.brief)"))
            return nil
        case .notAComponent(let prefix, let type):
            report(.error(.propertyType, at: entry.path, "\(component).\(prefix) is \(type) and has no properties (key path \"\(entry.checkKeyPath)\")"))
            return nil
        case .unknown(let prefix, let owner):
            report(.warning(.unknownProperty, at: entry.path, "\(owner) has no property \"\(Self.lastSegment(of: prefix))\"" + (prefix == entry.checkKeyPath && owner == component ? "" : " (key path \"\(entry.checkKeyPath)\" on \(component))")))
            return resolveUntyped(entry)
        }
    }

    /// A value of a declared token type. A value that resolves, or would resolve, to another
    /// type is a `property-type` error (a font written to `backgroundColor`); other failures
    /// are reported as the token resolver found them.
    private mutating func resolve(_ entry: FlatStyle.Entry, as type: TokenType, target: String) -> TokenValue? {
        do {
            let value = try values.resolve(entry.raw, as: type, at: entry.path)
            if Self.value(value, fits: type) { return value }
            reportWrongType(entry, is: value.type, target: target, expected: type.rawValue)
        } catch {
            if let other = try? values.resolve(entry.raw, as: nil, at: entry.path), !Self.value(other, fits: type) {
                reportWrongType(entry, is: other.type, target: target, expected: type.rawValue)
            } else {
                report(contentsOf: error)
            }
        }
        return nil
    }

    /// A value of an enumeration: a string (or an alias to one) among `cases`.
    private mutating func resolve(_ entry: FlatStyle.Entry, oneOf cases: [String], target: String) -> TokenValue? {
        let expected = PropertyType.enumeration(cases).description
        do {
            let value = try values.resolve(entry.raw, as: .string, at: entry.path)
            guard case .string(let text) = value else {
                reportWrongType(entry, is: value.type, target: target, expected: expected)
                return nil
            }
            guard cases.contains(text) else {
                report(.error(.propertyType, at: entry.path, "\(target) is \(expected); \"\(text)\" is not"))
                return nil
            }
            return value
        } catch {
            if let other = try? values.resolve(entry.raw, as: nil, at: entry.path), other.type != .string {
                reportWrongType(entry, is: other.type, target: target, expected: expected)
            } else if case .string(let text) = entry.raw, !text.contains("{") {
                report(.error(.propertyType, at: entry.path, "\(target) is \(expected); \"\(text)\" is not"))
            } else {
                report(contentsOf: error)
            }
            return nil
        }
    }

    /// A value whose type nobody declared (an unknown property, or a style without a component):
    /// resolved without an expected type, so a literal or expression decides. A plain string
    /// that does not resolve (no `{` reference in it) is kept as a string, since an app's own
    /// property may take any text; anything else that fails is an error.
    private mutating func resolveUntyped(_ entry: FlatStyle.Entry) -> TokenValue? {
        do {
            return try values.resolve(entry.raw, as: nil, at: entry.path)
        } catch {
            if case .string(let text) = entry.raw, !text.contains("{") { return .string(text) }
            report(contentsOf: error)
            return nil
        }
    }

    private mutating func reportWrongType(_ entry: FlatStyle.Entry, is actual: TokenType, target: String, expected: String) {
        report(.error(.propertyType, at: entry.path, "\(target) expects \(expected), but \(entry.raw.brief) is \(actual.rawValue)"))
    }

    /// Whether a resolved value is of `type`. A `strokeStyle` keyword (`"dashed"`) resolves to a
    /// string value (Core has no keyword case), so a string fits `strokeStyle`.
    static func value(_ value: TokenValue, fits type: TokenType) -> Bool {
        if value.type == type { return true }
        if type == .strokeStyle, case .string = value { return true }
        return false
    }
}
