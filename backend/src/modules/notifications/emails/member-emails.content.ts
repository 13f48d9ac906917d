import type { EmailContent } from '../../../platform/mail/email-layout';
import type { EmailKind } from '../../identity';

/** One thing an e-mail tells of, described (MemberEmails builds these from the items). */
export interface TellableItem {
  kind: EmailKind;
  /** One sentence: "Ana commented on your post". */
  sentence: string;
  /** Absolute link to it in the web app. */
  url: string;
}

/** What an unsubscribe link turns off: one kind, or every kind the digest covers. */
export type UnsubscribeScope = EmailKind | 'digest';

export interface Unsubscribe {
  scope: UnsubscribeScope;
  url: string;
}

const KIND_NAMES: Record<EmailKind, string> = {
  messages: 'new messages',
  comments: 'comments and reactions',
  events: 'events',
};

/** Most lines a digest lists; the rest are counted ("and 12 more"). */
export const DIGEST_MAX_LINES = 30;

export const MemberEmailContent = {
  /** One thing, sent when it happens. */
  single(item: TellableItem, unsubscribe: Unsubscribe, settingsUrl: string): EmailContent {
    const kind = KIND_NAMES[item.kind];
    return {
      subject: item.sentence,
      preheader: `${item.sentence} on Plantfolk.`,
      heading: item.sentence,
      paragraphs: ['Open Plantfolk to see it and answer.'],
      action: { label: 'Open Plantfolk', url: item.url },
      footnote: `You can choose how often Plantfolk e-mails you in your settings: ${settingsUrl}`,
      unsubscribe: {
        reason: `You get this e-mail because you asked to hear about ${kind} at once.`,
        label: `Stop e-mails about ${kind}`,
        url: unsubscribe.url,
      },
    };
  },

  /** A day's digest: one line per thing, oldest first; its link stops the digest. */
  digest(
    items: readonly TellableItem[],
    unsubscribe: Unsubscribe,
    settingsUrl: string,
    homeUrl: string,
  ): EmailContent {
    const shown = items.slice(-DIGEST_MAX_LINES);
    const more = items.length - shown.length;
    const subject =
      items.length === 1
        ? `Your day on Plantfolk: ${items[0].sentence}`
        : `Your day on Plantfolk: ${items.length} new things`;
    return {
      subject,
      preheader: items[0].sentence,
      heading: 'What happened on Plantfolk',
      paragraphs: [
        ...(more > 0 ? [`And ${more} earlier ${more === 1 ? 'thing' : 'things'}.`] : []),
        ...shown.map((item) => `• ${item.sentence}: ${item.url}`),
      ],
      action: { label: 'Open Plantfolk', url: homeUrl },
      footnote: `This is your daily digest. Choose what it covers, or turn it off, in your settings: ${settingsUrl}`,
      unsubscribe: {
        reason: `You get this digest because you asked for a daily e-mail about ${[
          ...new Set(items.map((item) => KIND_NAMES[item.kind])),
        ].join(', ')}.`,
        label: 'Stop the daily digest',
        url: unsubscribe.url,
      },
    };
  },
};
