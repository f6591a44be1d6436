// The server's API as the console uses it: same origin, the designer token (kept in
// sessionStorage, never in a URL) sent only as a bearer header, problems turned into errors
// that carry the server's RFC 9457 problem details.

const TOKEN_KEY = 'livery.designerToken';

export const designerToken = {
  get: () => sessionStorage.getItem(TOKEN_KEY),
  set: (value) => sessionStorage.setItem(TOKEN_KEY, value),
  clear: () => sessionStorage.removeItem(TOKEN_KEY),
};

/** A refused request: `status` and the server's problem document. */
export class ProblemError extends Error {
  constructor(status, problem) {
    super(problem.detail || problem.title || `HTTP ${status}`);
    this.status = status;
    this.problem = problem;
  }
  get needsToken() { return this.status === 401; }
  /** The problem type's last segment (`approval-required`, `self-approval`), docs/api.md "Errors are problem details". */
  get slug() { return String(this.problem.type || '').split('/').pop(); }
}

/**
 * `fetch` with the token, JSON both ways and problems as `ProblemError`.
 * Options: method, json (a body to send as JSON), body (raw text), headers, signal,
 * raw (return the Response instead of its JSON).
 */
export async function api(path, options = {}) {
  const headers = new Headers(options.headers || {});
  const token = designerToken.get();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let body = options.body;
  if (options.json !== undefined) {
    body = JSON.stringify(options.json);
    headers.set('Content-Type', 'application/json');
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
  }
  const response = await fetch(path, {
    method: options.method || 'GET', headers, body, signal: options.signal, cache: 'no-store',
  });
  if (!response.ok) {
    let problem;
    try { problem = await response.json(); } catch { problem = { title: response.statusText }; }
    throw new ProblemError(response.status, problem);
  }
  if (options.raw) return response;
  if (response.status === 204) return null;
  return response.json();
}

/** Query string from an object, leaving out empty values. */
export function query(params) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '' ) continue;
    search.set(name, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

const encode = encodeURIComponent;

/** The resolved document a look names: a channel's active skin, a version, or the latest.
 * `extra`: more query parameters (`{explain: 1}`, `{format: 'dtcg'}`). */
export function resolvedPath(source, variants, extra = {}) {
  const q = query({ variant: variants, bucket: source.channel ? source.bucket : undefined, ...extra });
  if (source.channel) return `/v1/channels/${encode(source.channel)}/skin${q}`;
  if (source.version) return `/v1/skins/${encode(source.skin)}/versions/${encode(source.version)}/resolved${q}`;
  return `/v1/skins/${encode(source.skin)}/resolved${q}`;
}

export const paths = {
  skins: () => '/v1/skins',
  skin: (skin) => `/v1/skins/${encode(skin)}`,
  version: (skin, n) => `/v1/skins/${encode(skin)}/versions/${encode(n)}`,
  publish: (skin, message) => `/v1/skins/${encode(skin)}/versions${query({ message })}`,
  validate: (skin) => `/v1/skins/${encode(skin)}/validate`,
  preview: (skin, variants) => `/v1/skins/${encode(skin)}/preview${query({ variant: variants })}`,
  diff: (skin, from, to, variants) => `/v1/skins/${encode(skin)}/diff${query({ from, to, variant: variants })}`,
  style: (skin, id, version, variants) =>
    `/v1/skins/${encode(skin)}/styles/resolve${query({ id, version, variant: variants })}`,
  channels: () => '/v1/channels',
  channel: (name) => `/v1/channels/${encode(name)}`,
  /** A channel with the page of its history before entry `before` (the latest page when absent). */
  channelHistory: (name, before) => `/v1/channels/${encode(name)}${query({ historyBefore: before })}`,
  schedules: (name) => `/v1/channels/${encode(name)}/schedules`,
  schedule: (name, id) => `/v1/channels/${encode(name)}/schedules/${encode(id)}`,
  rollback: (name) => `/v1/channels/${encode(name)}/rollback`,
  promote: (name) => `/v1/channels/${encode(name)}/promote`,
  abort: (name) => `/v1/channels/${encode(name)}/abort`,
  drafts: () => '/v1/drafts',
  draft: (id) => `/v1/drafts/${encode(id)}`,
  /** A save of draft `id` for `skin`; with `from`, a copy of that version of the skin (no body). */
  saveDraft: (id, skin, from) => `/v1/drafts/${encode(id)}${query({ skin, from })}`,
  previewLinks: (id) => `/v1/drafts/${encode(id)}/preview-links`,
  publishDraft: (id) => `/v1/drafts/${encode(id)}/publish`,
  /** One entry of a channel's history, whole (its every builds entry). */
  historyEntry: (name, n) => `/v1/channels/${encode(name)}/history/${encode(n)}`,
  policy: (name) => `/v1/channels/${encode(name)}/policy`,
  /** A channel's change requests, newest first; `states`: a list such as `['open', 'approved']`, or all. */
  changeRequests: (name, states) => `/v1/channels/${encode(name)}/change-requests${query({ state: states })}`,
  changeRequest: (name, id) => `/v1/channels/${encode(name)}/change-requests/${encode(id)}`,
  /** `approve`, `reject`, `cancel` or `apply`. */
  changeRequestAction: (name, id, action) => `/v1/channels/${encode(name)}/change-requests/${encode(id)}/${action}`,
  changeRequestPreviewLinks: (name, id) => `/v1/channels/${encode(name)}/change-requests/${encode(id)}/preview-links`,
};
