"""Compares the custom properties of Livery's `format=css` for Primer with Primer's own CSS files.

Used by scripts/compare-primer-css.sh: argv[1] is Primer's dist/css folder, argv[2] a folder with
livery-light.css and livery-dark.css. Prints, per theme, the properties only Primer has, those only
Livery has, and every value that differs, then a summary by kind.
"""
import collections, glob, os, re, sys

DECLARATION = re.compile(r"(--[A-Za-z0-9_\\-]+)\s*:\s*([^;]*);")

def properties(text):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    return {name: " ".join(value.split()) for name, value in DECLARATION.findall(text)}

def read(path):
    with open(path, encoding="utf-8") as handle:
        return properties(handle.read())

def rgba(text):
    """8-bit RGBA of a hex or rgb()/rgba() colour, or None."""
    text = text.strip().lower()
    match = re.fullmatch(r"#([0-9a-f]{3,8})", text)
    if match:
        digits = match.group(1)
        if len(digits) in (3, 4): digits = "".join(c * 2 for c in digits)
        if len(digits) == 6: digits += "ff"
        if len(digits) != 8: return None
        return tuple(int(digits[i:i + 2], 16) for i in range(0, 8, 2))
    match = re.fullmatch(r"rgba?\(([^)]*)\)", text)
    if match:
        parts = [p for p in re.split(r"[\s,/]+", match.group(1)) if p]
        if len(parts) not in (3, 4): return None
        channels = [round(float(p)) for p in parts[:3]]
        alpha = parts[3] if len(parts) == 4 else "1"
        alpha = float(alpha[:-1]) / 100 if alpha.endswith("%") else float(alpha)
        return tuple(channels) + (int(alpha * 255 + 0.5),)
    return None

def normalize(value):
    """A value as comparable text: colours as RGBA, zero lengths as 0, quotes and spaces unified."""
    words = []
    for word in re.findall(r"rgba?\([^)]*\)|\"[^\"]*\"|'[^']*'|[^\s,]+|,", value):
        color = rgba(word)
        if color: words.append("#%02x%02x%02x%02x" % color); continue
        if re.fullmatch(r"-?0(\.0+)?(px|rem|em|ms|s)?", word): words.append("0"); continue
        words.append(word.replace("'", '"'))
    return " ".join(words).replace(" ,", ",")

def classify(primer, livery):
    if rgba(primer) and rgba(livery):
        p, l = rgba(primer), rgba(livery)
        if p[:3] == l[:3]: return "colour: same RGB, other alpha"
        if p[3] == l[3]: return "colour: other RGB"
        return "colour: other RGB and alpha"
    if "," in primer or "px" in primer and " " in primer: return "composite (shadow, border, font stack)"
    return "other value"

def compare(theme, primer, livery):
    kinds = collections.Counter()
    print(f"== {theme}: Primer {len(primer)} properties, Livery {len(livery)}")
    only_primer = sorted(set(primer) - set(livery))
    only_livery = sorted(set(livery) - set(primer))
    for name in only_primer: print(f"  only in Primer: {name}: {primer[name]}")
    for name in only_livery: print(f"  only in Livery: {name}: {livery[name]}")
    kinds["only in Primer"] += len(only_primer)
    kinds["only in Livery"] += len(only_livery)
    for name in sorted(set(primer) & set(livery)):
        if normalize(primer[name]) != normalize(livery[name]):
            kind = classify(primer[name], livery[name])
            kinds[kind] += 1
            print(f"  differs ({kind}): {name}: Primer {primer[name]} | Livery {livery[name]}")
        else:
            kinds["same"] += 1
    print(f"  summary {theme}: " + ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items())))
    return kinds

def main():
    primer_dir, livery_dir = sys.argv[1], sys.argv[2]
    shared = {}
    for pattern in ("base/**/*.css", "functional/size/*.css", "functional/typography/*.css", "functional/motion/*.css"):
        for path in sorted(glob.glob(os.path.join(primer_dir, pattern), recursive=True)):
            # Primer's size variants (coarse/fine) are another axis; the default context is compared.
            if re.search(r"size-(coarse|fine)\.css$", path): continue
            shared.update(read(path))
    total = collections.Counter()
    for theme in ("light", "dark"):
        primer = dict(shared)
        primer.update(read(os.path.join(primer_dir, "functional", "themes", f"{theme}.css")))
        total += compare(theme, primer, read(os.path.join(livery_dir, f"livery-{theme}.css")))
    print("== both themes: " + ", ".join(f"{count} {kind}" for kind, count in sorted(total.items())))

main()
