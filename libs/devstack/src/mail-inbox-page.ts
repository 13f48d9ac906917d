import type { CaughtMail, CaughtText, MailSummary } from './mail-catcher.js';

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const styles = `
  :root { color-scheme: light dark; --green: #2f9e44; --grey: #868e96; --line: #dee2e6; }
  body { font: 15px/1.5 system-ui, sans-serif; margin: 0; }
  header { display: flex; align-items: center; gap: 1rem; padding: .75rem 1.5rem; background: var(--green); color: #fff; }
  header h1 { font-size: 1.1rem; margin: 0; flex: 1; }
  header a, header button { color: #fff; }
  header button { background: transparent; border: 1px solid #fff; border-radius: 4px; padding: .25rem .75rem; cursor: pointer; }
  main { padding: 1rem 1.5rem; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: .5rem; border-bottom: 1px solid var(--line); vertical-align: top; }
  th { color: var(--grey); font-weight: 600; font-size: .85rem; }
  td a { color: inherit; text-decoration: none; font-weight: 600; }
  td a:hover { text-decoration: underline; }
  .muted { color: var(--grey); }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: .25rem 1rem; }
  dt { color: var(--grey); }
  dd { margin: 0; }
  pre { white-space: pre-wrap; word-break: break-word; background: rgba(134,142,150,.12); padding: 1rem; border-radius: 4px; }
  iframe { width: 100%; min-height: 60vh; border: 1px solid var(--line); border-radius: 4px; background: #fff; }
  h2 { font-size: 1.2rem; }
`;

function layout(title: string, body: string, refreshSeconds?: number): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${refreshSeconds ? `<meta http-equiv="refresh" content="${refreshSeconds}">` : ''}
<title>${escapeHtml(title)}</title>
<style>${styles}</style>
</head>
<body>
<header>
  <h1><a href="/" style="text-decoration:none">Plantfolk mail and SMS catcher</a></h1>
  <form method="post" action="/messages/delete-all"><button type="submit">Delete all</button></form>
</header>
<main>${body}</main>
</body>
</html>`;
}

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { hour12: false });
}

function renderTexts(texts: CaughtText[]): string {
  if (texts.length === 0) {
    return `<h2>Text messages</h2>
<p class="muted">No text messages yet. The API's SMS (phone number checks) show up here.</p>`;
  }
  const rows = texts
    .map(
      (sms) => `<tr>
  <td>${escapeHtml(sms.text)}</td>
  <td>${escapeHtml(sms.to)}</td>
  <td>${escapeHtml(sms.from)}</td>
  <td class="muted">${escapeHtml(formatDate(sms.receivedAt))}</td>
</tr>`,
    )
    .join('\n');
  return `<h2>Text messages</h2>
<table>
<thead><tr><th>Text</th><th>To</th><th>From</th><th>Received</th></tr></thead>
<tbody>${rows}</tbody>
</table>`;
}

export function renderInbox(
  messages: MailSummary[],
  smtpPort: number,
  texts: CaughtText[] = [],
): string {
  const note = '<p class="muted">This page refreshes every 5 seconds.</p>';
  if (messages.length === 0) {
    return layout(
      'Inbox (empty)',
      `<h2>E-mail</h2>
<p>No messages yet. Everything the app sends to SMTP port ${smtpPort} shows up here.</p>
${renderTexts(texts)}
${note}`,
      5,
    );
  }
  const rows = messages
    .map(
      (mail) => `<tr>
  <td><a href="/messages/${encodeURIComponent(mail.id)}">${escapeHtml(mail.subject || '(no subject)')}</a></td>
  <td>${escapeHtml(mail.to.join(', '))}</td>
  <td>${escapeHtml(mail.from)}</td>
  <td class="muted">${escapeHtml(formatDate(mail.date))}</td>
</tr>`,
    )
    .join('\n');
  return layout(
    `Inbox (${messages.length})`,
    `<h2>E-mail</h2>
<table>
<thead><tr><th>Subject</th><th>To</th><th>From</th><th>Date</th></tr></thead>
<tbody>${rows}</tbody>
</table>
<p class="muted">${messages.length} message${messages.length === 1 ? '' : 's'}, newest first.</p>
${renderTexts(texts)}
${note}`,
    5,
  );
}

export function renderMessage(mail: CaughtMail | undefined): string {
  if (!mail) {
    return layout(
      'Message not found',
      '<p>This message does not exist (any more). <a href="/">Back to the inbox</a></p>',
    );
  }
  const html = mail.html
    ? `<h2>HTML</h2>
<iframe sandbox title="HTML body" srcdoc="${escapeHtml(mail.html)}"></iframe>`
    : '';
  const text = mail.text ? `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>` : '';
  return layout(
    mail.subject || '(no subject)',
    `<p><a href="/">← Inbox</a></p>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<dl>
  <dt>From</dt><dd>${escapeHtml(mail.from)}</dd>
  <dt>To</dt><dd>${escapeHtml(mail.to.join(', '))}</dd>
  ${mail.cc.length ? `<dt>Cc</dt><dd>${escapeHtml(mail.cc.join(', '))}</dd>` : ''}
  <dt>Envelope</dt><dd>${escapeHtml(mail.envelope.from || '<>')} → ${escapeHtml(mail.envelope.to.join(', '))}</dd>
  <dt>Date</dt><dd>${escapeHtml(formatDate(mail.date))}</dd>
  <dt>Source</dt><dd><a href="/messages/${encodeURIComponent(mail.id)}/raw">raw message</a></dd>
</dl>
${html}
${text || (html ? '' : '<p class="muted">(empty body)</p>')}`,
  );
}
