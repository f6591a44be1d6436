import Testing
@testable import SkinModel

/// `format=css` (docs/api.md, "Reading skins"): custom properties in `:root`, composites as the CSS values they denote.
@Suite("CSS style sheet output")
struct StyleSheetOutputTests {
    static let doc = ##"""
    { "color": { "$type": "color",
        "tint": { "$value": "#3366ff" },
        "glass": { "$value": "alpha({color.tint}, 0.5)" } },
      "size": { "corner": { "$type": "dimension", "$value": "8px" }, "zero": { "$type": "dimension", "$value": "0px" } },
      "motion": { "fast": { "$type": "duration", "$value": "200ms" },
                  "ease": { "$type": "cubicBezier", "$value": [0.5, 0, 1, 1] },
                  "fade": { "$type": "transition", "$value": { "duration": "{motion.fast}", "delay": "0ms", "timingFunction": "{motion.ease}" } } },
      "font": { "title": { "$type": "typography", "$value": { "fontFamily": ["Inter", "sans-serif"], "fontSize": "17px", "fontWeight": 600, "lineHeight": 1.25, "color": "{color.tint}" } } },
      "elevation": { "card": { "$type": "shadow", "$value": [
          { "color": "#00000040", "offsetX": "0px", "offsetY": "2px", "blur": "4px", "spread": "0px" },
          { "color": "#000000", "offsetX": "1px", "offsetY": "1px", "blur": "0px", "spread": "0px", "inset": true } ] } },
      "line": { "$type": "border", "$value": { "color": "{color.tint}", "width": "1px", "style": "solid" } },
      "dots": { "$type": "border", "$value": { "color": "#000", "width": "2px", "style": { "dashArray": ["2px"], "lineCap": "round" } } },
      "fill": { "$type": "gradient", "$value": [ { "color": "#ffffff", "position": 0 }, { "color": "{color.tint}", "position": 0.5 } ] },
      "label": { "$type": "string", "$value": "Say \"hi\"\nbye" },
      "flag": { "$type": "boolean", "$value": true },
      "odd path": { "$type": "number", "$value": 1.5 } }
    """##

    func sheet(explain: Bool = false) throws -> String {
        let skin = try #require(resolve(lineage([("app", 3, Self.doc)]), variants: []).skin)
        return String(decoding: skin.styleSheet(explain: explain, channel: "default"), as: UTF8.self)
    }

    @Test("every token becomes one custom property per line, sorted by path, composites as CSS values")
    func declarations() throws {
        let expected = #"""
        /* livery app@3 lineage=app@3 variants= channel=default */
        :root {
          --color-glass: #3366ff80;
          --color-tint: #3366ff;
          --dots: 2px dashed #000000;
          --elevation-card: 0 2px 4px 0 #00000040, inset 1px 1px 0 0 #000000;
          --fill: linear-gradient(#ffffff 0%, #3366ff 50%);
          --flag: true;
          --font-title-font-family: Inter, sans-serif;
          --font-title-font-size: 17px;
          --font-title-font-weight: 600;
          --font-title-line-height: 1.25;
          --font-title-color: #3366ff;
          --label: "Say \"hi\"\a bye";
          --line: 1px solid #3366ff;
          --motion-ease: cubic-bezier(0.5, 0, 1, 1);
          --motion-fade: 200ms cubic-bezier(0.5, 0, 1, 1) 0ms;
          --motion-fast: 200ms;
          --odd\20 path: 1.5;
          --size-corner: 8px;
          --size-zero: 0;
        }

        """#
        #expect(try sheet() == expected)
    }

    @Test("explain puts each token's layer and references in a comment before it")
    func explain() throws {
        let text = try sheet(explain: true)
        #expect(text.contains("  /* line: layer app@3, references color.tint */\n  --line: 1px solid #3366ff;\n"))
        #expect(text.contains("  /* size.corner: layer app@3 */\n  --size-corner: 8px;\n"))
    }

    @Test("a comment-closing sequence in a name cannot end the header comment early")
    func commentSafety() throws {
        let skin = try #require(resolve(lineage([("app", 1, #"{"a": {"$type": "number", "$value": 1}}"#)]), variants: []).skin)
        let text = String(decoding: skin.styleSheet(channel: "x*/y"), as: UTF8.self)
        #expect(text.hasPrefix("/* livery app@1 lineage=app@1 variants= channel=x*\\/y */\n"))
    }
}
