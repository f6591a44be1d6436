/// Typed values of the shown skin without `try`, for views: `nil` when the skin lacks the token
/// or it has another type (the view then uses its own default).
extension LiveryStore {
    /// A `color` token of the shown skin.
    public func color(_ path: String) -> SkinColor? { try? skin?.color(path) }
    /// A `dimension` token of the shown skin.
    public func dimension(_ path: String) -> SkinDimension? { try? skin?.dimension(path) }
    /// A `number` token of the shown skin.
    public func number(_ path: String) -> Double? { try? skin?.number(path) }
    /// A `typography` token of the shown skin.
    public func typography(_ path: String) -> SkinTypography? { try? skin?.typography(path) }
    /// The style of an element in the shown skin (docs/skins.md, "Components, styles and rules").
    public func style(for id: String) -> Style? { skin?.style(for: id) }
}
