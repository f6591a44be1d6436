extension TokenType {
    /// The type name with its indefinite article, for messages ("a color", "an asset").
    var withArticle: String {
        self == .asset ? "an asset" : "a \(rawValue)"
    }
}
