// Colour arithmetic for drawing: the server sends "#rrggbbaa". Which pairs must be readable, and
// whether they are, is the server's finding (/v1/skins/{skin}/contrast, validate's `contrast`
// warnings); the ratio here only picks black or white ink for captions drawn on a colour.

/** "#rrggbbaa" (or #rgb, #rrggbb) → {r, g, b, a} in 0…1; null when unreadable. */
export function parseHex(text) {
  if (typeof text !== 'string') return null;
  let hex = text.replace(/^#/, '');
  if (hex.length === 3 || hex.length === 4) hex = [...hex].map((c) => c + c).join('');
  if (!/^[0-9a-f]{6}([0-9a-f]{2})?$/i.test(hex)) return null;
  const byte = (i) => parseInt(hex.slice(i, i + 2), 16) / 255;
  return { r: byte(0), g: byte(2), b: byte(4), a: hex.length === 8 ? byte(6) : 1 };
}

/** The colour as designers write it: "#rrggbb", with the alpha in percent when not opaque. */
export function describe(text) {
  const colour = parseHex(text);
  if (!colour) return String(text);
  const six = `#${text.replace(/^#/, '').slice(0, 6).toLowerCase()}`;
  return colour.a < 1 ? `${six} · ${Math.round(colour.a * 100)} %` : six;
}

/** `fg` painted over `bg` (bg opaque or over white), as the eye sees it. */
export function over(fg, bg) {
  const base = bg.a < 1 ? over(bg, { r: 1, g: 1, b: 1, a: 1 }) : bg;
  const mix = (f, b) => f * fg.a + b * (1 - fg.a);
  return { r: mix(fg.r, base.r), g: mix(fg.g, base.g), b: mix(fg.b, base.b), a: 1 };
}

/** WCAG 2 relative luminance. */
export function luminance({ r, g, b }) {
  const linear = (c) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG 2 contrast ratio of two "#rrggbbaa" colours (the foreground composited on the background). */
export function contrast(foreground, background) {
  const fg = parseHex(foreground);
  const bg = parseHex(background);
  if (!fg || !bg) return null;
  const base = over(bg, { r: 1, g: 1, b: 1, a: 1 });
  const [l1, l2] = [luminance(over(fg, base)), luminance(base)].sort((x, y) => y - x);
  return (l1 + 0.05) / (l2 + 0.05);
}

export const ratioText = (ratio) => (ratio == null ? '—' : `${ratio.toFixed(2)}:1`);
