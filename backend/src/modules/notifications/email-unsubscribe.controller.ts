import { Controller, Get, Post, Query, Res } from '@nestjs/common';
import { ApiExcludeEndpoint } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { AcceptsFormPost } from '../../platform/http/body-parsers';
import { RawResponse } from '../../platform/http/raw-response.decorator';
import { MailService } from '../../platform/mail/mail.service';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { UnsubscribePages } from './emails/unsubscribe-page';
import { MemberEmails } from './member-emails.service';

/**
 * Generous: one-click POSTs come from mail providers' servers, many members' from one address;
 * the token cannot be guessed, so the limit only bounds a flood.
 */
const UNSUBSCRIBE_LIMIT = [{ by: 'ip', limit: 1000, windowSeconds: 600 }] as const;

function html(reply: FastifyReply, status: number, body: string) {
  return reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

/**
 * The unsubscribe link of member e-mails (MemberEmails), public: the signed token in the query is
 * the proof, so it works without logging in (and acts on no cookie or session). GET shows a
 * button and changes nothing (link scanners open links); POST turns the kind off — what the
 * button sends, and what mail providers send for RFC 8058 one-click
 * (`List-Unsubscribe=One-Click`, urlencoded). Not part of the app's API (no OpenAPI entry).
 */
@Controller('api/iam/notifications/email-unsubscribe')
export class EmailUnsubscribeController {
  constructor(
    private readonly emails: MemberEmails,
    private readonly mail: MailService,
  ) {}

  @Get()
  @Access('none')
  @RawResponse()
  @RateLimit('email-unsubscribe', UNSUBSCRIBE_LIMIT)
  @ApiExcludeEndpoint()
  page(@Query('token') token: unknown, @Res() reply: FastifyReply) {
    const scope = this.emails.unsubscribeScopeOf(token);
    return scope
      ? html(reply, 200, UnsubscribePages.confirm(scope, this.settingsUrl()))
      : html(reply, 404, UnsubscribePages.invalid(this.mail.link('/')));
  }

  @Post()
  @Access('none')
  @RawResponse()
  @AcceptsFormPost()
  @RateLimit('email-unsubscribe', UNSUBSCRIBE_LIMIT)
  @ApiExcludeEndpoint()
  async unsubscribe(@Query('token') token: unknown, @Res() reply: FastifyReply) {
    const done = await this.emails.unsubscribe(token);
    return done
      ? html(reply, 200, UnsubscribePages.done(done.scope, this.settingsUrl()))
      : html(reply, 404, UnsubscribePages.invalid(this.mail.link('/')));
  }

  private settingsUrl() {
    return this.mail.link('/settings#email-notifications');
  }
}
