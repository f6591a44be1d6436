/// A design-token file as Style Dictionary 4 writes and reads it in DTCG mode
/// (`usesDtcg: true`), in the 2025.10 format: colour objects, dimension objects,
/// composite typography/shadow/border/transition tokens referencing primitives,
/// `$description`/`$deprecated`/`$extensions`, a group `$root`, `$extends` and `$ref`.
enum StyleDictionaryExport {
    static let json = ##"""
    {
      "color": {
        "$type": "color",
        "$description": "Colour primitives and semantic roles",
        "blue": {
          "100": { "$value": { "colorSpace": "srgb", "components": [0.8588, 0.9176, 0.9961], "hex": "#dbeafe" } },
          "500": { "$value": { "colorSpace": "srgb", "components": [0.2314, 0.5098, 0.9647], "hex": "#3b82f6" } },
          "900": { "$value": { "colorSpace": "srgb", "components": [0.1176, 0.2275, 0.5412], "hex": "#1e3a8a" } }
        },
        "gray": {
          "50":  { "$value": { "colorSpace": "srgb", "components": [0.9765, 0.9804, 0.9843], "hex": "#f9fafb" } },
          "900": { "$value": { "colorSpace": "srgb", "components": [0.0667, 0.0941, 0.1529], "hex": "#111827" } }
        },
        "brand": {
          "$root": { "$value": "{color.blue.500}", "$description": "The brand colour" },
          "subtle": { "$value": { "colorSpace": "oklch", "components": [0.93, 0.03, 255], "alpha": 1 } },
          "vivid": { "$value": { "colorSpace": "display-p3", "components": [0.2, 0.45, 0.98] } }
        },
        "background": {
          "default": { "$value": "{color.gray.50}" },
          "inverse": { "$value": "{color.gray.900}", "$deprecated": "Use color.surface.inverse" }
        },
        "text": {
          "default": { "$value": "{color.gray.900}" },
          "link": { "$value": "{color.brand.$root}", "$extensions": { "org.example.figma": { "variableId": "VariableID:12:34" } } }
        },
        "alpha": { "overlay": { "$value": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.4 } } }
      },
      "dimension": {
        "$type": "dimension",
        "space": {
          "1": { "$value": { "value": 4, "unit": "px" } },
          "2": { "$value": { "value": 8, "unit": "px" } },
          "4": { "$value": { "value": 16, "unit": "px" } }
        },
        "radius": { "sm": { "$value": { "value": 4, "unit": "px" } }, "md": { "$value": { "value": 0.5, "unit": "rem" } } },
        "border": { "hairline": { "$value": { "value": 1, "unit": "px" } } }
      },
      "font": {
        "family": {
          "$type": "fontFamily",
          "sans": { "$value": ["Inter", "Helvetica Neue", "Arial", "sans-serif"] },
          "mono": { "$value": "JetBrains Mono" }
        },
        "weight": {
          "$type": "fontWeight",
          "regular": { "$value": 400 },
          "semibold": { "$value": "semi-bold" },
          "bold": { "$value": "bold" }
        },
        "size": { "$type": "dimension", "body": { "$value": { "value": 1, "unit": "rem" } }, "title": { "$value": { "value": 1.5, "unit": "rem" } } }
      },
      "typography": {
        "$type": "typography",
        "body": { "$value": { "fontFamily": "{font.family.sans}", "fontSize": "{font.size.body}", "fontWeight": "{font.weight.regular}",
                              "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.5 } },
        "title": { "$value": { "fontFamily": "{font.family.sans}", "fontSize": "{font.size.title}", "fontWeight": "{font.weight.bold}",
                               "letterSpacing": { "value": -0.01, "unit": "rem" }, "lineHeight": 1.2 } },
        "code": { "$value": { "fontFamily": "{font.family.mono}", "fontSize": { "$ref": "#/font/size/body/$value" },
                              "fontWeight": 400, "letterSpacing": { "value": 0, "unit": "px" }, "lineHeight": 1.6 } }
      },
      "shadow": {
        "$type": "shadow",
        "sm": { "$value": { "color": "{color.alpha.overlay}", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 1, "unit": "px" },
                            "blur": { "value": 2, "unit": "px" }, "spread": { "value": 0, "unit": "px" } } },
        "lg": { "$value": [
          { "color": "{color.alpha.overlay}", "offsetX": { "value": 0, "unit": "px" }, "offsetY": { "value": 4, "unit": "px" },
            "blur": { "value": 6, "unit": "px" }, "spread": { "value": -1, "unit": "px" } },
          { "color": { "colorSpace": "srgb", "components": [0, 0, 0], "alpha": 0.1 }, "offsetX": { "value": 0, "unit": "px" },
            "offsetY": { "value": 10, "unit": "px" }, "blur": { "value": 15, "unit": "px" }, "spread": { "value": -3, "unit": "px" }, "inset": false }
        ] }
      },
      "border": {
        "$type": "border",
        "default": { "$value": { "color": "{color.gray.900}", "width": "{dimension.border.hairline}", "style": "solid" } },
        "focus": { "$value": { "color": "{color.brand.$root}", "width": { "value": 2, "unit": "px" },
                               "style": { "dashArray": [{ "value": 4, "unit": "px" }, { "value": 2, "unit": "px" }], "lineCap": "round" } } }
      },
      "motion": {
        "duration": { "$type": "duration", "fast": { "$value": { "value": 150, "unit": "ms" } }, "slow": { "$value": { "value": 0.4, "unit": "s" } } },
        "easing": { "$type": "cubicBezier", "standard": { "$value": [0.2, 0, 0, 1] } },
        "transition": { "$type": "transition",
          "fade": { "$value": { "duration": "{motion.duration.fast}", "delay": { "value": 0, "unit": "ms" }, "timingFunction": "{motion.easing.standard}" } } }
      },
      "gradient": { "$type": "gradient",
        "hero": { "$value": [ { "color": "{color.blue.100}", "position": 0 }, { "color": "{color.brand.$root}", "position": 1 } ] } },
      "component": {
        "button": {
          "primary": {
            "$type": "color",
            "background": { "$value": "{color.brand.$root}" },
            "text": { "$value": "{color.gray.50}" },
            "radius": { "$type": "dimension", "$value": "{dimension.radius.md}" }
          },
          "secondary": { "$extends": "{component.button.primary}", "background": { "$value": "{color.background.default}" },
                         "text": { "$value": "{color.text.default}" } }
        }
      }
    }
    """##
}
