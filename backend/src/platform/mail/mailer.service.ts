import { Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { AppConfig } from '../config/app-config';
import type { SendEmailPayload } from './jobs/send-email.job';

/** A single address: no lists, no header injection. */
const SINGLE_ADDRESS = /^[^\s@,;<>"]+@[^\s@,;<>"]+$/;

export function isSingleAddress(value: unknown): value is string {
  return typeof value === 'string' && value.length <= 254 && SINGLE_ADDRESS.test(value);
}

/** Talks SMTP. Only the `send-email` job calls it, so every e-mail is retried and never blocks a request. */
@Injectable()
export class MailerService implements OnApplicationShutdown {
  private readonly transport: Transporter;

  constructor(private readonly config: AppConfig) {
    this.transport = createTransport(config.smtpUrl);
  }

  async send(message: SendEmailPayload): Promise<{ messageId: string }> {
    if (!isSingleAddress(message.to))
      throw new Error('An e-mail goes to exactly one valid address');
    const info = await this.transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      replyTo: message.replyTo,
      subject: message.subject,
      text: message.text,
      html: message.html,
      // e.g. List-Unsubscribe (RFC 2369) and List-Unsubscribe-Post (RFC 8058).
      ...(message.headers && { headers: message.headers }),
    });
    return { messageId: info.messageId };
  }

  onApplicationShutdown() {
    this.transport.close();
  }
}
