import { escapeHtml } from '../../../platform/mail/email-layout';
import type { UnsubscribeScope } from './member-emails.content';

const WHAT: Record<UnsubscribeScope, string> = {
  messages: 'e-mails about new messages',
  comments: 'e-mails about comments and reactions',
  events: 'e-mails about events',
  digest: 'the daily digest',
};

/**
 * The small HTML pages of the unsubscribe link, for a person who opens it from an e-mail (mail
 * providers' one-click POSTs read only the status). Plain HTML, no script, light and dark.
 */
function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer">
<title>${escapeHtml(title)} · Plantfolk</title>
<style>
:root{color-scheme:light dark;--bg:#f9fafb;--card:#fff;--ink:#111827;--muted:#4b5563;--line:#e5e7eb;--green:#15803d}
@media (prefers-color-scheme:dark){:root{--bg:#111827;--card:#1f2937;--ink:#f9fafb;--muted:#d1d5db;--line:#374151;--green:#4ade80}}
body{margin:0;background:var(--bg);color:var(--ink);font:16px/1.5 -apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif}
main{max-width:32rem;margin:2rem auto;padding:1.5rem;background:var(--card);border:1px solid var(--line);border-radius:12px}
@media (max-width:40rem){main{margin:1rem}}
.brand{margin:0 0 1rem;font-weight:700;color:var(--green)}
h1{font-size:1.375rem;margin:0 0 .75rem}
p{margin:0 0 1rem;color:var(--muted)}
button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border:0;border-radius:8px;background:#15803d;color:#fff;cursor:pointer;min-height:44px}
button:focus-visible,a:focus-visible{outline:3px solid var(--green);outline-offset:2px}
a{color:var(--green)}
</style></head>
<body><main><p class="brand">Plantfolk</p>${body}</main></body></html>`;
}

export const UnsubscribePages = {
  /** What a valid link shows: one button; nothing changes until it is pressed. */
  confirm(scope: UnsubscribeScope, settingsUrl: string): string {
    return page(
      'Unsubscribe',
      `<h1>Stop ${escapeHtml(WHAT[scope])}?</h1>
<p>Plantfolk will stop sending you ${escapeHtml(WHAT[scope])}. You can turn them back on in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>
<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>`,
    );
  },

  done(scope: UnsubscribeScope, settingsUrl: string): string {
    return page(
      'Unsubscribed',
      `<h1 role="status">You are unsubscribed</h1>
<p>You will get no more ${escapeHtml(WHAT[scope])}. Changed your mind? Choose again in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>`,
    );
  },

  invalid(homeUrl: string): string {
    return page(
      'Link not valid',
      `<h1>This link is not valid</h1>
<p>It may have been cut short when it was copied. You can choose which e-mails you get in your settings on <a href="${escapeHtml(homeUrl)}">Plantfolk</a>.</p>`,
    );
  },
};
