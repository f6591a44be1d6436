extension ComponentCatalog {
    /// The catalog Livery ships (docs/skins.md, "Components, styles and rules"), listed at `GET /v1/components`.
    ///
    /// Each type carries the properties UIKit exposes for styling and that SkinKit and G8
    /// set: colours, fonts (as `typography`), lengths (`cornerRadius`, `borderWidth`, insets as
    /// one `dimension` applied to every edge), numbers, flags, UIKit enums by their Swift case
    /// names, and images as `asset`s. Per-control-state values (a Button's title colour when
    /// selected) are not separate properties: a rule with a state selector
    /// (`checkout/button[selected]`) sets them. Nested views (`Button.titleLabel`) are declared
    /// with their component type, so a key path like `titleLabel.textColor` is type-checked.
    public static let builtIn = ComponentCatalog([
        view, control, label, button, textField, image,
        navigationBar, tabBar, toolbar, searchBar,
        switchControl, slider, segmentedControl, progressView,
        scrollView, tableView, tableViewCell, collectionView, stackView, activityIndicator,
    ])

    // MARK: Shared enumerations (UIKit's cases, by their Swift names)

    static let textAlignment = PropertyType.enumeration(["left", "center", "right", "justified", "natural"])
    static let lineBreakMode = PropertyType.enumeration([
        "byWordWrapping", "byCharWrapping", "byClipping", "byTruncatingHead", "byTruncatingTail", "byTruncatingMiddle",
    ])
    static let contentMode = PropertyType.enumeration([
        "scaleToFill", "scaleAspectFit", "scaleAspectFill", "redraw", "center", "top", "bottom",
        "left", "right", "topLeft", "topRight", "bottomLeft", "bottomRight",
    ])
    static let barStyle = PropertyType.enumeration(["default", "black"])
    static let keyboardAppearance = PropertyType.enumeration(["default", "light", "dark"])
    static let userInterfaceStyle = PropertyType.enumeration(["unspecified", "light", "dark"])

    private static let color = PropertyType.token(.color)
    private static let font = PropertyType.token(.typography)
    private static let length = PropertyType.token(.dimension)
    private static let number = PropertyType.token(.number)
    private static let flag = PropertyType.token(.boolean)
    private static let asset = PropertyType.token(.asset)

    // MARK: Types

    static let view = ComponentDefinition(name: "View", properties: [
        "backgroundColor": color, "tintColor": color, "alpha": number, "isHidden": flag,
        "isOpaque": flag, "clipsToBounds": flag, "contentMode": contentMode,
        "cornerRadius": length, "borderColor": color, "borderWidth": length, "border": .token(.border),
        "shadowColor": color, "shadowOpacity": number, "shadowRadius": length, "shadow": .token(.shadow),
        "layoutMargins": length,
        "tintAdjustmentMode": .enumeration(["automatic", "normal", "dimmed"]),
        "overrideUserInterfaceStyle": userInterfaceStyle,
    ])

    static let control = ComponentDefinition(name: "Control", extends: "View", properties: [
        "contentHorizontalAlignment": .enumeration(["center", "left", "right", "fill", "leading", "trailing"]),
        "contentVerticalAlignment": .enumeration(["center", "top", "bottom", "fill"]),
    ])

    static let label = ComponentDefinition(name: "Label", extends: "View", properties: [
        "textColor": color, "highlightedTextColor": color, "font": font, "textAlignment": textAlignment,
        "numberOfLines": number, "lineBreakMode": lineBreakMode, "adjustsFontSizeToFitWidth": flag,
        "minimumScaleFactor": number, "adjustsFontForContentSizeCategory": flag,
        "shadowOffset": length,
    ])

    static let button = ComponentDefinition(name: "Button", extends: "Control", properties: [
        "titleColor": color, "titleShadowColor": color, "titleFont": font,
        "titleLabel": .component("Label"), "imageView": .component("Image"),
        "image": asset, "backgroundImage": asset, "contentInsets": length, "imagePadding": length,
        "adjustsImageWhenHighlighted": flag, "showsTouchWhenHighlighted": flag,
        "role": .enumeration(["normal", "primary", "cancel", "destructive"]),
    ])

    static let textField = ComponentDefinition(name: "TextField", extends: "Control", properties: [
        "textColor": color, "font": font, "textAlignment": textAlignment, "placeholderColor": color,
        "placeholderFont": font,
        "borderStyle": .enumeration(["none", "line", "bezel", "roundedRect"]),
        "clearButtonMode": .enumeration(["never", "whileEditing", "unlessEditing", "always"]),
        "keyboardAppearance": keyboardAppearance, "background": asset, "disabledBackground": asset,
        "contentInsets": length, "adjustsFontSizeToFitWidth": flag, "minimumFontSize": number,
    ])

    static let image = ComponentDefinition(name: "Image", extends: "View", properties: [
        "image": asset, "highlightedImage": asset,
        "renderingMode": .enumeration(["automatic", "alwaysOriginal", "alwaysTemplate"]),
    ])

    static let navigationBar = ComponentDefinition(name: "NavigationBar", extends: "View", properties: [
        "barTintColor": color, "barStyle": barStyle, "isTranslucent": flag,
        "titleColor": color, "titleFont": font, "largeTitleColor": color, "largeTitleFont": font,
        "prefersLargeTitles": flag, "backgroundImage": asset, "shadowImage": asset, "shadowColor": color,
        "backIndicatorImage": asset,
    ])

    static let tabBar = ComponentDefinition(name: "TabBar", extends: "View", properties: [
        "barTintColor": color, "barStyle": barStyle, "isTranslucent": flag,
        "unselectedItemTintColor": color, "titleFont": font, "backgroundImage": asset, "shadowImage": asset,
        "selectionIndicatorImage": asset,
        "itemPositioning": .enumeration(["automatic", "fill", "centered"]),
        "itemSpacing": length, "itemWidth": length,
    ])

    static let toolbar = ComponentDefinition(name: "Toolbar", extends: "View", properties: [
        "barTintColor": color, "barStyle": barStyle, "isTranslucent": flag,
        "backgroundImage": asset, "shadowImage": asset,
    ])

    static let searchBar = ComponentDefinition(name: "SearchBar", extends: "View", properties: [
        "barTintColor": color, "barStyle": barStyle, "isTranslucent": flag,
        "searchBarStyle": .enumeration(["default", "prominent", "minimal"]),
        "searchTextField": .component("TextField"), "keyboardAppearance": keyboardAppearance,
        "backgroundImage": asset, "searchFieldBackgroundImage": asset, "showsCancelButton": flag,
        "searchTextPositionAdjustment": length,
    ])

    static let switchControl = ComponentDefinition(name: "Switch", extends: "Control", properties: [
        "onTintColor": color, "thumbTintColor": color, "onImage": asset, "offImage": asset,
        "preferredStyle": .enumeration(["automatic", "checkbox", "sliding"]),
    ])

    static let slider = ComponentDefinition(name: "Slider", extends: "Control", properties: [
        "minimumTrackTintColor": color, "maximumTrackTintColor": color, "thumbTintColor": color,
        "minimumValueImage": asset, "maximumValueImage": asset, "thumbImage": asset,
        "minimumTrackImage": asset, "maximumTrackImage": asset,
    ])

    static let segmentedControl = ComponentDefinition(name: "SegmentedControl", extends: "Control", properties: [
        "selectedSegmentTintColor": color, "titleColor": color, "titleFont": font,
        "backgroundImage": asset, "dividerImage": asset, "apportionsSegmentWidthsByContent": flag,
    ])

    static let progressView = ComponentDefinition(name: "ProgressView", extends: "View", properties: [
        "progressTintColor": color, "trackTintColor": color, "progressImage": asset, "trackImage": asset,
        "progressViewStyle": .enumeration(["default", "bar"]),
    ])

    static let scrollView = ComponentDefinition(name: "ScrollView", extends: "View", properties: [
        "indicatorStyle": .enumeration(["default", "black", "white"]),
        "showsVerticalScrollIndicator": flag, "showsHorizontalScrollIndicator": flag,
        "bounces": flag, "alwaysBounceVertical": flag, "alwaysBounceHorizontal": flag,
        "contentInsets": length, "decelerationRate": .enumeration(["normal", "fast"]),
        "keyboardDismissMode": .enumeration(["none", "onDrag", "interactive"]),
    ])

    static let tableView = ComponentDefinition(name: "TableView", extends: "ScrollView", properties: [
        "separatorColor": color, "separatorStyle": .enumeration(["none", "singleLine"]),
        "separatorInsets": length, "rowHeight": length, "sectionHeaderHeight": length,
        "sectionFooterHeight": length, "sectionIndexColor": color, "sectionIndexBackgroundColor": color,
        "style": .enumeration(["plain", "grouped", "insetGrouped"]),
    ])

    static let tableViewCell = ComponentDefinition(name: "TableViewCell", extends: "View", properties: [
        "textLabel": .component("Label"), "detailTextLabel": .component("Label"), "imageView": .component("Image"),
        "selectedBackgroundColor": color, "separatorInsets": length,
        "selectionStyle": .enumeration(["none", "blue", "gray", "default"]),
        "accessoryType": .enumeration(["none", "disclosureIndicator", "detailDisclosureButton", "checkmark", "detailButton"]),
    ])

    static let collectionView = ComponentDefinition(name: "CollectionView", extends: "ScrollView", properties: [
        "itemSpacing": length, "lineSpacing": length, "sectionInsets": length,
    ])

    static let stackView = ComponentDefinition(name: "StackView", extends: "View", properties: [
        "spacing": length, "axis": .enumeration(["horizontal", "vertical"]),
        "alignment": .enumeration(["fill", "leading", "firstBaseline", "center", "trailing", "lastBaseline"]),
        "distribution": .enumeration(["fill", "fillEqually", "fillProportionally", "equalSpacing", "equalCentering"]),
    ])

    static let activityIndicator = ComponentDefinition(name: "ActivityIndicator", extends: "View", properties: [
        "color": color, "style": .enumeration(["medium", "large"]), "hidesWhenStopped": flag,
    ])
}
