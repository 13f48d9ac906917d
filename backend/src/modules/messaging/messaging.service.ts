import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { Member } from '../../platform/access/current-caller.decorator';
import { FOREIGN_KEY_VIOLATION, pgErrorCode } from '../../platform/database/db-errors';
import { retriedTransaction } from '../../platform/database/retried-transaction';
import { Sql } from '../../platform/database/sql';
import { decodeCursor, encodeCursor, type Page } from '../../platform/paging/paging';
import { RealtimePublisher } from '../../platform/realtime/realtime-publisher';
import {
  AccountDeletionService,
  HandlesService,
  MembersService,
  type UserSummary,
} from '../identity';
import { MemberEmails } from '../notifications';
import { type MessageablePage, PagesService } from '../pages';
import type { ConvType } from './entities/conversation.entity';
import type { ParticipantRole } from './entities/conversation-participant.entity';
import { MessagingErrors } from './messaging.errors';
import * as q from './messaging.queries';
import type { ConversationRow, MessageRow } from './messaging.queries';

/** Why a member cannot write (start or answer) to someone. */
export type WriteBlock = 'NOT_TRUSTED' | 'SELF' | 'RECIPIENT_UNAVAILABLE' | 'PAGE_CLOSED';

export interface MessagingPageView {
  id: string;
  handle: string;
  name: string;
  avatar: string | null;
}

export interface MessageAuthor {
  type: 'user' | 'page';
  id: string;
  handle: string;
  name: string | null;
  avatar: string | null;
}

/** A message as the API answers it and pushes it live ('message'). */
export interface MessageView {
  id: string;
  conversation_id: string;
  sender_id: string;
  author: MessageAuthor;
  text: string;
  created_at: string;
}

/** A conversation as one participant sees it. */
export interface ConversationView {
  id: string;
  convType: ConvType;
  inbox: 'member' | 'page';
  user: UserSummary | null;
  page: MessagingPageView | null;
  link: string;
  path: string[];
  last_message: MessageView | null;
  last_message_at: string;
  unread_count: number;
  unread: boolean;
  can_write: boolean;
  write_block: WriteBlock | null;
  created_at: string;
}

export interface MessagesTally {
  count: number;
  conversations: number;
}

export interface Messagee {
  type: 'user' | 'page';
  user: UserSummary | null;
  page: MessagingPageView | null;
  convType: ConvType;
  conversation_id: string | null;
  path: string[];
  can_start: boolean;
  can_write: boolean;
  start_block: WriteBlock | null;
  write_block: WriteBlock | null;
}

const HANDLE = /^[a-z0-9_]{3,30}$/;

/**
 * Conversations between members, and from members to pages (a page's owner reads and answers its
 * inbox as the page). Trusted members start conversations (the routes' policy); anyone in one may
 * answer. Whoever is not in a conversation is told it does not exist. Unread state is a counter
 * per participant kept by the writes, so tallies never count messages.
 */
@Injectable()
export class MessagingService implements OnModuleInit {
  private readonly logger = new Logger('Messaging');

  constructor(
    private readonly dataSource: DataSource,
    private readonly sql: Sql,
    private readonly members: MembersService,
    private readonly handles: HandlesService,
    private readonly pages: PagesService,
    private readonly accountDeletion: AccountDeletionService,
    private readonly realtime: RealtimePublisher,
    private readonly emails: MemberEmails,
  ) {}

  onModuleInit() {
    // Spec §4: deleting a user deletes their conversations first (and their pages' inboxes).
    this.accountDeletion.registerStep({
      name: 'conversations',
      phase: 'before-user',
      run: async (manager, userId) => {
        await q.deleteConversationsOf(manager, userId);
      },
    });
  }

  // ---- reads ----

  async conversations(
    member: Member,
    rawCursor: unknown,
    take: number,
  ): Promise<Page<ConversationView>> {
    const cursor = decodeCursor('bumped_at', rawCursor);
    const rows = await q.conversationsPage(this.sql, member.userId, cursor, take + 1);
    const page = rows.slice(0, take);
    const items = await this.views(member.userId, page);
    const last = page.at(-1);
    return {
      items,
      next_cursor:
        rows.length > take && last ? encodeCursor('bumped_at', { at: last.at, id: last.id }) : null,
    };
  }

  tally(userId: string): Promise<MessagesTally> {
    return q.tally(this.sql, userId);
  }

