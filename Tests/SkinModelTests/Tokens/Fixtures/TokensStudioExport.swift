/// A multi-set file as Tokens Studio for Figma exports it with the W3C DTCG token
/// format enabled: token sets as top-level groups (`core`, `semantic`, `dark`) whose
/// references name the set, math expressions in values, `studio.tokens`
/// extensions (colour modifiers), Figma-style weight names and percentage line heights.
/// Without `$themes` and `$metadata`, which would make it a token set (docs/skins.md, "Token sets", where set
/// names are not part of token paths: see `TokensStudioTokenSetTests`).
enum TokensStudioExport {
    static let json = ##"""
    {
      "core": {
        "colors": {
          "blue": {
            "400": { "$value": "#60a5fa", "$type": "color" },
            "600": { "$value": "#2563eb", "$type": "color" }
          },
          "neutral": {
            "0": { "$value": "#ffffff", "$type": "color" },
            "800": { "$value": "#1f2937", "$type": "color" },
            "1000": { "$value": "#000000", "$type": "color" }
          },
          "red": { "500": { "$value": "rgba(239, 68, 68, 1)", "$type": "color" } }
        },
        "spacing": {
          "base": { "$value": "4px", "$type": "dimension" },
          "sm": { "$value": "{core.spacing.base} * 2", "$type": "dimension" },
          "md": { "$value": "{core.spacing.base} * 4", "$type": "dimension" },
          "lg": { "$value": "{core.spacing.md} + {core.spacing.sm}", "$type": "dimension" }
        },
        "borderRadius": { "default": { "$value": "6px", "$type": "dimension" } },
        "borderWidth": { "default": { "$value": "1px", "$type": "dimension" } },
        "fontFamilies": { "inter": { "$value": "Inter", "$type": "fontFamily" } },
        "fontWeights": {
          "inter-0": { "$value": "Regular", "$type": "fontWeight" },
          "inter-1": { "$value": "Semi Bold", "$type": "fontWeight" },
          "inter-2": { "$value": "Bold", "$type": "fontWeight" }
        },
        "fontSizes": {
          "0": { "$value": "14px", "$type": "dimension" },
          "1": { "$value": "16px", "$type": "dimension" },
          "2": { "$value": "{core.fontSizes.1} * 1.5", "$type": "dimension" }
        },
        "opacity": { "disabled": { "$value": 0.4, "$type": "number", "$description": "Opacity of disabled controls" } }
      },
      "semantic": {
        "fg": {
          "default": { "$value": "{core.colors.neutral.800}", "$type": "color" },
          "onAccent": { "$value": "{core.colors.neutral.0}", "$type": "color" }
        },
        "bg": {
          "default": { "$value": "{core.colors.neutral.0}", "$type": "color" },
          "accent": { "$value": "{core.colors.blue.600}", "$type": "color" },
          "accentHover": {
            "$value": "{core.colors.blue.600}", "$type": "color",
            "$extensions": { "studio.tokens": { "modify": { "type": "darken", "value": "0.15", "space": "lch" } } }
          },
          "accentSubtle": { "$value": "lighten({semantic.bg.accent}, 0.8)", "$type": "color" },
          "danger": { "$value": "{core.colors.red.500}", "$type": "color" }
        },
        "typography": {
          "body": {
            "$type": "typography",
            "$value": {
              "fontFamily": "{core.fontFamilies.inter}", "fontWeight": "{core.fontWeights.inter-0}",
              "fontSize": "{core.fontSizes.1}", "lineHeight": "150%", "letterSpacing": "0%",
              "paragraphSpacing": "0px", "textDecoration": "none", "textCase": "none"
            }
          },
          "heading": {
            "$type": "typography",
            "$value": {
              "fontFamily": "{core.fontFamilies.inter}", "fontWeight": "{core.fontWeights.inter-2}",
              "fontSize": "{core.fontSizes.2}", "lineHeight": "120%", "letterSpacing": "-2%", "textCase": "uppercase"
            }
          }
        },
        "elevation": {
          "card": {
            "$type": "shadow",
            "$value": [
              { "color": "#0000001a", "offsetX": "0px", "offsetY": "1px", "blur": "3px", "spread": "0px" },
              { "color": "#0000000f", "offsetX": "0px", "offsetY": "1px", "blur": "2px", "spread": "0px" }
            ]
          }
        },
        "border": {
          "default": { "$type": "border", "$value": { "color": "{semantic.fg.default}", "width": "{core.borderWidth.default}", "style": "solid" } }
        },
        "control": {
          "disabledOpacity": { "$value": "{core.opacity.disabled}", "$type": "number" },
          "paddingX": { "$value": "{core.spacing.lg}", "$type": "dimension" },
          "visible": { "$value": "true", "$type": "boolean" }
        }
      }
    }
    """##
}
