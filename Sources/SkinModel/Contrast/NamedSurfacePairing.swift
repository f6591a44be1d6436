/// Which surfaces a text colour is meant for, read from the names a design system gives its
/// colours (docs/skins.md, "Which surfaces a text colour is judged on"). Used where no pair is
/// declared: the console marks each text colour with its contrast on these surfaces, never on
/// one background picked for the whole page.
///
/// The rule, for a text colour with scope `S` and qualifier `Q` (``ColorRoleName``):
/// 1. Not judged: text that says `disabled` or `inactive` (WCAG 2 SC 1.4.3 exempts inactive
///    components), text named for the colour it is (`fgColor.white`): it says what it is, not
///    where it goes, and text on surfaces it does not name (Carbon's `text-on-color`).
/// 2. Text *on* something (`Q` = `on` + `R`: `onEmphasis`, `onInverse`) is for the surfaces of
///    its scope whose qualifier ends with `R` (`bgColor.accent.emphasis`, `bgColor.inverse`).
///    Those surfaces are then for that text alone, so `fgColor.danger` is never judged on
///    `bgColor.danger.emphasis`.
/// 3. Other text is for the surfaces of its scope whose qualifier starts with `Q`
///    (`fgColor.danger` ↔ `bgColor.danger.muted`; `button.danger.fgColor.hover` ↔
///    `button.danger.bgColor.hover`); neutral text (no qualifier, or `default`, `muted`,
///    `subtle`, `rest`) also for the scope's neutral surfaces (`fgColor.muted` ↔ `bgColor.default`,
///    `bgColor.muted`); text whose qualifier no surface shares (`fgColor.link`) for the neutral
///    surfaces alone.
/// 4. A scope with no such surface hands the question to its parent scope
///    (`codeMirror.syntax.fgColor.keyword` → `codeMirror.bgColor`), up to the scope of the
///    system's own page surfaces (`bgColor.default`).
///
/// Work: one pass over the colour paths, then per text colour a walk up its scope (at most its
/// number of words) over the surfaces of each scope.
package enum NamedSurfacePairing {
    static let neutralWords: Set<String> = ["default", "muted", "subtle", "rest"]
    static let inactiveWords: Set<String> = ["disabled", "inactive"]
    static let colourWords: Set<String> = [
        "white", "black", "gray", "grey", "red", "orange", "yellow", "green", "blue", "purple", "pink",
    ]

    /// Each text colour among `colours` (token paths) → the surface paths it is meant for, in
    /// path order; text colours without any are left out.
    package static func pairs(among colours: [String]) -> [String: [String]] {
        let names = colours.map(ColorRoleName.init(path:))
        let surfaces = Dictionary(grouping: names.filter { $0.role == .surface }, by: \.scope)
        let texts = names.filter { $0.role == .text }
        // Every `R` some text is "on": surfaces ending with one are that text's alone.
        let reservedEndings = Set(texts.compactMap(onTarget))
        var pairs: [String: [String]] = [:]
        for text in texts where isJudged(text) {
            let found = surfacesFor(text, in: surfaces, reserved: reservedEndings)
            if !found.isEmpty { pairs[text.path] = found.map(\.path).sorted() }
        }
        return pairs
    }

    /// `R` of a text whose qualifier is `on` + `R`.
    static func onTarget(_ text: ColorRoleName) -> [String]? {
        guard text.qualifier.count > 1, text.qualifier[0] == "on" else { return nil }
        return Array(text.qualifier.dropFirst())
    }

    static func isJudged(_ text: ColorRoleName) -> Bool {
        let words = text.scope + text.qualifier
        if words.contains(where: inactiveWords.contains) { return false }
        if text.qualifier == ["on"] { return false }
        return !(text.qualifier.count == 1 && colourWords.contains(text.qualifier[0]))
    }

    static func isNeutral(_ qualifier: [String]) -> Bool {
        qualifier.isEmpty || (qualifier.count == 1 && neutralWords.contains(qualifier[0]))
    }

    private static func surfacesFor(
        _ text: ColorRoleName, in surfaces: [[String]: [ColorRoleName]], reserved: Set<[String]>
    ) -> [ColorRoleName] {
        let on = onTarget(text)
        var scope = text.scope
        while true {
            let candidates = surfaces[scope] ?? []
            let found: [ColorRoleName]
            if let on {
                found = candidates.filter { $0.qualifier.count >= on.count && Array($0.qualifier.suffix(on.count)) == on }
            } else {
                let open = candidates.filter { surface in
                    !reserved.contains { ending in surface.qualifier.count >= ending.count && Array(surface.qualifier.suffix(ending.count)) == ending }
                }
                let neutral = open.filter { isNeutral($0.qualifier) }
                let shared = text.qualifier.isEmpty ? [] : open.filter { $0.qualifier.starts(with: text.qualifier) }
                found = shared.isEmpty ? neutral : (isNeutral(text.qualifier) ? Array(Set(shared + neutral)) : shared)
            }
            if !found.isEmpty || scope.isEmpty { return found }
            scope.removeLast()
        }
    }
}