  /** GET conversation/{a}/{b}[/{c}]: see the controller for what a, b and c are. */
  async conversationMessages(
    member: Member,
    rawA: string,
    rawB: string,
    rawCursor: unknown,
    take: number,
  ): Promise<{
    conversation: ConversationView | null;
    items: MessageView[];
    next_cursor: string | null;
  }> {
    const pairKey = await this.pairKeyFor(member, rawA, rawB);
    const cursor = decodeCursor('created_at', rawCursor);
    const row = await q.conversationByPairFor(this.sql, pairKey, member.userId);
    if (!row) return { conversation: null, items: [], next_cursor: null };
    const rows = await q.messagesPage(this.sql, row.id, cursor, take + 1);
    const shown = rows.slice(0, take);
    const [conversation] = await this.views(member.userId, [row]);
    const items = await this.messageViews(shown, conversation.page);
    const last = shown.at(-1);
    return {
      conversation,
      items,
      next_cursor:
        rows.length > take && last
          ? encodeCursor('created_at', { at: last.at, id: last.id })
          : null,
    };
  }

  /** Who a handle is to write to, and whether the caller may. */
  async messagee(member: Member, rawHandle: string): Promise<Messagee> {
    const handle = normal(rawHandle);
    const [owner] = HANDLE.test(handle) ? await this.handles.owners([handle]) : [];
    if (!owner) throw MessagingErrors.RECIPIENT_NOT_FOUND();
    const me = await this.summaryOf(member.userId);
    const trusted = member.trusted || member.admin;
    if (owner.owner_type === 'user') {
      const pairKey = userPairKey(member.userId, owner.owner_id);
      const conversationId = (await q.conversationIdByPair(this.sql, pairKey)) ?? null;
      // A suspended member is hidden, as everywhere, from whoever has no conversation with them.
      if (owner.suspended && !conversationId) throw MessagingErrors.RECIPIENT_NOT_FOUND();
      const [user] = await this.members.summariesByIds([owner.owner_id]);
      if (!user) throw MessagingErrors.RECIPIENT_NOT_FOUND();
      const block: WriteBlock | null =
        owner.owner_id === member.userId
          ? 'SELF'
          : owner.suspended
            ? 'RECIPIENT_UNAVAILABLE'
            : null;
      return messagee('user', user, null, 'u2u', conversationId, [me.username, user.username], {
        trusted,
        block,
      });
    }
    const page = await this.pages.messageablePageByHandle(handle);
    if (!page) throw MessagingErrors.RECIPIENT_NOT_FOUND();
    const own = page.ownerId === member.userId;
    const conversationId =
      (await q.conversationIdByPair(this.sql, pagePairKey(page.id, member.userId))) ?? null;
    const block = own ? null : await this.pageBlock(page);
    return messagee(
      'page',
      null,
      pageView(page),
      own ? 'tomypage' : 'u2p',
      conversationId,
      [me.username, page.handle],
      { trusted, block },
    );
  }

  // ---- writes ----

  async startWithMember(
    member: Member,
    rawUsername: string,
    rawText: string,
  ): Promise<{ conversation: ConversationView; message: MessageView }> {
    const text = messageText(rawText);
    const username = normal(rawUsername);
    const [owner] = await this.handles.owners([username]);
    if (!owner || owner.owner_type !== 'user') throw MessagingErrors.MEMBER_NOT_FOUND();
    if (owner.owner_id === member.userId) throw MessagingErrors.CANNOT_MESSAGE_SELF();
    if (owner.suspended) throw MessagingErrors.RECIPIENT_UNAVAILABLE();
    return this.start(member, text, {
      convType: 'u2u',
      pairKey: userPairKey(member.userId, owner.owner_id),
      pageId: null,
      participants: [
        { userId: member.userId, role: 'member' },
        { userId: owner.owner_id, role: 'member' },
      ],
    });
  }

  async startWithPage(
    member: Member,
    rawHandle: string,
    rawText: string,
  ): Promise<{ conversation: ConversationView; message: MessageView }> {
    const text = messageText(rawText);
    const page = await this.pages.messageablePageByHandle(normal(rawHandle));
    if (!page) throw MessagingErrors.PAGE_NOT_FOUND();
    const own = page.ownerId === member.userId;
    if (!own) {
      const block = await this.pageBlock(page);
      if (block) throw blockError(block);
    }
    return this.start(member, text, {
      convType: own ? 'tomypage' : 'u2p',
      pairKey: pagePairKey(page.id, member.userId),
      pageId: page.id,
      participants: own
        ? [{ userId: member.userId, role: 'member' }]
        : [
            { userId: member.userId, role: 'member' },
            { userId: page.ownerId, role: 'page' },
          ],
    });
  }

