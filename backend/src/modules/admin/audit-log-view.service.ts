import { Injectable } from '@nestjs/common';
import { AuditLogService } from '../../platform/audit/audit-log.service';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { decodeCursor, parseTake } from '../../platform/paging/paging';
import { MembersService } from '../identity';
import type { AuditPageDto } from './dto/audit-log.dto';

const ACTION = /^[a-z0-9.-]{1,64}$/;

/** The audit log as admins read it: each entry with the username of whoever did it. */
@Injectable()
export class AuditLogViewService {
  constructor(
    private readonly audit: AuditLogService,
    private readonly members: MembersService,
  ) {}

  async list(cursor: unknown, take: unknown, action: unknown): Promise<AuditPageDto> {
    if (
      action !== undefined &&
      action !== '' &&
      (typeof action !== 'string' || !ACTION.test(action))
    )
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'action', messages: ['action must be like site-setting.update'] },
      ]);
    const page = await this.audit.list({
      cursorId: decodeCursor('created_at', cursor),
      limit: parseTake(take),
      action: (action as string | undefined) || null,
    });
    const actorIds = [...new Set(page.items.flatMap((entry) => entry.actorId ?? []))];
    const actors = actorIds.length ? await this.members.summariesByIds(actorIds) : [];
    const usernames = new Map(actors.map((actor) => [actor.uuid, actor.username]));
    return {
      items: page.items.map((entry) => ({
        ...entry,
        actorUsername: entry.actorId ? (usernames.get(entry.actorId) ?? null) : null,
      })),
      next_cursor: page.next_cursor,
    };
  }
}
