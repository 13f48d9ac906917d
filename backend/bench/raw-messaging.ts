/**
 * The raw baseline's messaging and notifications routes (raw-baseline.ts): MessagingService's and
 * NotificationsService's steps in plain code over the modules' own query functions
 * (messaging.queries, handles.queries, members.queries, pages.queries, notifications.queries,
 * member-emails.queries, user-settings.queries), the same JSON as the API.
 * - Reads (a conversation page, both unread tallies) send the very statements the API sends, in
 *   the same order, and build the same views.
 * - A message is the minimal SQL for the same change: one statement that checks the caller is in
 *   the conversation and the other side may receive, inserts the message and moves the
 *   conversation and every participant's counters (answering the sender's summary), then the
 *   recipient's e-mail item as MemberEmails records it (their e-mail mode, the item and its job).
 *   No live push (the API's RealtimePublisher and tally pushes are its own work).
 * - A site announcement is stored and fanned out in the request, in the API's batches
 *   (registeredMemberIds + insertAnnouncementBatch), before the answer.
 */
import type { Caller } from '../src/platform/access/access-policy';
import type { SqlRunner } from '../src/platform/database/sql-runner';
import { cursorTimeSql, decodeCursor, encodeCursor } from '../src/platform/paging/paging';
import { PlatformErrors } from '../src/platform/http/platform.errors';
import * as q from '../src/modules/messaging/messaging.queries';
import { MessagingErrors } from '../src/modules/messaging/messaging.errors';
import type {
  ConversationView,
  MessageView,
  MessagingPageView,
  WriteBlock,
} from '../src/modules/messaging/messaging.service';
import { handleOwners, memberStandings } from '../src/modules/identity/handles.queries';
import * as members from '../src/modules/identity/members.queries';
import type { UserSummary } from '../src/modules/identity';
import { emailRecipientsByIds } from '../src/modules/identity/user-settings.queries';
import { pagesByIds, settingsOfPages } from '../src/modules/pages/pages.queries';
import * as notices from '../src/modules/notifications/notifications.queries';
import { insertItem } from '../src/modules/notifications/member-emails.queries';
import { ANNOUNCE_BATCH, UNREAD_CAP } from '../src/modules/notifications/notifications.service';

type Member = Caller & { kind: 'user' };

const HANDLE = /^[a-z0-9_]{3,30}$/;
const normal = (raw: unknown) => (typeof raw === 'string' ? raw.trim().toLowerCase() : '');
const isoOf = (at: string) => new Date(at).toISOString();
const userPairKey = (one: string, other: string) =>
  one < other ? `u:${one}:${other}` : `u:${other}:${one}`;
const pagePairKey = (pageId: string, memberId: string) => `p:${pageId}:${memberId}`;

interface RawPage extends MessagingPageView {
  ownerId: string;
  allowMessages: boolean;
}

