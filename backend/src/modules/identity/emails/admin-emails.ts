import type { EmailContent } from '../../../platform/mail/email-layout';

/** What an e-mail may say of a member: public names only, never a token or a code. */
export interface EmailedMember {
  username: string | null;
  displayName: string | null;
}

/**
 * The notice an admin sends a member before deleting their account (emails/account-deletion);
 * emails/admin/new-verified-user re-sends IdentityEmails.newVerifiedUser, the e-mail verifying an
 * address sends the admins by itself.
 */
export const AdminEmails = {
  /** To the member: their account is being deleted, with everything it holds. */
  accountDeletion(member: EmailedMember): EmailContent {
    return {
      subject: 'Your Plantfolk account is being deleted',
      preheader: 'Your account and what it holds will be removed.',
      heading: 'Your account is being deleted',
      paragraphs: [
        `Hello ${member.displayName ?? member.username ?? 'there'}, this confirms that your Plantfolk account is being deleted.`,
        'Your profile, posts, plants, conversations and photos will be removed, and you will no longer be able to log in.',
      ],
      footnote: 'If you did not expect this, contact the site’s admins as soon as you can.',
    };
  },
};
