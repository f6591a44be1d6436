// A tiny DOM builder. Styles go through the CSSOM (element.style), which the console's
// Content-Security-Policy allows; markup is never parsed from strings.

/**
 * `h('p', {class: 'note', style: {color: '#f00'}, onclick: fn}, 'text', child)`.
 * Attributes whose value is null, undefined or false are left out; true sets an empty one.
 */
export function h(tag, props = {}, ...children) {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props || {})) {
    if (value === null || value === undefined || value === false) continue;
    if (name === 'style') {
      for (const [property, css] of Object.entries(value)) if (css != null) element.style.setProperty(property, css);
    } else if (name.startsWith('on') && typeof value === 'function') {
      element.addEventListener(name.slice(2), value);
    } else if (name === 'class') {
      element.className = value;
    } else {
      element.setAttribute(name, value === true ? '' : String(value));
    }
  }
  append(element, children);
  return element;
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Replaces an element's children. */
export function replace(parent, ...children) {
  parent.replaceChildren();
  return append(parent, children);
}

let unique = 0;
/** An id for label/control pairs. */
export const uid = (prefix = 'f') => `${prefix}-${++unique}`;

/** A labelled form control: `field('Skin', input)` → <div><label for>…</label>input</div>. */
export function field(label, control, hint) {
  control.id ||= uid('field');
  const hintElement = hint ? h('span', { class: 'hint', id: `${control.id}-hint` }, hint) : null;
  if (hintElement) control.setAttribute('aria-describedby', hintElement.id);
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), control, hintElement);
}

/** Skin, channel and draft names as the server takes them: letters, digits, `-`, `_` and `.`. */
export const NAME_PATTERN = '[A-Za-z0-9._\\-]+';

/** `7 — brighter tint`: how a version is offered in a list. */
export function versionLabel(version) {
  return `${version.version}${version.message ? ` — ${version.message}` : ''}`;
}

/** `summer@2`, or `summer (latest)` for a target that follows the latest version. */
export function targetLabel(skin, version) {
  return `${skin}${version == null ? ' (latest)' : `@${version}`}`;
}

export function section(title, ...children) {
  const id = uid('section');
  return h('section', { 'aria-labelledby': id }, h('h2', { id }, title), ...children);
}

/** The server's problem details, as a designer should read them. */
export function problemView(error) {
  const problem = error.problem || { title: 'Request failed', detail: String(error.message || error) };
  const list = [...(problem.errors || []), ...(problem.warnings || [])];
  return h('div', { class: 'problem', role: 'alert' },
    h('p', {}, h('strong', {}, `${problem.title || 'Refused'}${error.status ? ` (${error.status})` : ''}`),
      problem.detail ? `: ${problem.detail}` : ''),
    list.length ? diagnosticsList(list) : null,
    error.needsToken ? h('p', {}, 'Give a designer token with the “Designer token…” button above.') : null);
}

/** Errors, each at its path, and warnings, one per kind with every path it concerns (docs/skins.md, "What tool exports may contain"):
 * a kind of several paths reads as “212 × mapped-type (spacing → dimension)”, its paths folded; an
 * `incompatible` finding names its build (`ios/3.2.1`). */
export function diagnosticsList(diagnostics, onLocate) {
  const locate = (path) => onLocate && path
    ? [' ', h('button', { type: 'button', class: 'link', onclick: () => onLocate(path) }, 'Show in draft')] : null;
  return h('ul', { class: 'diagnostics' }, diagnostics.map((d) => {
    const paths = d.paths?.length ? d.paths : [d.path];
    const severity = d.severity === 'warning' ? 'warning' : '';
    // A release-gate finding (`incompatible`) names the live build that reads the entry.
    const build = d.build ? [' ', h('span', { class: 'badge build', title: 'The live app build that reads it' }, d.build)] : null;
    if (paths.length === 1) {
      return h('li', { class: severity, 'data-code': d.code },
        h('code', { class: 'path' }, d.path || '(document)'), ' ', h('span', { class: 'code' }, d.code), build, ' ', d.message, locate(d.path));
    }
    // A token set's finding is at a file and says its token first (`size.sm: …`): where only that
    // token differs, the path is followed by the token's name alone, not the sentence again.
    const said = (message) => message.replace(/^[^\s:]+: /, '');
    const own = (index) => {
      const message = d.messages?.[index];
      if (!message || message === d.message) return '';
      return said(message) === said(d.message) && said(message) !== message ? ` ${message.slice(0, message.length - said(message).length - 2)}` : ` ${message}`;
    };
    return h('li', { class: severity },
      h('strong', { class: 'count' }, `${paths.length} ×`), ' ',
      h('span', { class: 'code' }, d.detail ? `${d.code} (${d.detail})` : d.code), ' ', d.message,
      h('details', {}, h('summary', {}, `${paths.length} paths`),
        h('ul', { class: 'paths' }, paths.map((path, index) =>
          h('li', {}, h('code', { class: 'path' }, path || '(document)'), own(index), locate(path))))));
  }));
}

/** “328 warnings of 4 kinds”: how many paths the warnings concern, and how many kinds they are. */
export function warningCount(warnings) {
  const total = warnings.reduce((sum, w) => sum + (w.count || 1), 0);
  const kinds = total === warnings.length ? '' : ` of ${warnings.length} kind${warnings.length === 1 ? '' : 's'}`;
  return `${total} warning${total === 1 ? '' : 's'}${kinds}`;
}

/** Local time of an ISO 8601 instant, with the instant itself as a tooltip. */
export function time(iso) {
  if (!iso) return '';
  const date = new Date(iso);
  return h('time', { datetime: iso, title: iso }, Number.isNaN(date.getTime()) ? iso : date.toLocaleString());
}

/** A table whose rows become labelled cards on a phone (console.css, `table.cards`): each cell
 * without a `data-label` of its own is labelled with its column's title. */
export function table(caption, headers, rows) {
  for (const row of rows.flat()) {
    [...row.children].forEach((cell, index) => { if (headers[index] && !cell.dataset.label) cell.dataset.label = headers[index]; });
  }
  return h('table', { class: 'cards' },
    h('caption', {}, caption),
    h('thead', {}, h('tr', {}, headers.map((title) => h('th', { scope: 'col' }, title)))),
    h('tbody', {}, rows));
}