  /** POST new: a message in a conversation the caller is in. */
  async send(member: Member, conversationId: string, rawText: string): Promise<MessageView> {
    const text = messageText(rawText);
    const row = await q.conversationFor(this.sql, conversationId, member.userId);
    if (!row) throw MessagingErrors.CONVERSATION_NOT_FOUND();
    // The sender's summary comes with the view (the viewer is among its people).
    const people = new Map<string, UserSummary>();
    const [view] = await this.views(member.userId, [row], people);
    if (view.write_block) throw blockError(view.write_block);
    const { message, participants } = await this.write(member.userId, row.id, row.role, text);
    const messageView = toMessageView(message, people, view.page);
    this.publish(member.userId, participants, messageView, view);
    return messageView;
  }

  /** Deletes a conversation for both sides: for anyone in it (a page's owner is). */
  async deleteConversation(
    member: Member,
    conversationId: string,
  ): Promise<{ id: string; deleted: true }> {
    const participants = await q.participantsOf(this.sql, conversationId);
    if (!participants.some((participant) => participant.user_id === member.userId))
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    if (!(await q.deleteConversation(this.sql, conversationId)))
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    this.pushTallies(
      participants.map((participant) => participant.user_id).filter((id) => id !== member.userId),
    );
    return { id: conversationId, deleted: true };
  }

  /** Every conversation of a member: their own call, or an admin's (the deletion's first step). */
  async deleteConversationsOf(member: Member, userId: string): Promise<{ deleted: number }> {
    if (userId !== member.userId && !member.admin) throw MessagingErrors.MEMBER_NOT_FOUND();
    const { deleted, others } = await retriedTransaction(this.dataSource, async (manager) => {
      const others = await q.othersInConversationsOf(manager, userId);
      return { deleted: await q.deleteConversationsOf(manager, userId), others };
    });
    this.pushTallies(others);
    return { deleted };
  }

  /** PUT /api/messages/mark-as-seen: reads each conversation up to the newest message given. */
  async markSeen(
    userId: string,
    messageIds: readonly string[],
  ): Promise<MessagesTally & { marked: number }> {
    const ids = [...new Set(messageIds.map((id) => id.toLowerCase()))];
    const marked = await q.markSeen(this.sql, userId, ids);
    const tally = await this.tally(userId);
    if (marked > 0) this.realtime.toMembers([userId], 'messages-tally', tally);
    return { ...tally, marked };
  }

  // ---- inside ----

  private async start(
    member: Member,
    text: string,
    values: {
      convType: ConvType;
      pairKey: string;
      pageId: string | null;
      participants: Array<{ userId: string; role: ParticipantRole }>;
    },
  ): Promise<{ conversation: ConversationView; message: MessageView }> {
    const { message, participants } = await this.guarded(() =>
      retriedTransaction(this.dataSource, async (manager) => {
        const conversationId = await q.upsertConversation(manager, {
          convType: values.convType,
          pairKey: values.pairKey,
          starterId: member.userId,
          pageId: values.pageId,
        });
        await q.addParticipants(manager, conversationId, values.participants);
        const role =
          values.participants.find((participant) => participant.userId === member.userId)?.role ??
          'member';
        const message = await q.insertMessage(manager, {
          conversationId,
          senderId: member.userId,
          asPage: role === 'page',
          body: text,
        });
        const participants = await q.recordMessage(
          manager,
          conversationId,
          member.userId,
          message.at,
        );
        return { message, participants };
      }),
    );
    const row = await q.conversationFor(this.sql, message.conversation_id, member.userId);
    if (!row) throw MessagingErrors.CONVERSATION_NOT_FOUND();
    const [conversation] = await this.views(member.userId, [row]);
    const [messageView] = await this.messageViews([message], conversation.page);
    this.publish(member.userId, participants, messageView, conversation);
    return { conversation, message: messageView };
  }

  /** A message in an existing conversation: one statement (see writeMessage). */
  private write(senderId: string, conversationId: string, role: ParticipantRole, text: string) {
    return this.guarded(() =>
      q.writeMessage(this.sql, { conversationId, senderId, asPage: role === 'page', body: text }),
    );
  }

