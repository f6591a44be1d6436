extension ComponentCatalog {
    /// What a property key path (`"titleLabel.textColor"`) names on a component.
    public enum KeyPathLookup: Sendable, Hashable {
        /// The last segment's declared type.
        case found(PropertyType)
        /// `prefix` (the key path up to and including the first undeclared segment) is not a
        /// property of `component`.
        case unknown(prefix: String, component: String)
        /// The key path continues past `prefix`, which is not a component (`textColor.red`).
        case notAComponent(prefix: String, type: PropertyType)
    }

    /// Resolves a dotted key path segment by segment: every segment but the last must be
    /// declared with a component type, whose properties the next segment names.
    ///
    /// This is how G8 applies `label1.textColor` to a view's `label1` outlet. A segment the
    /// component does not declare (a custom outlet the catalog cannot know) is `.unknown`;
    /// the style-sheet resolver turns that into an `unknown-property` warning.
    public func lookup(component: String, keyPath: String) -> KeyPathLookup {
        var current = component
        var prefix = ""
        let segments = keyPath.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        for (index, segment) in segments.enumerated() {
            prefix = prefix.isEmpty ? segment : prefix + "." + segment
            guard let type = propertyType(component: current, property: segment) else {
                return .unknown(prefix: prefix, component: current)
            }
            if index == segments.count - 1 { return .found(type) }
            guard case .component(let nested) = type else { return .notAComponent(prefix: prefix, type: type) }
            current = nested
        }
        return .unknown(prefix: prefix, component: current)
    }
}