export function rawMessaging(db: SqlRunner) {
  /** PagesService.messageablePages: the pages with their owner and whether they take messages. */
  async function messageablePages(ids: string[]): Promise<RawPage[]> {
    const unique = [...new Set(ids)];
    if (!unique.length) return [];
    const rows = await pagesByIds(db, unique);
    const settings = await settingsOfPages(
      db,
      rows.map((row) => row.id),
    );
    const closed = new Set(settings.filter((row) => !row.allow_messages).map((row) => row.page_id));
    return rows.map((row) => ({
      id: row.id,
      handle: row.handle,
      name: row.name,
      ownerId: row.owner_id,
      avatar: row.avatar,
      allowMessages: !closed.has(row.id),
    }));
  }

  const summaries = (ids: string[]) => {
    const unique = [...new Set(ids)];
    return unique.length ? members.summariesByIds(db, unique) : Promise.resolve([]);
  };

  function messageView(
    row: q.MessageRow,
    people: Map<string, UserSummary>,
    page: MessagingPageView | null,
  ): MessageView {
    const sender = people.get(row.sender_id);
    return {
      id: row.id,
      conversation_id: row.conversation_id,
      sender_id: row.sender_id,
      author:
        row.as_page && page
          ? { type: 'page', id: page.id, handle: page.handle, name: page.name, avatar: page.avatar }
          : {
              type: 'user',
              id: row.sender_id,
              handle: sender?.username ?? '',
              name: sender?.display_name ?? null,
              avatar: sender?.avatar ?? null,
            },
      text: row.body,
      created_at: isoOf(row.at),
    };
  }

  /** MessagingService.views, for one conversation. */
  async function view(viewerId: string, row: q.ConversationRow): Promise<ConversationView> {
    const userIds = [viewerId, row.starter_id];
    if (row.other_id) userIds.push(row.other_id);
    if (row.last_message) userIds.push(row.last_message.sender_id);
    const [people, pages, standings] = await Promise.all([
      summaries(userIds),
      messageablePages(row.page_id ? [row.page_id] : []),
      row.other_id ? memberStandings(db, [row.other_id]) : Promise.resolve([]),
    ]);
    const personById = new Map(people.map((person) => [person.uuid, person]));
    const page = row.page_id ? pages.find((p) => p.id === row.page_id) : undefined;
    const other = row.other_id ? personById.get(row.other_id) : undefined;
    const starter = personById.get(row.starter_id);
    const me = personById.get(viewerId);
    const suspended = new Set(standings.filter((s) => s.suspended).map((s) => s.id));
    const asPageOwner = row.role === 'page';
    let writeBlock: WriteBlock | null = null;
    if (row.conv_type === 'u2u' || asPageOwner) {
      if (!other || suspended.has(other.uuid)) writeBlock = 'RECIPIENT_UNAVAILABLE';
    } else if (row.conv_type === 'u2p') {
      if (!page?.allowMessages) writeBlock = 'PAGE_CLOSED';
      else if (!row.other_id || suspended.has(row.other_id)) writeBlock = 'RECIPIENT_UNAVAILABLE';
    }
    const pageInfo = page
      ? { id: page.id, handle: page.handle, name: page.name, avatar: page.avatar }
      : null;
    const path =
      row.conv_type === 'u2u'
        ? [me?.username ?? '', other?.username ?? '']
        : [starter?.username ?? '', page?.handle ?? ''];
    const last = row.last_message;
    return {
      id: row.id,
      convType: row.conv_type,
      inbox: asPageOwner ? 'page' : 'member',
      user: row.conv_type === 'u2u' ? (other ?? null) : asPageOwner ? (starter ?? null) : null,
      page: pageInfo,
      link: row.conv_type === 'u2u' ? `/messages/${path[1]}` : `/messages/${path[0]}/to/${path[1]}`,
      path,
      last_message: last ? messageView(last, personById, pageInfo) : null,
      last_message_at: last ? isoOf(last.at) : isoOf(row.at),
      unread_count: row.unread_count,
      unread: row.unread_count > 0,
      can_write: writeBlock === null,
      write_block: writeBlock,
      created_at: isoOf(row.created_at),
    };
  }

  /** GET /api/iam/messages/conversation/{a}/{b}[/{c}] (MessagingService.conversationMessages). */
  async function conversation(
    caller: Member,
    rawA: string,
    rawB: string,
    rawCursor: string | undefined,
    take: number,
  ) {
    const a = normal(rawA);
    const b = normal(rawB);
    if (!HANDLE.test(a) || !HANDLE.test(b) || a === b)
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    const owners = await handleOwners(db, [a, b]);
    const first = owners.find((owner) => owner.handle === a);
    const second = owners.find((owner) => owner.handle === b);
    if (!first || first.owner_type !== 'user' || !second)
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    let pairKey: string;
    if (second.owner_type === 'user') {
      if (caller.userId !== first.owner_id && caller.userId !== second.owner_id)
        throw MessagingErrors.CONVERSATION_NOT_FOUND();
      pairKey = userPairKey(first.owner_id, second.owner_id);
    } else {
      const [page] = await messageablePages([second.owner_id]);
      if (!page || (caller.userId !== first.owner_id && caller.userId !== page.ownerId))
        throw MessagingErrors.CONVERSATION_NOT_FOUND();
      pairKey = pagePairKey(page.id, first.owner_id);
    }
    const cursor = decodeCursor('created_at', rawCursor);
    const row = await q.conversationByPairFor(db, pairKey, caller.userId);
    if (!row) return { conversation: null, items: [], next_cursor: null };
    const rows = await q.messagesPage(db, row.id, cursor, take + 1);
    const shown = rows.slice(0, take);
    const conversationView = await view(caller.userId, row);
    const people = shown.length ? await summaries(shown.map((m) => m.sender_id)) : [];
    const personById = new Map(people.map((person) => [person.uuid, person]));
    const items = shown.map((m) => messageView(m, personById, conversationView.page));
    const last = shown.at(-1);
    return {
      conversation: conversationView,
      items,
      next_cursor:
        rows.length > take && last
          ? encodeCursor('created_at', { at: last.at, id: last.id })
          : null,
    };
  }

  /**
   * POST /api/iam/messages/new: one statement (the caller in it, the other side able to receive,
   * the message, the conversation's and every participant's counters, the sender's summary), then
   * the recipients' e-mail items as MemberEmails.notify records them.
   */
  async function send(caller: Member, body: Record<string, unknown>): Promise<MessageView> {
    const conversationId = normal(body.convnId);
    const text = typeof body.message === 'string' ? body.message.trim() : '';
    if (!text || text.length > 2000 || !/^[0-9a-f-]{36}$/.test(conversationId))
      throw PlatformErrors.VALIDATION_FAILED([{ field: 'message', messages: ['invalid'] }]);
    const [written] = (await db.query(
      `WITH me AS (
         SELECT cp.role, c.conv_type, c.page_id FROM conversation_participant cp
           JOIN conversation c ON c.id = cp.conversation_id
          WHERE cp.conversation_id = $1 AND cp.user_id = $2),
       open AS (
         SELECT me.role FROM me
          WHERE (me.conv_type = 'tomypage')
             OR (me.conv_type = 'u2p' AND me.role = 'member'
                 AND COALESCE((SELECT s.allow_messages FROM page_settings s
                                WHERE s.page_id = me.page_id), true)
                 AND EXISTS (SELECT 1 FROM conversation_participant o
                               JOIN user_account u ON u.id = o.user_id
                              WHERE o.conversation_id = $1 AND o.user_id <> $2
                                AND u.suspended_at IS NULL))
             OR ((me.conv_type = 'u2u' OR me.role = 'page')
                 AND EXISTS (SELECT 1 FROM conversation_participant o
                               JOIN user_account u ON u.id = o.user_id
                              WHERE o.conversation_id = $1 AND o.user_id <> $2
                                AND u.registered_at IS NOT NULL AND u.suspended_at IS NULL))),
       m AS (
         INSERT INTO message (conversation_id, sender_id, as_page, body)
         SELECT $1, $2, open.role = 'page', $3 FROM open
         RETURNING id, conversation_id, sender_id, as_page, body, created_at),
       c AS (
         UPDATE conversation SET last_message_at = GREATEST(last_message_at, m.created_at)
           FROM m WHERE conversation.id = m.conversation_id),
       p AS (
         UPDATE conversation_participant cp SET
            unread_count = CASE WHEN cp.user_id = $2 THEN 0 ELSE cp.unread_count + 1 END,
            last_read_at = CASE WHEN cp.user_id = $2 THEN GREATEST(cp.last_read_at, m.created_at)
                                ELSE cp.last_read_at END,
            last_activity_at = GREATEST(cp.last_activity_at, m.created_at)
           FROM m WHERE cp.conversation_id = m.conversation_id
         RETURNING cp.user_id)
       SELECT m.id, m.conversation_id, m.sender_id, m.as_page, m.body,
              ${cursorTimeSql('m.created_at')} AS at,
              COALESCE(u.username, '') AS username, u.display_name, u.avatar,
              (SELECT array_agg(p.user_id) FROM p WHERE p.user_id <> $2) AS others
         FROM m JOIN user_account u ON u.id = m.sender_id`,
      [conversationId, caller.userId, text],
    )) as Array<
      q.MessageRow & {
        username: string;
        display_name: string | null;
        avatar: string | null;
        others: string[] | null;
      }
    >;
    if (!written) throw MessagingErrors.CONVERSATION_NOT_FOUND();
    if (written.as_page) throw MessagingErrors.CONVERSATION_NOT_FOUND(); // not benchmarked
    const message: MessageView = {
      id: written.id,
      conversation_id: written.conversation_id,
      sender_id: written.sender_id,
      author: {
        type: 'user',
        id: written.sender_id,
        handle: written.username,
        name: written.display_name,
        avatar: written.avatar,
      },
      text: written.body,
      created_at: isoOf(written.at),
    };
    const others = written.others ?? [];
    if (others.length) {
      const recipients = await emailRecipientsByIds(db, others);
      for (const recipient of recipients) {
        if (recipient.modes.messages === 'off') continue;
        await insertItem(db, {
          userId: recipient.userId,
          kind: 'messages',
          causeKey: `x:message:${message.id}`,
          actorId: caller.userId,
          link: `/messages/${written.username}`,
          via: recipient.modes.messages,
        });
      }
    }
    return message;
  }

  /** POST /api/iam/notifications/new-immutable: stored, then fanned out before the answer. */
  async function announce(caller: Member, body: Record<string, unknown>) {
    if (!caller.admin) throw PlatformErrors.FORBIDDEN();
    const text = typeof body.message === 'string' ? body.message.trim() : '';
    if (!text) throw PlatformErrors.VALIDATION_FAILED([{ field: 'message', messages: ['blank'] }]);
    const id = await notices.insertAnnouncement(db, caller.userId, text);
    // As NotificationsService.fanOutAnnouncement: the members' ids in one read, then their
    // receipts a batch at a time, in id order (no other run of it here to conflict with).
    const ids = await members.registeredMemberIds(db);
    for (let at = 0; at < ids.length; at += ANNOUNCE_BATCH)
      await notices.insertAnnouncementBatch(db, id, ids.slice(at, at + ANNOUNCE_BATCH));
    return { id };
  }

  return {
    conversation,
    send,
    announce,
    messagesTally: (caller: Member) => q.tally(db, caller.userId),
    notificationsTally: async (caller: Member) => {
      const count = await notices.countUnseen(db, caller.userId, UNREAD_CAP);
      return { count, capped: count >= UNREAD_CAP };
    },
  };
}
