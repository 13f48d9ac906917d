import type { EmailContent } from '../../platform/mail/email-layout';

/** The e-mails the pages module sends, in the house style (rendered by MailService). */
export const PageEmails = {
  /** To each admin when a page is made: no secret, only what anyone may see of the page. */
  newPage(page: { name: string; handle: string }, pageLink: string): EmailContent {
    return {
      subject: `A new page: ${page.name}`,
      preheader: `@${page.handle} was just created on Plantfolk.`,
      heading: 'A new page was created',
      paragraphs: [`“${page.name}” (@${page.handle}) is a new page on Plantfolk.`],
      action: { label: 'Open the page', url: pageLink },
    };
  },
};
