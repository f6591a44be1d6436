import SkinModel

// The vocabulary of LiveryClient's API: the skin model's value types under names that clash
// with nothing an app imports. `Dimension` is Foundation's (units of measure), `Color` and `Font`
// are SwiftUI's, so the skin's own are `SkinDimension`, `SkinColor`, `SkinTypography`, and the
// others follow the same `Skin…` prefix. An app that imports LiveryClient sees these names and
// not the whole model: SkinModel (parsing, resolution, canonical JSON, …) is imported by
// LiveryClient, not re-exported. An app that does need the model imports SkinModel itself.

/// A resolved token value: colour, dimension, typography, composite, … (match on its cases).
public typealias TokenValue = SkinModel.TokenValue
/// The `$type` of a token (`color`, `dimension`, …).
public typealias TokenType = SkinModel.TokenType
/// An sRGB colour with straight alpha, components in 0…1.
public typealias SkinColor = SkinModel.RGBAColor
/// A length: `{value, unit}` with unit `px` or `rem` (not Foundation's `Dimension`).
public typealias SkinDimension = SkinModel.Dimension
/// `px` or `rem`.
public typealias SkinDimensionUnit = SkinModel.DimensionUnit
/// A time span: `{value, unit}` with unit `ms` or `s`.
public typealias SkinDuration = SkinModel.DurationValue
/// `ms` or `s`.
public typealias SkinDurationUnit = SkinModel.DurationUnit
/// One font family or a fallback list.
public typealias SkinFontFamily = SkinModel.FontFamily
/// Family, size, weight, line height, letter spacing, colour and text case.
public typealias SkinTypography = SkinModel.Typography
/// `none`, `uppercase`, `lowercase`, `capitalize`.
public typealias SkinTextCase = SkinModel.TextCase
/// An uploaded asset a token names: URL, content type, size, SHA-256.
public typealias SkinAsset = SkinModel.AssetInfo
/// Why a document is not a readable resolved document: its `errors` and `warnings`.
public typealias SkinProblems = SkinModel.SkinProblems
/// One finding of `SkinProblems`: a path, a code and a message.
public typealias SkinDiagnostic = SkinModel.Diagnostic
