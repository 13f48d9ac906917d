import {
  ApiError,
  messagingApi,
  type Conversation as RawConversation,
  type Message as RawMessage,
  type Messagee as RawMessagee,
  type MessagingPage as RawPage,
  type Responder as RawUser,
} from '@plantfolk/api-client';
import { sessionStore } from '@plantfolk/session';
import type {
  ChatMessage,
  ConversationHeader,
  ConversationPage,
  ConversationSummary,
  MessagesTally,
  Party,
} from './message-model';
import type { ConversationRef } from './message-paths';

// What the API sends is in libs/api-client/src/messaging/messaging-api.ts; the screens work
// with the model of message-model.ts, which this file makes of it.

// ---- adapting it to the screens' model ----

const userParty = (user: RawUser): Party => ({
  kind: 'user',
  id: user.uuid,
  handle: user.username,
  name: user.display_name ?? null,
  avatar: user.avatar,
});
const pageParty = (page: RawPage): Party => ({
  kind: 'page',
  id: page.id,
  handle: page.handle,
  name: page.name,
  avatar: page.avatar,
});

function me() {
  return sessionStore.getState().user;
}

/** The viewer wrote it: as themself, or (in their page's inbox) as the page. */
function isMine(message: RawMessage): boolean {
  return message.sender_id === me()?.uuid;
}

export function toChatMessage(message: RawMessage): ChatMessage {
  return {
    id: message.id,
    text: message.text,
    createdAt: message.created_at,
    mine: isMine(message),
    seen: false,
    senderName: message.author.name || message.author.handle,
  };
}

function refOfLink(link: string, fallback: ConversationRef): ConversationRef {
  const parts = link.split('/').filter(Boolean).map(decodeURIComponent);
  if (parts[0] === 'messages' && parts.length === 2) return { kind: 'user', username: parts[1]! };
  if (parts[0] === 'messages' && parts.length === 4 && parts[2] === 'to') {
    return { kind: 'page', userHandle: parts[1]!, pageHandle: parts[3]! };
  }
  return fallback;
}

export function toSummary(conversation: RawConversation): ConversationSummary {
  const page = conversation.page ? pageParty(conversation.page) : null;
  const other = conversation.user ? userParty(conversation.user) : page!;
  const fallback: ConversationRef =
    page && conversation.inbox === 'page'
      ? { kind: 'page', userHandle: other.handle, pageHandle: page.handle }
      : page
        ? { kind: 'page', userHandle: me()?.username ?? '', pageHandle: page.handle }
        : { kind: 'user', username: other.handle };
  return {
    id: conversation.id,
    ref: refOfLink(conversation.link, fallback),
    other,
    page,
    inbox: conversation.inbox === 'page',
    lastText: conversation.last_message?.text ?? null,
    lastFromMe: conversation.last_message ? isMine(conversation.last_message) : false,
    updatedAt: conversation.last_message_at,
    unread: conversation.unread_count,
  };
}

/** What the screen needs to know before the first message: who, and whether the viewer may write. */
export interface ConversationTarget extends ConversationHeader {
  /** {a}/{b} of messages/conversation/{a}/{b}[/{c}]. */
  path: string[];
  conversationId: string | null;
  canWrite: boolean;
  /** Why not (NOT_TRUSTED, SELF, RECIPIENT_UNAVAILABLE, PAGE_CLOSED). */
  writeBlock: string | null;
}

function targetOfConversation(conversation: RawConversation): ConversationTarget {
  const page = conversation.page ? pageParty(conversation.page) : null;
  return {
    other: conversation.user ? userParty(conversation.user) : page!,
    page,
    asPage: conversation.inbox === 'page',
    path: conversation.path,
    conversationId: conversation.id,
    canWrite: conversation.can_write,
    writeBlock: conversation.write_block,
  };
}

function targetOfMessagee(messagee: RawMessagee): ConversationTarget {
  const page = messagee.page ? pageParty(messagee.page) : null;
  return {
    other: messagee.user ? userParty(messagee.user) : page!,
    page,
    asPage: false,
    path: messagee.path,
    conversationId: messagee.conversation_id,
    canWrite: messagee.can_write,
    writeBlock: messagee.write_block ?? (messagee.conversation_id ? null : messagee.start_block),
  };
}

const notFound = () => new ApiError(404, 'CONVERSATION_NOT_FOUND', 'Conversation not found');

export interface ConversationData extends ConversationPage {
  target: ConversationTarget | null;
  /** Messages to the viewer not seen yet. */
  unread: number;
}

/** The calls the messaging screens make. */
export const messaging = {
  unreadTally: async (signal?: AbortSignal): Promise<MessagesTally> => {
    const tally = await messagingApi.unreadTally(signal);
    return { count: tally.count, capped: false };
  },

  /** A page of the conversations, newest activity first. */
  conversations: async (
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<{ items: ConversationSummary[]; next_cursor: string | null }> => {
    const list = await messagingApi.conversations(cursor, signal);
    return { items: list.items.map(toSummary), next_cursor: list.next_cursor };
  },

  /**
   * Who the conversation at the path is with. A member's own conversation with a member or a
   * page starts from the messagee; a page owner's inbox conversation from the conversation.
   */
  header: async (ref: ConversationRef, signal?: AbortSignal): Promise<ConversationTarget> => {
    const myName = me()?.username?.toLowerCase();
    if (ref.kind === 'user' || ref.userHandle.toLowerCase() === myName) {
      const handle = ref.kind === 'user' ? ref.username : ref.pageHandle;
      const messagee = await messagingApi.messagee(handle, signal);
      // /messages/{username} is a member's; /messages/{me}/to/{page} a page's.
      if ((ref.kind === 'user') !== (messagee.type === 'user')) throw notFound();
      return targetOfMessagee(messagee);
    }
    const page = await messagingApi.conversation(ref.userHandle, ref.pageHandle, null, signal);
    if (!page.conversation) throw notFound();
    return targetOfConversation(page.conversation);
  },

  /** A page of the conversation, newest first; `cursor` is the previous page's next_cursor. */
  conversation: async (
    path: string[],
    cursor: string | null,
    signal?: AbortSignal,
  ): Promise<ConversationData> => {
    const [a = '', b = ''] = path;
    const page = await messagingApi.conversation(a, b, cursor, signal);
    return {
      conversationId: page.conversation?.id ?? null,
      target: page.conversation ? targetOfConversation(page.conversation) : null,
      unread: page.conversation?.unread_count ?? 0,
      messages: page.items.map(toChatMessage),
      nextCursor: page.next_cursor,
    };
  },

  /** Sends a message: in the conversation, or starting it with the member or page. */
  send: async (
    target: ConversationTarget,
    conversationId: string | null,
    text: string,
  ): Promise<{ message: ChatMessage; conversationId: string }> => {
    if (conversationId) {
      const message = await messagingApi.send(conversationId, text);
      return { message: toChatMessage(message), conversationId };
    }
    const started =
      target.other.kind === 'user'
        ? await messagingApi.startWithMember(target.other.handle, text)
        : await messagingApi.startWithPage(target.other.handle, text);
    return { message: toChatMessage(started.message), conversationId: started.conversation.id };
  },

  /** Marks messages seen; answers the new unread tally. */
  markSeen: async (ids: string[]): Promise<MessagesTally> => {
    const result = await messagingApi.markSeen(ids);
    return { count: result.count, capped: false };
  },
};
