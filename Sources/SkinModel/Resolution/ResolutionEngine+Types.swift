/// Fixing each token's type (docs/skins.md, "Tokens and groups"): taken from the first definition in layer order —
/// its own `$type`, else the result type of its alias or expression (inferred statically,
/// through the types of the tokens it references), else its nearest group's `$type`.
/// Later definitions are read as that type.
extension ResolutionEngine {
    func inferTypes() {
        var state = [UInt8](repeating: 0, count: count)  // 0 new, 1 in progress, 2 done
        var stack: [(token: Int, next: Int)] = []
        for root in 0..<count where state[root] == 0 {
            state[root] = 1
            prepareFirstDefinition(root)
            stack.append((root, 0))
            while let top = stack.last {
                if top.next < typeDependencies.count(of: top.token) {
                    stack[stack.count - 1].next += 1
                    let dependency = typeDependencies[top.token, top.next]
                    if state[dependency] == 0 {
                        state[dependency] = 1
                        prepareFirstDefinition(dependency)
                        stack.append((dependency, 0))
                    }
                    // In progress means a cycle: its type stays unknown here; the cycle is reported later.
                } else {
                    decideType(top.token)
                    state[top.token] = 2
                    stack.removeLast()
                }
            }
        }
    }

    /// Classifies the first definition with the type it declares or inherits, and notes
    /// which tokens its type depends on.
    func prepareFirstDefinition(_ token: Int) {
        let declared = declaredType(token, 0)
        compile(token, 0, as: declared ?? groupType(token, 0))
        guard declared == nil else { return }
        switch definitions[token][0].value {
        case .alias(let path): typeDependencies.set(token, referencedID(path).map { [$0] } ?? [])
        case .expression(let expression): typeDependencies.set(token, expression.references.compactMap(referencedID))
        default: break
        }
    }

    func decideType(_ token: Int) {
        let first = definitions[token, 0]
        let typeOf: (String) -> TokenType? = { path in self.referencedID(path).flatMap { self.types[$0] } }
        var type = declaredType(token, 0)
        if type == nil {
            switch first.value {
            case .literal(let value): type = value.type
            case .alias(let path): type = typeOf(path)
            case .expression(let expression): type = expression.inferredType(typeOf: typeOf)
            case .composite, .invalid: break
            }
        }
        types[token] = type ?? groupType(token, 0)
        guard types[token] == nil, !failed[token] else { return }
        // An alias into a reference cycle has no type yet: the cycle is reported as `cycle`, not as missing types.
        if typeDependencies[token].contains(where: { types[$0] == nil && !failed[$0] && ids[paths[$0]] != nil }) { return }
        let unknown = first.references.filter { referencedID($0) == nil }
        if let missing = unknown.first {
            fail(token, .unknownReference, "\(unknownReference(missing))\(inLayer(token, 0))")
        } else {
            fail(token, .missingType, "the type of '\(paths[token])' cannot be determined: give it a $type, or put it in a group that has one\(inLayer(token, 0))")
        }
    }
}
