import { Injectable } from '@nestjs/common';
import { Sql } from '../../platform/database/sql';
import { isUuid } from '../../platform/ids/uuid';
import type { EventPrivacy } from './entities/event.entity';
import * as events from './events.queries';

/** What another module (invites) needs of an event: its address, its title and who made it. */
export interface EventSummary {
  id: string;
  randomId: string;
  title: string;
  creatorId: string;
  privacy: EventPrivacy;
}

/** Read-only look-ups of events for the modules above events, without their tables. */
@Injectable()
export class EventDirectory {
  constructor(private readonly sql: Sql) {}

  /** The events with these ids (malformed ids and events that are gone are left out). */
  async summaries(eventIds: readonly string[]): Promise<EventSummary[]> {
    const ids = [...new Set(eventIds.filter(isUuid).map((id) => id.toLowerCase()))];
    if (!ids.length) return [];
    const rows = await events.eventsByIds(this.sql, ids);
    if (!rows.length) return [];
    const titles = new Map<string, string>();
    for (const template of await events.templatesOf(
      this.sql,
      rows.map((row) => row.id),
    ))
      if (!titles.has(template.event_id)) titles.set(template.event_id, template.title);
    return rows.map((row) => ({
      id: row.id,
      randomId: row.random_id,
      title: titles.get(row.id) ?? '',
      creatorId: row.creator_id,
      privacy: row.privacy,
    }));
  }
}