  /** A conversation (or a page, or a member) that went while writing: it is not found now. */
  private async guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (pgErrorCode(error) === FOREIGN_KEY_VIOLATION)
        throw MessagingErrors.CONVERSATION_NOT_FOUND();
      throw error;
    }
  }

  /**
   * After a message committed: to the others' sockets, everyone's new tallies, and the others'
   * e-mail about it as their settings say (notifications' MemberEmails; at most once a message).
   */
  private publish(
    senderId: string,
    participants: string[],
    message: MessageView,
    senderView: ConversationView,
  ): void {
    const others = participants.filter((id) => id !== senderId);
    if (others.length) this.realtime.toMembers(others, 'message', message);
    this.pushTallies(participants);
    // The screen as the recipient sees it: in u2u the sender's username; else the same for both.
    const link =
      senderView.convType === 'u2u' ? `/messages/${message.author.handle}` : senderView.link;
    for (const userId of others) {
      this.emails
        .notify(userId, 'messages', { key: `message:${message.id}`, actorId: senderId, link })
        .catch((error: unknown) =>
          this.logger.warn({ err: error, userId }, 'Message e-mail could not be recorded'),
        );
    }
  }

  /** Each member's new tally to their sockets: one query for all of them. */
  private pushTallies(userIds: readonly string[]): void {
    const ids = [...new Set(userIds)];
    if (!ids.length) return;
    q.tallies(this.sql, ids).then(
      (rows) => {
        for (const { user_id, ...tally } of rows)
          this.realtime.toMembers([user_id], 'messages-tally', tally);
      },
      (error: unknown) => this.logger.warn({ err: error, userIds: ids }, 'Tally push failed'),
    );
  }

  /** The pair key of GET conversation/{a}/{b}, when the caller may read it; 404 otherwise. */
  private async pairKeyFor(member: Member, rawA: string, rawB: string): Promise<string> {
    const a = normal(rawA);
    const b = normal(rawB);
    if (!HANDLE.test(a) || !HANDLE.test(b) || a === b)
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    const owners = await this.handles.owners([a, b]);
    const first = owners.find((owner) => owner.handle === a);
    const second = owners.find((owner) => owner.handle === b);
    if (!first || first.owner_type !== 'user' || !second)
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    if (second.owner_type === 'user') {
      if (member.userId !== first.owner_id && member.userId !== second.owner_id)
        throw MessagingErrors.CONVERSATION_NOT_FOUND();
      return userPairKey(first.owner_id, second.owner_id);
    }
    const [page] = await this.pages.messageablePages([second.owner_id]);
    if (!page || (member.userId !== first.owner_id && member.userId !== page.ownerId))
      throw MessagingErrors.CONVERSATION_NOT_FOUND();
    return pagePairKey(page.id, first.owner_id);
  }

  /** Whether a member (not its owner) may write to the page now. */
  private async pageBlock(page: MessageablePage): Promise<WriteBlock | null> {
    if (!page.allowMessages) return 'PAGE_CLOSED';
    const [standing] = await this.handles.memberStandings([page.ownerId]);
    return !standing || standing.suspended ? 'RECIPIENT_UNAVAILABLE' : null;
  }

  private async summaryOf(userId: string): Promise<UserSummary> {
    const [summary] = await this.members.summariesByIds([userId]);
    if (!summary) throw MessagingErrors.MEMBER_NOT_FOUND();
    return summary;
  }

  /** Conversations as `viewerId` sees them, in three queries for the lot. */
  private async views(
    viewerId: string,
    rows: ConversationRow[],
    /** Filled with the people the views name (the viewer among them), for the caller's reuse. */
    seen?: Map<string, UserSummary>,
  ): Promise<ConversationView[]> {
    if (!rows.length) return [];
    const userIds = new Set<string>([viewerId]);
    for (const row of rows) {
      userIds.add(row.starter_id);
      if (row.other_id) userIds.add(row.other_id);
      if (row.last_message) userIds.add(row.last_message.sender_id);
    }
    const pageIds = rows.flatMap((row) => (row.page_id ? [row.page_id] : []));
    const [people, pages, standings] = await Promise.all([
      this.members.summariesByIds([...userIds]),
      this.pages.messageablePages(pageIds),
      this.handles.memberStandings(rows.flatMap((row) => (row.other_id ? [row.other_id] : []))),
    ]);
    const personById = new Map(people.map((person) => [person.uuid, person]));
    for (const person of people) seen?.set(person.uuid, person);
    const pageById = new Map(pages.map((page) => [page.id, page]));
    const suspended = new Set(standings.filter((row) => row.suspended).map((row) => row.id));
    return rows.map((row): ConversationView => {
      const page = row.page_id ? pageById.get(row.page_id) : undefined;
      const other = row.other_id ? personById.get(row.other_id) : undefined;
      const starter = personById.get(row.starter_id);
      const me = personById.get(viewerId);
      const asPageOwner = row.role === 'page';
      let writeBlock: WriteBlock | null = null;
      if (row.conv_type === 'u2u' || asPageOwner) {
        if (!other || suspended.has(other.uuid)) writeBlock = 'RECIPIENT_UNAVAILABLE';
      } else if (row.conv_type === 'u2p') {
        if (!page?.allowMessages) writeBlock = 'PAGE_CLOSED';
        else if (!row.other_id || suspended.has(row.other_id)) writeBlock = 'RECIPIENT_UNAVAILABLE';
      }
      const pageInfo = page ? pageView(page) : null;
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
        link:
          row.conv_type === 'u2u' ? `/messages/${path[1]}` : `/messages/${path[0]}/to/${path[1]}`,
        path,
        last_message: last ? toMessageView(last, personById, pageInfo) : null,
        last_message_at: last ? isoOf(last.at) : isoOf(row.at),
        unread_count: row.unread_count,
        unread: row.unread_count > 0,
        can_write: writeBlock === null,
        write_block: writeBlock,
        created_at: isoOf(row.created_at),
      };
    });
  }

  private async messageViews(
    rows: MessageRow[],
    page: MessagingPageView | null,
  ): Promise<MessageView[]> {
    if (!rows.length) return [];
    const people = await this.members.summariesByIds(rows.map((row) => row.sender_id));
    const personById = new Map(people.map((person) => [person.uuid, person]));
    return rows.map((row) => toMessageView(row, personById, page));
  }
}

