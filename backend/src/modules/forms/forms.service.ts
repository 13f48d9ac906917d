import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { Caller } from '../../platform/access/access-policy';
import type { Member } from '../../platform/access/current-caller.decorator';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { AppConfig } from '../../platform/config/app-config';
import { Sql } from '../../platform/database/sql';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { isUuid } from '../../platform/ids/uuid';
import { type Cursor, encodeCursor } from '../../platform/paging/paging';
import { MembersService } from '../identity';
import type {
  FormEntryDto,
  FormEntryPageDto,
  FormEntryReceiptDto,
  FormRulesDto,
} from './dto/forms.dto';
import {
  FORM_KINDS,
  FORM_SUBJECT_MAX,
  FORM_TEXT_MAX,
  FORM_TEXT_MIN,
  type FormKind,
} from './entities/form-entry.entity';
import { checkFormToken, signFormToken } from './form-token';
import { FormsErrors } from './forms.errors';
import * as forms from './forms.queries';
import type { FormEntryRow } from './forms.queries';

export const FORM_ENTRIES_PAGE = 20;

export interface NewFormEntryInput {
  kind: FormKind;
  subject: string;
  text: string;
  replyEmail?: string;
  form_token: string;
}

/**
 * Contact and feedback entries (spec: Form entry). Anyone may write one (members and guests; a
 * guest must leave a reply address, a member may, else the admins answer them at their account's
 * address). `GET forms/validate` hands out the form's rules and a signed form token, which the
 * entry must carry between 3 s and 2 h later: a bot that posts blindly, or at once, is refused,
 * and a guest's post proves it came from our form. Entries are rate-limited per member and per
 * address; admins list them newest first and mark them handled (audited).
 */
@Injectable()
export class FormsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly config: AppConfig,
    private readonly members: MembersService,
    private readonly auditLog: AuditLogService,
  ) {}

  rules(caller: Caller, nowMs = Date.now()): FormRulesDto {
    return {
      kinds: [...FORM_KINDS],
      subject_max: FORM_SUBJECT_MAX,
      text_min: FORM_TEXT_MIN,
      text_max: FORM_TEXT_MAX,
      reply_email_required: caller.kind !== 'user',
      form_token: signFormToken(this.config.jwtSecret, nowMs),
    };
  }

  async submit(caller: Caller, input: NewFormEntryInput): Promise<FormEntryReceiptDto> {
    const verdict = checkFormToken(this.config.jwtSecret, input.form_token, Date.now());
    if (verdict === 'invalid') throw FormsErrors.FORM_TOKEN_INVALID();
    if (verdict === 'too-quick') throw FormsErrors.FORM_TOO_QUICK();
    const replyEmail = input.replyEmail?.trim().toLowerCase() || null;
    const userId = caller.kind === 'user' ? caller.userId : null;
    if (!userId && !replyEmail) throw FormsErrors.REPLY_EMAIL_REQUIRED();
    const subject = input.subject.trim();
    const text = input.text.trim();
    if (!subject) invalid('subject', 'subject must not be blank');
    if ([...text].length < FORM_TEXT_MIN)
      invalid('text', `text must be at least ${FORM_TEXT_MIN} characters long`);
    const row = await forms.insertEntry(this.sql, {
      kind: input.kind,
      subject,
      text,
      replyEmail,
      userId,
    });
    return { id: row.id, kind: row.kind, created_at: row.created_at.toISOString() };
  }

  async list(after: Cursor | null): Promise<FormEntryPageDto> {
    const rows = await forms.entries(this.sql, after, FORM_ENTRIES_PAGE + 1);
    const page = rows.slice(0, FORM_ENTRIES_PAGE);
    const last = page[page.length - 1];
    return {
      items: await this.views(page),
      next_cursor:
        rows.length > FORM_ENTRIES_PAGE && last
          ? encodeCursor('created_at', { at: last.cursor_at, id: last.id })
          : null,
    };
  }

  /** An admin marks an entry handled (or open again); audited. */
  async markHandled(admin: Member, id: string, handled: boolean): Promise<FormEntryDto> {
    if (!isUuid(id)) throw FormsErrors.FORM_ENTRY_NOT_FOUND();
    const entryId = id.toLowerCase();
    const row = await this.dataSource.transaction(async (manager) => {
      const before = await forms.entryById(manager, entryId, true);
      if (!before) throw FormsErrors.FORM_ENTRY_NOT_FOUND();
      const after = await forms.setHandled(manager, entryId, handled ? admin.userId : null);
      if (!after) throw FormsErrors.FORM_ENTRY_NOT_FOUND();
      await this.audit(manager, admin, before, after);
      return after;
    });
    return (await this.views([row]))[0];
  }

  private async views(rows: readonly FormEntryRow[]): Promise<FormEntryDto[]> {
    const authorIds = rows.flatMap((row) => (row.user_id ? [row.user_id] : []));
    const authors = new Map(
      (await this.members.summariesByIds(authorIds)).map((summary) => [summary.uuid, summary]),
    );
    return rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      subject: row.subject,
      text: row.text,
      reply_email: row.reply_email,
      author: row.user_id ? (authors.get(row.user_id) ?? null) : null,
      created_at: row.created_at.toISOString(),
      handled_at: row.handled_at ? row.handled_at.toISOString() : null,
      handled_by: row.handled_by,
    }));
  }

  private audit(
    manager: EntityManager,
    admin: Member,
    before: FormEntryRow,
    after: FormEntryRow,
  ): Promise<void> {
    return this.auditLog.record(
      {
        actorId: admin.userId,
        action: after.handled_at ? 'form-entry.handle' : 'form-entry.reopen',
        targetType: 'form-entry',
        targetId: after.id,
        before: { handled_at: before.handled_at?.toISOString() ?? null },
        after: { handled_at: after.handled_at?.toISOString() ?? null },
      },
      manager,
    );
  }
}

function invalid(field: string, message: string): never {
  throw PlatformErrors.VALIDATION_FAILED([{ field, messages: [message] }]);
}
