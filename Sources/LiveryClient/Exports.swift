// The model's value types (`RGBAColor`, `Dimension`, `Typography`, `TokenValue`, `ResolvedDocument`…)
// are the vocabulary of this library's API: an app that imports LiveryClient can name them
// without also importing SkinModel.
@_exported import SkinModel
