// Draws a resolved document's tokens as a designer reads them: swatches with their hex and
// contrast, type specimens in their own font stack, sizes, radii, shadows, borders and
// gradients drawn, images shown. Shared by the look, compare and draft views.
import { h, section } from './dom.js';
import { contrast, describe } from './colour.js';
import { comparePaths } from './search.js';

// MARK: Values → CSS

export function cssDimension(value) {
  if (value == null) return null;
  if (typeof value === 'number') return `${value}px`;
  if (typeof value === 'string') return value;
  const unit = { dp: 'px', sp: 'px' }[value.unit] || value.unit || 'px';
  return `${value.value}${unit}`;
}

export function cssFontFamily(family) {
  const list = Array.isArray(family) ? family : [family];
  const generic = new Set(['serif', 'sans-serif', 'monospace', 'cursive', 'fantasy', 'system-ui', 'ui-monospace', 'ui-sans-serif', 'ui-serif']);
  return list.filter(Boolean).map((name) => (generic.has(name) ? name : `"${String(name).replace(/"/g, '')}"`)).join(', ');
}

/** CSS declarations for a typography value (font, size, weight, line height, spacing, colour, case). */
export function typographyStyle(value) {
  if (!value || typeof value !== 'object') return {};
  const lineHeight = value.lineHeight;
  return {
    'font-family': value.fontFamily ? `${cssFontFamily(value.fontFamily)}, sans-serif` : null,
    'font-size': cssDimension(value.fontSize),
    'font-weight': value.fontWeight != null ? String(value.fontWeight) : null,
    'line-height': lineHeight == null ? null : typeof lineHeight === 'number' ? String(lineHeight) : cssDimension(lineHeight),
    'letter-spacing': cssDimension(value.letterSpacing),
    color: value.color || null,
    'text-transform': value.textCase && value.textCase !== 'none' ? value.textCase : null,
  };
}

export function cssShadow(value) {
  const layers = Array.isArray(value) ? value : [value];
  return layers.filter(Boolean).map((s) => [s.inset ? 'inset' : '', cssDimension(s.offsetX) || '0', cssDimension(s.offsetY) || '0',
    cssDimension(s.blur) || '0', cssDimension(s.spread) || '0', s.color || 'black'].filter(Boolean).join(' ')).join(', ');
}

export function cssBorder(value) {
  if (!value || typeof value !== 'object') return null;
  const style = typeof value.style === 'string' ? value.style : value.style?.dashArray ? 'dashed' : 'solid';
  return `${cssDimension(value.width) || '1px'} ${style} ${value.color || 'currentColor'}`;
}

export function cssGradient(value) {
  const stops = Array.isArray(value) ? value : [];
  if (!stops.length) return null;
  return `linear-gradient(90deg, ${stops.map((stop) => `${stop.color} ${Math.round((stop.position ?? 0) * 100)}%`).join(', ')})`;
}