function toMessageView(
  row: MessageRow,
  people: Map<string, UserSummary>,
  page: MessagingPageView | null,
): MessageView {
  const sender = people.get(row.sender_id);
  const author: MessageAuthor =
    row.as_page && page
      ? { type: 'page', id: page.id, handle: page.handle, name: page.name, avatar: page.avatar }
      : {
          type: 'user',
          id: row.sender_id,
          handle: sender?.username ?? '',
          name: sender?.display_name ?? null,
          avatar: sender?.avatar ?? null,
        };
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    sender_id: row.sender_id,
    author,
    text: row.body,
    created_at: isoOf(row.at),
  };
}

function messagee(
  type: 'user' | 'page',
  user: UserSummary | null,
  page: MessagingPageView | null,
  convType: ConvType,
  conversationId: string | null,
  path: string[],
  { trusted, block }: { trusted: boolean; block: WriteBlock | null },
): Messagee {
  const startBlock: WriteBlock | null = block ?? (trusted ? null : 'NOT_TRUSTED');
  const canWrite = block === null && (conversationId !== null || trusted);
  return {
    type,
    user,
    page,
    convType,
    conversation_id: conversationId,
    path,
    can_start: startBlock === null,
    can_write: canWrite,
    start_block: startBlock,
    write_block: canWrite ? null : startBlock,
  };
}

function pageView(page: MessageablePage): MessagingPageView {
  return { id: page.id, handle: page.handle, name: page.name, avatar: page.avatar };
}

function blockError(block: WriteBlock) {
  switch (block) {
    case 'PAGE_CLOSED':
      return MessagingErrors.PAGE_CLOSED();
    case 'SELF':
      return MessagingErrors.CANNOT_MESSAGE_SELF();
    default:
      return MessagingErrors.RECIPIENT_UNAVAILABLE();
  }
}

/** The message as stored: trimmed; blank is refused (the DTO bounds its length). */
function messageText(raw: string): string {
  const text = raw.trim();
  if (!text) throw MessagingErrors.MESSAGE_BLANK();
  return text;
}

function normal(raw: unknown): string {
  return typeof raw === 'string' ? raw.trim().toLowerCase() : '';
}

function userPairKey(one: string, other: string): string {
  return one < other ? `u:${one}:${other}` : `u:${other}:${one}`;
}

function pagePairKey(pageId: string, memberId: string): string {
  return `p:${pageId}:${memberId}`;
}

/** A cursor time (microseconds) as the API's ISO text (milliseconds). */
function isoOf(at: string): string {
  return new Date(at).toISOString();
}
