extension StyleSheetResolution {
    /// The named style with `extends`, references and inline styles expanded, or `nil` if it
    /// does not exist (`unknown-style`) or closes a reference cycle (`cycle`, chain spelled out).
    ///
    /// - Parameters:
    ///   - path: where the name was written (a style's own path, an `extends`, a `$style`, a rule's `style`).
    ///   - stack: the named styles being expanded, outermost first, to detect cycles.
    mutating func flatten(named name: String, referencedAt path: String, stack: [String]) -> FlatStyle? {
        if let start = stack.firstIndex(of: name) {
            let cycle = Array(stack[start...]) + [name]
            if reportedCycles.insert(Set(cycle.map { "style " + $0 })).inserted {
                report(.error(.cycle, at: path, "style references form a cycle: \(cycle.joined(separator: " → "))"))
            }
            return nil
        }
        if let cached = flattened[name] { return cached }
        guard let definition = styles[name] else {
            report(.error(.unknownStyle, at: path, "there is no style named \"\(name)\""))
            return nil
        }
        let flat = flatten(definition.body, extendsKey: "extends", defaultComponent: nil, stack: stack + [name])
        flattened[name] = flat
        return flat
    }

    /// A style body expanded: its `extends` first, then its own assignments over it.
    ///
    /// - Parameters:
    ///   - extendsKey: the member that named the base style (`extends`, or `style` for a rule).
    ///   - defaultComponent: the component to check against when neither the body nor its base
    ///     names one (an inline style takes the type of the property it is written to).
    mutating func flatten(_ body: StyleBody, extendsKey: String, defaultComponent: String?, stack: [String]) -> FlatStyle {
        var result = FlatStyle()
        if let base = body.extends, let flat = flatten(named: base, referencedAt: "\(body.path).\(extendsKey)", stack: stack) {
            result = flat
        }
        var component = body.component
        if let name = component {
            if catalog.definition(named: name) == nil {
                report(.error(.unknownComponent, at: "\(body.path).component", "there is no component named \"\(name)\""))
                component = nil
            } else if let inherited = result.component, !catalog.isSubtype(name, of: inherited) {
                report(.error(.typeMismatch, at: "\(body.path).component", "\(name) is not a \(inherited), the component of style \"\(body.extends ?? "")\" it extends"))
            }
        }
        result.component = component ?? result.component ?? defaultComponent
        if let effective = result.component { result.checkUncheckedEntries(against: effective) }
        for assignment in body.properties {
            expand(assignment.value, at: assignment.keyPath, writtenAt: assignment.path, into: &result, stack: stack)
        }
        return result
    }

    private mutating func expand(_ value: StyleValue, at keyPath: String, writtenAt path: String, into result: inout FlatStyle, stack: [String]) {
        let declared = declaredComponent(of: result.component, at: keyPath)
        switch value {
        case .value(let raw):
            if case .object = raw, let declared {
                // A plain object written to a component property is an inline style of that component.
                var parser = LiverySectionParser(path: path)
                let body = parser.shorthandStyle(raw, at: path)
                for diagnostic in parser.diagnostics { report(diagnostic) }
                let nested = flatten(body, extendsKey: "extends", defaultComponent: declared, stack: stack)
                apply(nested, named: "the inline style", at: keyPath, writtenAt: path, into: &result)
            } else {
                result.set(FlatStyle.Entry(keyPath: keyPath, raw: raw, path: path, checkComponent: result.component, checkKeyPath: keyPath))
            }
        case .styleReference(let name):
            guard let nested = flatten(named: name, referencedAt: path, stack: stack) else { return }
            apply(nested, named: "style \"\(name)\"", at: keyPath, writtenAt: path, into: &result)
        case .inlineStyle(let body):
            let nested = flatten(body, extendsKey: "extends", defaultComponent: declared, stack: stack)
            apply(nested, named: "the inline style", at: keyPath, writtenAt: path, into: &result)
        }
    }

    /// The component type declared at `keyPath` of `component`, if it is one.
    private func declaredComponent(of component: String?, at keyPath: String) -> String? {
        guard let component, case .found(.component(let nested)) = catalog.lookup(component: component, keyPath: keyPath) else {
            return nil
        }
        return nested
    }

    /// Applies a nested style's entries under `keyPath`, after checking that the property there
    /// is a component the style fits.
    private mutating func apply(_ nested: FlatStyle, named description: String, at keyPath: String, writtenAt path: String, into result: inout FlatStyle) {
        var nested = nested
        if let component = result.component {
            switch catalog.lookup(component: component, keyPath: keyPath) {
            case .found(.component(let declared)):
                if let styled = nested.component, !catalog.isSubtype(styled, of: declared) {
                    report(.error(.propertyType, at: path, "\(component).\(keyPath) is a \(declared), but \(description) is for \(styled)"))
                    return
                }
                nested.checkUncheckedEntries(against: declared)
            case .found(let type):
                report(.error(.propertyType, at: path, "\(component).\(keyPath) is \(type), not a component: \(description) cannot be applied to it"))
                return
            case .notAComponent(let prefix, let type):
                report(.error(.propertyType, at: path, "\(component).\(prefix) is \(type) and has no properties (key path \"\(keyPath)\")"))
                return
            case .unknown(let prefix, let owner):
                report(.warning(.unknownProperty, at: path, "\(owner) has no property \"\(Self.lastSegment(of: prefix))\" (key path \"\(keyPath)\" on \(component))"))
            }
        }
        for var entry in nested.orderedEntries {
            entry.keyPath = keyPath + "." + entry.keyPath
            result.set(entry)
        }
    }

    static func lastSegment(of keyPath: String) -> String {
        keyPath.split(separator: ".").last.map(String.init) ?? keyPath
    }
}

extension FlatStyle {
    /// Entries written where no component was known are checked against `component`.
    mutating func checkUncheckedEntries(against component: String) {
        for var entry in orderedEntries where entry.checkComponent == nil {
            entry.checkComponent = component
            set(entry)
        }
    }
}
