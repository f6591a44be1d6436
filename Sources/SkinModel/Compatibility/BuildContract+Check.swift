extension BuildContract {
    /// What `skin` lacks that this contract's build reads: one finding per missing or retyped
    /// token, per style id that no rule matches, per image id that resolves to no image.
    ///
    /// Work: one binary search per token, one rule scan per style id (rules × ids), and at most
    /// `2^(components-1) × (variants+1)` name lookups per image id.
    ///
    /// - Parameter build: `ios/3.2.1`, written into each finding.
    public func check(_ skin: ResolvedSkin, build: String) -> [CompatibilityFinding] {
        check(tokenType: { skin.tokens[$0]?.typeName }, styling: skin.styling, variants: skin.variants, build: build)
    }

    /// ``check(_:build:)`` against each resolved selection of a look, each finding once (the
    /// first selection that shows it, base look first).
    public func check(_ looks: [ResolvedSkin], build: String) -> [CompatibilityFinding] {
        var seen = Set<String>()
        var findings: [CompatibilityFinding] = []
        for look in looks {
            for finding in check(look, build: build) where seen.insert(finding.path).inserted {
                findings.append(finding)
            }
        }
        return findings
    }

    /// The check over any source of token types and styling (a resolved skin or document).
    func check(
        tokenType: (String) -> String?, styling: ResolvedStyling, variants: [String], build: String
    ) -> [CompatibilityFinding] {
        let under = variants.isEmpty ? "" : " under variants \(variants.joined(separator: ", "))"
        var findings: [CompatibilityFinding] = []
        for path in tokens.keys.sorted() {
            let expected = tokens[path] ?? ""
            switch tokenType(path) {
            case nil:
                findings.append(CompatibilityFinding(
                    path: path, message: "\(build) reads \(path) as \(expected), and the look has no such token\(under)",
                    build: build, variants: variants))
            case let actual? where actual != expected:
                findings.append(CompatibilityFinding(
                    path: path, message: "\(build) reads \(path) as \(expected), and the look makes it \(actual)\(under)",
                    build: build, variants: variants))
            default: break
            }
        }
        for id in styles.sorted() where styling.match(id: id, variants: variants) == nil {
            findings.append(CompatibilityFinding(
                path: "$livery.styles.\(id)", message: "\(build) styles \(id), and no rule of the look matches it\(under)",
                build: build, variants: variants))
        }
        for id in images.sorted() where styling.image(for: id, variants: variants) == nil {
            findings.append(CompatibilityFinding(
                path: "$livery.images.\(id)", message: "\(build) shows image \(id), and the look has no image for it\(under)",
                build: build, variants: variants))
        }
        return findings
    }
}

extension BuildContract {
    /// Whether a build with this contract reads what `change` breaks: a token path it names, a
    /// style id it asks for, an image id it asks for. A removed variant is read by whoever asks
    /// for it, which no contract says, so it is never named here.
    public func reads(_ change: BreakingChange) -> Bool {
        switch change.kind {
        case .token: tokens[change.path] != nil
        case .style: styles.contains(change.path)
        case .image: images.contains(change.path)
        case .variant: false
        }
    }
}
