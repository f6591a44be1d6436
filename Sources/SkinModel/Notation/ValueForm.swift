/// What a text value is: the one decision of docs/skins.md, "References and expressions".
///
/// An exact alias `"{path}"` is always a reference. Otherwise, when the type is known, the
/// text is first read as a literal of that type (a colour notation, `"16px"`, a weight keyword,
/// an asset reference, any text for `string`), and only when it is not one is it parsed as an
/// expression, whose result gives the type. A token's definition at compilation, a composite's
/// member, a style property and an untyped value all ask ``ValueReader/classify(_:as:readingShape:)``,
/// so that order is written once; the callers differ only in when they evaluate.
enum ValueForm {
    /// `"{path}"`: the referenced token's value.
    case alias(String)
    /// A literal of the expected type (or, reading by shape, a colour notation), read now.
    case literal(TypedValue)
    /// An expression, parsed; its references are looked up when it is evaluated.
    case expression(ParsedExpression)
    /// An opaque text form whose references are each replaced by their value's CSS text
    /// (``OpaqueText``); the references it names.
    case template([String])
}

extension ValueReader {
    /// Classifies text as a value of `type` (docs/skins.md, "References and expressions").
    ///
    /// - Parameters:
    ///   - type: the expected type; nil when it is not known yet, so the expression's result gives it.
    ///   - readingShape: without a type, read text that is no expression as a colour notation when
    ///     its shape says so (`"0.2 0.4 1"`, `"r: .2 g: .4 b: 1"`: not one word, so no expression),
    ///     as a value read by its shape is (a composite's member, a style property no component types).
    ///     Tried after the expression, since bare digits (`123`) are a number, not a hex colour.
    /// - Throws: a malformed literal's error (`#12345` as a colour is not re-read as an expression),
    ///   or the expression's parse error, naming the type's notations when the type is known.
    mutating func classify(_ text: String, as type: TokenType?, readingShape: Bool = false) throws(ValueError) -> ValueForm {
        if let path = TokenPath.exactAlias(text) { return .alias(path) }
        if type == .opaque, OpaqueText.isTemplate(opaqueTypeName) {
            let references = OpaqueText.references(in: text)
            if !references.isEmpty { return .template(references) }
        }
        if let type {
            switch literal(text, as: type) {
            case .value(let value): return .literal(value)
            case .malformed(let message, let code): throw ValueError(code, message)
            case .notLiteral: break
            }
        }
        do throws(ValueError) {
            return .expression(try ParsedExpression.parse(text))
        } catch {
            if let type {
                throw ValueError(error.code, "'\(text)' is not \(type.withArticle) (\(Self.notationHint(type))), nor an expression: \(error.message)")
            }
            if readingShape, case .value(let color) = ColorNotation.read(text) { return .literal(TypedValue(.color(color))) }
            throw error
        }
    }

    /// The value classified text has, its references looked up through `lookup`, converted to
    /// `type` when one is expected (``coerce(_:to:origin:)``).
    func value(of form: ValueForm, text: String, as type: TokenType?, lookup: (String) -> LookupResult) throws(ValueError) -> TypedValue {
        let value: TypedValue
        let origin: String
        switch form {
        case .literal(let literal):
            return literal
        case .template:
            return TypedValue(.opaque(typeName: opaqueTypeName, .string(try OpaqueText.substituted(text, lookup: lookup))))
        case .alias(let path):
            value = try Self.resolve(path, lookup: lookup)
            origin = "{\(path)}"
        case .expression(let expression):
            value = try expression.evaluate(lookup: lookup)
            origin = "'\(text)'"
        }
        guard let type else { return value }
        return try Self.coerce(value, to: type, origin: origin)
    }
}
