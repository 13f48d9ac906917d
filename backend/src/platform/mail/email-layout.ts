/**
 * The house style of every e-mail: one HTML layout and its plain-text twin. Modules compose their
 * templates from these parts; values are escaped here, so templates cannot inject markup.
 */
export interface EmailContent {
  subject: string;
  /** Shown by mail clients next to the subject. */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Small print under the action, e.g. "This link expires in one hour." */
  footnote?: string;
  /** Why the recipient gets it and how to stop it: a small link under the card. */
  unsubscribe?: { reason: string; label: string; url: string };
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

const GREEN = '#16a34a';
const INK = '#111827';
const MUTED = '#6b7280';

export function renderEmail(content: EmailContent, siteUrl: string): RenderedEmail {
  const action = content.action
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.action.url)}" style="background:${GREEN};color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600;display:inline-block">${escapeHtml(content.action.label)}</a></p>
<p style="color:${MUTED};font-size:13px">If the button does not work, copy this address into your browser:<br><span style="word-break:break-all">${escapeHtml(content.action.url)}</span></p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f9fafb;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:${INK}">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader ?? '')}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:560px;background:#ffffff;border:1px solid #e5e7eb;border-radius:12px" cellpadding="0" cellspacing="0"><tr><td style="padding:32px">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:${GREEN}">Plantfolk</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(content.heading)}</h1>
${content.paragraphs.map((paragraph) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(paragraph)}</p>`).join('\n')}
${action}
${content.footnote ? `<p style="color:${MUTED};font-size:13px;margin-top:24px">${escapeHtml(content.footnote)}</p>` : ''}
</td></tr></table>
${content.unsubscribe ? `<p style="color:${MUTED};font-size:12px;margin-top:16px">${escapeHtml(content.unsubscribe.reason)} <a href="${escapeHtml(content.unsubscribe.url)}" style="color:${MUTED}">${escapeHtml(content.unsubscribe.label)}</a></p>\n` : ''}<p style="color:${MUTED};font-size:12px;margin-top:16px"><a href="${escapeHtml(siteUrl)}" style="color:${MUTED}">${escapeHtml(siteUrl)}</a></p>
</td></tr></table></body></html>`;

  const text = [
    content.heading,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ''] : []),
    ...(content.footnote ? [content.footnote, ''] : []),
    ...(content.unsubscribe
      ? [
          `${content.unsubscribe.reason} ${content.unsubscribe.label}: ${content.unsubscribe.url}`,
          '',
        ]
      : []),
    `Plantfolk: ${siteUrl}`,
  ].join('\n');

  return { subject: content.subject, html, text };
}
