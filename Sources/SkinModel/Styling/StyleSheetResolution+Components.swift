extension StyleSheetResolution {
    /// Lays each section's components over the built-in catalog, then checks the result:
    /// supertypes and nested component types must exist, supertype chains must not loop, and
    /// a type may add properties but not change the type of one it already has (clients decode
    /// values by the declared types, so a change would break them silently).
    mutating func mergeComponents() {
        for section in sections {
            for var definition in section.components {
                let path = section.path(ofComponent: definition.name)
                if let existing = catalog.definition(named: definition.name),
                    let supertype = definition.extends, supertype != existing.extends
                {
                    report(.error(.typeMismatch, at: "\(path).extends", "\(definition.name) already extends \(existing.extends ?? "nothing"); a skin may add properties to it but not change its supertype to \(supertype)"))
                    definition.extends = existing.extends
                }
                for (property, type) in definition.properties.sorted(by: { $0.key < $1.key }) {
                    if let declared = catalog.propertyType(component: definition.name, property: property), declared != type {
                        report(.error(.typeMismatch, at: "\(path).properties.\(property)", "\(definition.name).\(property) is already \(declared); it cannot become \(type)"))
                        definition.properties[property] = nil
                    }
                }
                catalog.merge(definition)
                ownComponents.merge(definition)
                componentPaths[definition.name] = path
            }
        }
        for name in ownComponents.components.keys.sorted() {
            checkComponent(name, at: componentPaths[name]!)
        }
    }

    private mutating func checkComponent(_ name: String, at path: String) {
        let definition = catalog.definition(named: name)!
        if let supertype = definition.extends {
            if catalog.definition(named: supertype) == nil {
                report(.error(.unknownComponent, at: "\(path).extends", "\(name) extends \(supertype), which is not a component"))
            } else {
                checkSupertypeCycle(from: name, at: path)
                // A property redeclared with another type than a supertype gives it breaks substitution.
                for (property, type) in (ownComponents.definition(named: name)?.properties ?? [:]).sorted(by: { $0.key < $1.key }) {
                    if let inherited = catalog.propertyType(component: supertype, property: property), inherited != type {
                        report(.error(.typeMismatch, at: "\(path).properties.\(property)", "\(name).\(property) is \(type), but \(supertype) declares it as \(inherited)"))
                    }
                }
            }
        }
        for (property, type) in definition.properties.sorted(by: { $0.key < $1.key }) {
            if case .component(let nested) = type, catalog.definition(named: nested) == nil {
                report(.error(.unknownComponent, at: "\(path).properties.\(property)", "\(name).\(property) is declared as \(nested), which is neither a token type nor a component"))
            }
        }
    }

    private mutating func checkSupertypeCycle(from name: String, at path: String) {
        var chain = [name]
        var next = catalog.definition(named: name)?.extends
        while let current = next, let definition = catalog.definition(named: current) {
            if let start = chain.firstIndex(of: current) {
                // Reported once, at the first member checked; a chain leading into a cycle is not itself one.
                let cycle = Array(chain[start...]) + [current]
                if start == 0, reportedCycles.insert(Set(cycle.map { "component " + $0 })).inserted {
                    report(.error(.cycle, at: "\(path).extends", "component supertypes form a cycle: \(cycle.joined(separator: " → "))"))
                }
                return
            }
            chain.append(current)
            next = definition.extends
        }
    }
}