/** A value as text, for tables and captions. */
export function valueText(type, value) {
  if (type === 'color') return describe(value);
  if (type === 'fontFamily') return cssFontFamily(value);
  if (type === 'typography' && value && typeof value === 'object') {
    return [value.fontFamily && cssFontFamily(value.fontFamily), cssDimension(value.fontSize), value.fontWeight, value.color && describe(value.color)].filter(Boolean).join(' · ');
  }
  if (value && typeof value === 'object' && 'value' in value && 'unit' in value) return `${value.value}${value.unit}`;
  if (type === 'shadow') return cssShadow(value);
  if (type === 'border') return cssBorder(value);
  if (type === 'gradient') return (Array.isArray(value) ? value : []).map((stop) => `${describe(stop.color)} ${Math.round((stop.position ?? 0) * 100)}%`).join(' → ');
  if (type === 'asset' && value?.url) return `${value.contentType}, ${value.bytes} bytes`;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

// MARK: Grouping

const isRadius = (path) => /radius|corner|round/i.test(path);

/** Tokens by kind of drawing, each list sorted by path. */
export function classify(tokens) {
  const kinds = { color: [], typography: [], dimension: [], radius: [], shadow: [], border: [], gradient: [], asset: [], other: [] };
  for (const path of Object.keys(tokens).sort(comparePaths)) {
    const token = { path, ...tokens[path] };
    if (token.type === 'dimension') kinds[isRadius(path) ? 'radius' : 'dimension'].push(token);
    else if (token.type in kinds) kinds[token.type].push(token);
    else kinds.other.push(token);
  }
  return kinds;
}

/** The group a token belongs to: its path without the last name (`color.brand.tint` → `color.brand`). */
export const groupOf = (path) => path.split('.').slice(0, -1).join('.') || '(top level)';

// MARK: Drawings

/** One colour swatch: the colour, its path, hex, and the server's contrast finding for it
 * (`marks`: path → a finding with its pairs, as grid.js's `contrastMark` draws it; only text
 * colours have one). */
export function swatch(token, background, marks) {
  const mark = marks?.get(token.path);
  return h('figure', { class: 'swatch', 'data-path': token.path },
    h('div', { class: 'chip-frame', style: background ? { 'background-color': background } : {} },
      h('div', { class: 'chip', 'data-value': token.value, role: 'img', 'aria-label': `${token.path}: ${describe(token.value)}`,
        style: { 'background-color': token.value } })),
    h('figcaption', {},
      h('span', { class: 'path' }, token.path.split('.').pop()),
      h('span', { class: 'hex' }, describe(token.value)),
      mark ? h('span', { class: mark.passes ? 'ratio pass' : 'ratio fail', title: `WCAG 2 contrast on ${mark.background}` },
        mark.passes ? `${mark.ratio.toFixed(2)}:1` : `✗ ${mark.ratio.toFixed(2)}:1 < ${mark.minimum} on ${mark.background}`) : null));
}

function colourSection(colours, background, marks) {
  const groups = new Map();
  for (const token of colours) {
    const group = groupOf(token.path);
    if (!groups.has(group)) groups.set(group, []);
    groups.get(group).push(token);
  }
  return section('Colours',
    [...groups].map(([group, list]) => h('div', { class: 'group' },
      h('h3', {}, group),
      h('div', { class: 'swatches' }, list.map((token) => swatch(token, background, marks))))));
}

/** Black or white, whichever reads better on `background` (for text that names no colour). */
export function readableOn(background) {
  return (contrast('#000000ff', background) ?? 21) >= (contrast('#ffffffff', background) ?? 0) ? '#000000ff' : '#ffffffff';
}

function typographySection(fonts, background, textColour) {
  return section('Typography', fonts.map((token) => {
    const value = token.value || {};
    const meta = [cssFontFamily(value.fontFamily), cssDimension(value.fontSize), value.fontWeight && `weight ${value.fontWeight}`,
      value.lineHeight && `line ${valueText('', value.lineHeight)}`, value.letterSpacing && `tracking ${valueText('', value.letterSpacing)}`,
      value.color && describe(value.color), value.textCase && value.textCase !== 'none' && value.textCase].filter(Boolean).join(' · ');
    return h('figure', { class: 'specimen', 'data-path': token.path },
      h('p', { class: 'specimen-text', style: { ...typographyStyle(value), color: value.color || textColour, 'background-color': background } },
        'Sphinx of black quartz, judge my vow. 0123456789'),
      h('figcaption', {}, h('span', { class: 'path' }, token.path), ' ', h('span', { class: 'meta' }, meta)));
  }));
}

function dimensionSection(dimensions) {
  return section('Dimensions', h('div', { class: 'bars' }, dimensions.map((token) => {
    const width = token.value?.unit === 'rem' ? token.value.value * 16 : token.value?.value;
    const drawable = ['px', 'rem', 'pt', 'dp', 'sp'].includes(token.value?.unit);
    return h('div', { class: 'bar-row', 'data-path': token.path },
      h('span', { class: 'path' }, token.path),
      h('span', { class: 'bar-track' }, drawable ? h('span', { class: 'bar', style: { width: `${Math.max(0, Math.min(width, 480))}px` } }) : null),
      h('span', { class: 'value' }, valueText('dimension', token.value)));
  })));
}

function tiles(title, tokens, style, kind) {
  return section(title, h('div', { class: 'tiles' }, tokens.map((token) =>
    h('figure', { class: `tile ${kind}`, 'data-path': token.path },
      h('div', { class: 'tile-shape', style: style(token.value), role: 'img', 'aria-label': `${token.path}: ${valueText(token.type, token.value)}` }),
      h('figcaption', {}, h('span', { class: 'path' }, token.path), h('span', { class: 'meta' }, valueText(token.type, token.value)))))));
}

function imageSection(images, assets) {
  const entries = [...Object.entries(images || {}).map(([name, asset]) => ({ name, asset })),
    ...assets.map((token) => ({ name: token.path, asset: token.value }))];
  return section('Images', h('div', { class: 'tiles' }, entries.map(({ name, asset }) =>
    h('figure', { class: 'tile image', 'data-path': name },
      h('img', { src: asset.url, alt: name }),
      h('figcaption', {}, h('span', { class: 'path' }, name), h('span', { class: 'meta' }, asset.contentType || ''))))));
}

function otherSection(others) {
  return section('Other tokens', h('table', {},
    h('caption', {}, 'Numbers, flags, strings, durations, curves and other values'),
    h('thead', {}, h('tr', {}, ['Path', 'Type', 'Value'].map((title) => h('th', { scope: 'col' }, title)))),
    h('tbody', {}, others.map((token) => h('tr', { 'data-path': token.path },
      h('td', {}, h('code', {}, token.path)), h('td', {}, token.type), h('td', {}, valueText(token.type, token.value)))))));
}

/**
 * Every token of a resolved document, drawn (the draft's preview; the Look draws grid.js's
 * compact grid). `background` is the colour swatches sit on. Sections without tokens are left out.
 */
export function drawTokens(document, background, marks) {
  const kinds = classify(document.tokens || {});
  return h('div', { class: 'drawing' },
    kinds.color.length ? colourSection(kinds.color, background, marks) : null,
    kinds.typography.length ? typographySection(kinds.typography, background, textColourOn(document.tokens, background)) : null,
    kinds.dimension.length ? dimensionSection(kinds.dimension) : null,
    kinds.radius.length ? tiles('Radii', kinds.radius, (v) => ({ 'border-radius': cssDimension(v) }), 'radius') : null,
    kinds.shadow.length ? tiles('Shadows', kinds.shadow, (v) => ({ 'box-shadow': cssShadow(v) }), 'shadow') : null,
    kinds.border.length ? tiles('Borders', kinds.border, (v) => ({ border: cssBorder(v) }), 'border') : null,
    kinds.gradient.length ? tiles('Gradients', kinds.gradient, (v) => ({ 'background-image': cssGradient(v) }), 'gradient') : null,
    Object.keys(document.images || {}).length || kinds.asset.length ? imageSection(document.images, kinds.asset) : null,
    kinds.other.length ? otherSection(kinds.other) : null);
}

/** The skin's text colour when it reads on `background`, else black or white. */
function textColourOn(tokens, background) {
  const text = tokens['color.text']?.value;
  return text && (contrast(text, background) ?? 0) >= 3 ? text : readableOn(background);
}

/** One value drawn small (for diff tables): a chip, a specimen, a bar, or text. */
export function drawValue(type, value) {
  if (value === undefined) return h('span', { class: 'absent' }, '—');
  const text = h('span', { class: 'value' }, valueText(type, value));
  switch (type) {
    case 'color': return h('span', { class: 'mini' }, h('span', { class: 'mini-chip', 'data-value': value, style: { 'background-color': value } }), text);
    case 'typography': return h('span', { class: 'mini', style: typographyStyle(value) }, 'Aa ', text);
    case 'shadow': return h('span', { class: 'mini' }, h('span', { class: 'mini-chip', style: { 'box-shadow': cssShadow(value) } }), text);
    case 'border': return h('span', { class: 'mini' }, h('span', { class: 'mini-chip', style: { border: cssBorder(value) } }), text);
    case 'gradient': return h('span', { class: 'mini' }, h('span', { class: 'mini-chip', style: { 'background-image': cssGradient(value) } }), text);
    default: return text;
  }
}
