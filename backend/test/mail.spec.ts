import { MailService } from '../src/platform/mail/mail.service';
import { JobQueue } from '../src/platform/queues/job-queue.service';
import type { SendEmailPayload } from '../src/platform/mail/jobs/send-email.job';
import { mailTo, testSmtpUrl, uniqueAddress } from './support/mailbox';
import { eventually, startTestApp, type TestApp } from './support/test-app';

describe('mail', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      env: {
        WORKERS: 'inline',
        SMTP_URL: testSmtpUrl(),
        MAIL_FROM: 'Plantfolk <hello@plantfolk.test>',
      },
    });
  });
  afterAll(() => t.close());

  it('sends an HTML and text e-mail over SMTP through the email queue', async () => {
    const to = uniqueAddress();
    await t.app.get(MailService).queue(to, {
      subject: 'Welcome to Plantfolk',
      heading: 'Welcome!',
      paragraphs: ['Your monstera will love it here.'],
      action: { label: 'Open Plantfolk', url: t.app.get(MailService).link('/welcome') },
    });
    const [mail] = await eventually(async () => {
      const messages = await mailTo(to);
      expect(messages).toHaveLength(1);
      return messages;
    });
    expect(mail.subject).toBe('Welcome to Plantfolk');
    expect(mail.from).toContain('hello@plantfolk.test');
    expect(mail.text).toContain('Open Plantfolk: http://localhost:3000/welcome');
    expect(mail.html).toContain('href="http://localhost:3000/welcome"');
  });

  it('sends the e-mail of a committed transaction', async () => {
    const to = uniqueAddress();
    await t.dataSource.transaction((manager) =>
      t.app
        .get(MailService)
        .queue(to, { subject: 'After commit', heading: 'Done', paragraphs: ['ok'] }, manager),
    );
    await eventually(async () => expect(await mailTo(to)).toHaveLength(1));
  });

  it('fails a job addressed to several recipients at once, without retrying or sending', async () => {
    const first = uniqueAddress();
    const second = uniqueAddress();
    const payload = {
      to: [first, second],
      subject: 's',
      html: '<p>x</p>',
      text: 'x',
    } as unknown as SendEmailPayload;
    const id = await t.app.get(JobQueue).add('email', 'send-email', payload);
    const job = await eventually(async () => {
      const found = await t.app
        .get(JobQueue)
        .queue('email')
        .getJob(id as string);
      expect(found?.finishedOn).toBeDefined();
      return found;
    });
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsMade).toBe(1);
    expect(job?.failedReason).toBe('An e-mail goes to exactly one valid address');
    expect(await mailTo(first)).toEqual([]);
    expect(await mailTo(second)).toEqual([]);
  });
});
