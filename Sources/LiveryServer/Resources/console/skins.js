// The skins view: every skin with its latest version, and one skin's versions with author,
// time, message, lineage and, when asked, the warnings `validate` finds in one now.
import { api, paths } from './api.js';
import { diagnosticsList, h, replace, table, time, warningCount } from './dom.js';

export const title = 'Skins';

function skinRow(skin, selected) {
  return h('tr', { 'aria-current': skin.name === selected ? 'true' : null },
    h('th', { scope: 'row' }, h('a', { href: `#/skins?skin=${encodeURIComponent(skin.name)}` }, skin.name)),
    h('td', {}, String(skin.latestVersion)),
    h('td', {}, skin.author),
    h('td', {}, time(skin.updated)),
    h('td', {}, h('a', { href: `#/look?skin=${encodeURIComponent(skin.name)}` }, 'Look'), ' · ',
      h('a', { href: `#/draft?skin=${encodeURIComponent(skin.name)}` }, 'New draft')));
}

/** The warnings a publish of this version would get now (its document validated again). */
async function warningsOf(skin, version, cell) {
  try {
    const document = await api(paths.version(skin, version), { raw: true }).then((r) => r.text());
    const result = await api(paths.validate(skin), { method: 'POST', body: document });
    const findings = [...result.errors.map((e) => ({ ...e, severity: 'error' })), ...result.warnings.map((w) => ({ ...w, severity: 'warning' }))];
    if (!findings.length) { replace(cell, h('span', { class: 'pass' }, 'none')); return; }
    replace(cell, h('details', {}, h('summary', {}, `${warningCount(result.warnings)}${result.errors.length ? `, ${result.errors.length} errors now` : ''}`),
      diagnosticsList(findings)));
  } catch (error) {
    replace(cell, h('span', { class: 'fail' }, error.message));
  }
}

function versionsOf(detail) {
  const versions = [...detail.versions].sort((a, b) => b.version - a.version);
  const rows = versions.map((v) => {
    // Validating is work for the server (a design system's version is a megabyte and many
    // selections): done when asked, one version at a time, never for every version on each load.
    const warnings = h('td', { class: 'warnings' });
    replace(warnings, h('button', { type: 'button', class: 'link', onclick: () => { replace(warnings, 'Checking…'); warningsOf(detail.name, v.version, warnings); } }, `Check ${v.version}`));
    const skin = encodeURIComponent(detail.name);
    return h('tr', { 'data-version': v.version },
      h('th', { scope: 'row' }, String(v.version)),
      h('td', {}, v.author),
      h('td', {}, time(v.created)),
      h('td', {}, v.message || ''),
      h('td', {}, v.extends || '—'),
      warnings,
      h('td', {}, h('a', { href: `#/look?skin=${skin}&version=${v.version}` }, `Look at ${v.version}`),
        v.version > 1 ? [' · ', h('a', { href: `#/compare?skin=${skin}&from=${v.version - 1}&to=${v.version}` }, `Compare with ${v.version - 1}`)] : null));
  });
  const axes = detail.axes?.length ? h('p', {}, 'Variant axes: ', detail.axes.map((a) => `${a.name} (${(a.contexts || []).join(', ')}; default ${a.default})`).join('; ')) : null;
  return h('section', { 'aria-labelledby': 'versions-title' },
    h('h2', { id: 'versions-title' }, `${detail.name}: ${versions.length} version${versions.length === 1 ? '' : 's'}`),
    h('p', {}, 'Created ', time(detail.created), ` by ${detail.createdBy}. “Check” validates a version again and lists what validate finds in it now.`),
    axes,
    table(`Versions of ${detail.name}, newest first`, ['Version', 'Author', 'Published', 'Message', 'Extends', 'Warnings', 'Actions'], rows));
}

export async function show(main, params, app) {
  const list = h('div', {}, h('p', {}, 'Loading…'));
  const detail = h('div', {});
  replace(main, h('h1', {}, 'Skins'), list, detail);
  async function load() {
    const { skins } = await api(paths.skins());
    replace(list, table('Every skin, with its latest version', ['Skin', 'Latest', 'Author', 'Updated', 'Actions'],
      skins.map((skin) => skinRow(skin, params.skin))));
    if (params.skin) replace(detail, versionsOf(await api(paths.skin(params.skin))));
  }
  await load();
  return {
    onEvents(events) {
      if (events.some((e) => e.kind !== 'activate')) { app.announce(`Skins changed: ${events.map((e) => `${e.skin}@${e.version ?? ''}`).join(', ')}`); return load(); }
      return null;
    },
  };
}
