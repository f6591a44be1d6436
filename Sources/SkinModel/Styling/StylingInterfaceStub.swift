// TEMPORARY interface stub so the tokens half compiles before the styling half lands.
// The styling half replaces this file entirely (see the model contract).

/// The styling members of one document's `$livery` (components, styles, rules, images).
public struct LiverySection: Sendable, Hashable {
    public static func parse(_ livery: JSONObject, path: String = "$livery") -> (LiverySection, [Diagnostic]) {
        (LiverySection(), [])
    }
}

/// Styles, rules, images and component types of a resolved skin.
public struct ResolvedStyling: Sendable, Hashable {
    public static let empty = ResolvedStyling()

    /// The `images`, `rules` and `styles` members of the flat document.
    public var jsonMembers: (images: JSONValue, rules: JSONValue, styles: JSONValue) {
        (.object(JSONObject()), .array([]), .object(JSONObject()))
    }
}

public enum StyleSheetResolver {
    public static func resolve(
        sections: [LiverySection], variants: [String], values: any PropertyValueResolving
    ) -> (ResolvedStyling, SkinProblems) {
        (.empty, SkinProblems())
    }
}
