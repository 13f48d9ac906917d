import type { EmailContent } from '../../../platform/mail/email-layout';
import { EMAIL_VERIFICATION_TTL_HOURS, PASSWORD_RESET_TTL_MINUTES } from '../identity.constants';

/** The e-mails the identity module sends, in the house style (rendered by MailService). */
export const IdentityEmails = {
  verifyEmail(link: string): EmailContent {
    return {
      subject: 'Confirm your e-mail address',
      preheader: 'One click and your Plantfolk account is ready.',
      heading: 'Welcome to Plantfolk!',
      paragraphs: [
        'Please confirm that this is your e-mail address, so we can keep your account safe.',
      ],
      action: { label: 'Confirm my e-mail address', url: link },
      footnote: `This link works once and expires in ${EMAIL_VERIFICATION_TTL_HOURS} hours. If you did not sign up, you can ignore this e-mail.`,
    };
  },

  resetPassword(link: string): EmailContent {
    return {
      subject: 'Reset your Plantfolk password',
      preheader: 'Choose a new password for your account.',
      heading: 'Reset your password',
      paragraphs: [
        'Someone (hopefully you) asked to reset the password of your Plantfolk account.',
      ],
      action: { label: 'Choose a new password', url: link },
      footnote: `This link works once and expires in ${PASSWORD_RESET_TTL_MINUTES} minutes. If you did not ask for it, ignore this e-mail: your password stays as it is.`,
    };
  },

  /**
   * Sign-up answers alike for a new and a taken address (no account enumeration), so the owner of
   * a taken one hears about the attempt here. No token: the links lead to the login and reset forms.
   */
  signUpAttempt(loginLink: string, resetLink: string): EmailContent {
    return {
      subject: 'Someone tried to sign up with your e-mail address',
      preheader: 'You already have a Plantfolk account.',
      heading: 'You already have an account',
      paragraphs: [
        'Someone (hopefully you) just tried to create a Plantfolk account with this e-mail address. It already belongs to your account, so nothing was created and nothing changed.',
        'If it was you, log in instead.',
        `Forgot your password? Choose a new one at ${resetLink}`,
      ],
      action: { label: 'Log in to Plantfolk', url: loginLink },
      footnote: 'If it was not you, you can ignore this e-mail: your account stays as it is.',
    };
  },

  newVerifiedUser(email: string, adminLink: string): EmailContent {
    return {
      subject: 'A new member verified their e-mail',
      heading: 'New verified member',
      paragraphs: [`${email} has confirmed their e-mail address and can now choose a username.`],
      action: { label: 'Open the member lists', url: adminLink },
    };
  },

  accountDeleted(): EmailContent {
    return {
      subject: 'Your Plantfolk account has been deleted',
      heading: 'Your account is deleted',
      paragraphs: [
        'Your Plantfolk account and the content tied to it have been deleted, as you asked.',
        'Thank you for the time you spent with us. You are welcome back any time.',
      ],
    };
  },
};
