// Review on the Channels view (docs/api.md, "Change requests"): a channel's policy (how many
// approvals a change request needs; with one or more, every direct change of the channel is
// refused with 409 approval-required), an admin's form to set it, and what turns the view's
// change buttons into change requests while the policy asks for review. The rule itself is the
// server's: the page asks, and shows what it answered.
import { ProblemError, api, paths } from './api.js';
import { field, h, problemView, replace, time } from './dom.js';

/** A channel's policy and its open or approved requests, in one read: `{policy, open}`. */
export async function channelReview(name) {
  const answer = await api(paths.changeRequests(name, ['open', 'approved']));
  return { policy: answer.policy, open: answer.changeRequests };
}

/** Whether the policy refuses direct changes (docs/api.md: `approvals` 1 or more). */
export const requiresReview = (policy) => (policy?.approvals ?? 0) >= 1;

const approvalsText = (n) => `${n} approval${n === 1 ? '' : 's'}`;

/** What the policy means for this channel, in a sentence. */
function policySentence(policy) {
  if (!requiresReview(policy)) {
    return [h('strong', {}, 'Review: '), 'no policy — designers change this channel directly (a change request, when opened, needs 1 approval).'];
  }
  return [h('strong', {}, 'Review required: '), `every change is a change request with ${approvalsText(policy.approvals)} `,
    policy.selfApproval ? '(its author’s own counts)' : 'by people other than its author',
    '; direct changes are refused.'];
}

/** An admin's form: `PUT /v1/channels/{c}/policy {"approvals", "selfApproval"}`. A designer
 * who tries is told 403 by the server, as every admin-only control of the console does. */
function policyForm(name, policy, reload) {
  const status = h('div', { role: 'status' });
  const approvals = h('input', { type: 'number', name: 'approvals', min: 0, max: 10, step: 1, required: true, size: 3, value: policy?.approvals ?? 0 });
  const self = h('input', { type: 'checkbox', name: 'selfApproval', checked: policy?.selfApproval ? true : null });
  return h('details', { class: 'policy-form' }, h('summary', {}, 'Set the review policy (admin)'),
    h('form', { onsubmit: async (event) => {
      event.preventDefault();
      replace(status, 'Working…');
      try {
        await api(paths.policy(name), { method: 'PUT', json: { approvals: Number(approvals.value), selfApproval: self.checked } });
        await reload();
      } catch (error) { replace(status, problemView(error)); }
    } }, h('fieldset', {}, h('legend', {}, `Review policy of ${name}`),
      field('Approvals required', approvals, '0 lifts the policy; up to 10.'),
      h('label', { class: 'check' }, self, ' the author’s own approval counts'),
      h('button', { type: 'submit' }, 'Set the policy'))),
    status);
}

/**
 * The channel's review box: its policy, its open requests, the admin's form and, while the policy
 * asks for review, the message every request button of the card sends. `review`: what
 * `channelReview` read (or `{error}`); `notice`: a direct change just refused with
 * `approval-required`, shown here with the way forward. Returns `{element, request}`:
 * `request(change)` opens a change request proposing `change` (a `PUT /v1/channels/{c}` or
 * schedule body) and shows it, or null when the channel takes direct changes.
 */
export function reviewBox(name, review, notice, reload, app) {
  if (review.error) return { element: h('div', { class: 'policy' }, problemView(review.error)), request: null };
  const { policy, open } = review;
  const reviewed = requiresReview(policy);
  const message = reviewed ? h('input', { type: 'text', name: 'message', size: 40, autocomplete: 'off', placeholder: 'What the change is for' }) : null;
  const element = h('div', { class: reviewed ? 'policy reviewed' : 'policy' },
    h('p', {}, policySentence(policy), policy?.updatedBy ? [' ', h('span', { class: 'hint' }, `Set by ${policy.updatedBy} `, time(policy.updatedAt), '.')] : null),
    open.length ? h('p', {}, h('a', { href: `#/requests?in=${encodeURIComponent(name)}` },
      `${open.length} change request${open.length === 1 ? '' : 's'} open or approved`)) : null,
    notice ? h('div', { class: 'turned-away' }, problemView(notice),
      h('p', {}, 'This channel’s changes are now change requests: write what the change is for below and use the request buttons.')) : null,
    reviewed ? field('Message of the change request', message, 'Every “Request …” button of this channel sends it; reviewers read it first.') : null,
    policyForm(name, policy, reload));
  if (!reviewed) return { element, request: null };
  return {
    element,
    async request(change) {
      const text = message.value.trim();
      if (!text) {
        message.focus();
        throw new ProblemError(0, { title: 'A message is needed', detail: 'Say what the change is for in “Message of the change request”: reviewers read it first.' });
      }
      const opened = await api(paths.changeRequests(name), { method: 'POST', json: { message: text, change } });
      app.announce(`Change request ${opened.id} opened on ${name}`);
      app.go('requests', { channel: name, id: opened.id });
    },
  };
}

/** The change that returns the channel to history entry `n` as a rollback would: its target,
 * rollout and every builds entry (read whole: the channel's answer shows at most five). */
export async function returnTo(name, n) {
  const entry = await api(paths.historyEntry(name, n));
  return { skin: entry.skin, version: entry.version ?? null, rollout: entry.rollout ?? null, builds: entry.builds || [] };
}
