// Preview links (docs/api.md, "Preview links"): a draft, or the version a change request makes
// live, shown in the real app on a phone. A link is shown as text to send and as a QR code (drawn
// by the server, `…/qr.svg`) for a phone's camera, with a way to revoke it. The Drafts view and
// the Change requests view both make them here.
import { api } from './api.js';
import { h, problemView, replace, time, uid } from './dom.js';

const LIFETIMES = [['1 hour', 3600], ['1 day', 86400], ['7 days', 604800], ['30 days', 2592000]];

/** A link (`{url, expires}`, as the server answered it): its address to copy and its QR code,
 * with a way to revoke it. */
export function previewLinkView(link, app) {
  const path = new URL(link.url).pathname;
  const box = h('div', { class: 'preview-link' });
  const revoke = h('button', { type: 'button', onclick: async () => {
    try {
      await api(path, { method: 'DELETE' });
      replace(box, h('p', {}, 'Revoked: the link now answers 410, and apps showing it return to their channel.'));
      app.announce('Preview link revoked');
    } catch (error) { replace(box, problemView(error)); }
  } }, 'Revoke link');
  replace(box,
    h('p', {}, 'Open on a phone (the app shows this look until the link expires or is revoked), expires ', time(link.expires), ':'),
    h('input', { type: 'text', readonly: true, value: link.url, 'aria-label': 'Preview link', class: 'link-text', onfocus: (e) => e.target.select() }),
    h('img', { src: `${path}/qr.svg`, alt: `QR code of the preview link ${link.url}`, class: 'qr', width: 240, height: 240 }),
    revoke);
  return box;
}

/** “Valid for [1 day] [Make a preview link]” and the links made, newest first. `makePath`: where
 * a link is asked for (a draft's or a change request's `…/preview-links`); `made`: links the
 * server already answered (a request's opening carries one), shown first. */
export function previewLinkMaker(makePath, app, made = []) {
  const links = h('div', { class: 'links' }, made.map((link) => previewLinkView(link, app)));
  const lifetime = h('select', { id: uid('link-lifetime') }, LIFETIMES.map(([label, seconds]) =>
    h('option', { value: String(seconds), selected: seconds === 86400 ? true : null }, label)));
  const makeLink = h('button', { type: 'button', onclick: async () => {
    try {
      const link = await api(makePath, { method: 'POST', json: { expiresIn: Number(lifetime.value) } });
      links.prepend(previewLinkView(link, app));
      app.announce('Preview link made');
    } catch (error) { links.prepend(problemView(error)); }
  } }, 'Make a preview link');
  return [h('p', {}, h('label', { for: lifetime.id }, 'Valid for '), lifetime, ' ', makeLink), links];
}
