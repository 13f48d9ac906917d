import { apiFetch as defaultApiFetch, type ApiFetch } from '../api-fetch';
import { dataOf } from '../envelope';
import type { Schemas } from '../schemas';
import { createApiClient } from '../typed-client';

/**
 * A conversation as the caller sees it: `inbox` 'page' when they read it as the owner of the page
 * written to; `user`/`page` the other side; `path` the {a}/{b} to read it; `link` its screen.
 */
export type Conversation = Schemas['ConversationDto'];
export type ConversationList = Schemas['ConversationListDto'];
/** A message; `author` is who it shows as from (a member, or a page its owner wrote as). */
export type Message = Schemas['MessageDto'];
export type MessageAuthor = Schemas['MessageAuthorDto'];
export type MessagingPage = Schemas['MessagingPageDto'];
/** A page of a conversation: newest first (show reversed); `conversation` null when none yet. */
export type ConversationMessages = Schemas['ConversationMessagesDto'];
export type StartedConversation = Schemas['StartedConversationDto'];
/** Unseen messages to the caller, and in how many conversations. */
export type MessagesTally = Schemas['MessagesTallyDto'];
export type MarkMessagesSeenResult = Schemas['MarkMessagesSeenResultDto'];
/** Who a handle is to write to (member or page), and whether the caller may start or write. */
export type Messagee = Schemas['MessageeDto'];
export type ConvType = Conversation['convType'];
export type WriteBlock = NonNullable<Messagee['write_block']>;

/** Longest message, in characters (the backend's bound). */
export const MESSAGE_MAX_LENGTH = 2000;

/** `/api/iam/messages` and friends: the caller's conversations. */
export function createMessagingApi(apiFetch: ApiFetch = defaultApiFetch) {
  const api = createApiClient(apiFetch);
  return {
    /** The caller's conversations, newest activity first; `cursor` the previous next_cursor. */
    conversations: (cursor: string | null, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/messages/all', {
          query: cursor ? { cursorId: cursor } : {},
          signal,
        }),
      ),
    unreadTally: (signal?: AbortSignal) =>
      dataOf(api.get('/api/iam/messages/unread-tally', { signal })),
    /**
     * A conversation's messages, newest first. `a`: a member's username (the member side); `b`:
     * the other member's username or a page's handle; `cursor`: the previous page's next_cursor.
     * `/messages/{username}` reads (myUsername, username); `/messages/{u}/to/{p}` reads (u, p).
     */
    conversation: (a: string, b: string, cursor: string | null = null, signal?: AbortSignal) =>
      cursor
        ? dataOf(
            api.get('/api/iam/messages/conversation/{a}/{b}/{c}', {
              path: { a, b, c: cursor },
              signal,
            }),
          )
        : dataOf(api.get('/api/iam/messages/conversation/{a}/{b}', { path: { a, b }, signal })),
    /** Trusted members: write to a member (starts the conversation, or adds to it). */
    startWithMember: (username: string, message: string) =>
      dataOf(
        api.post('/api/iam/messages/new-u-to-u-conversation', { body: { username, message } }),
      ),
    /** Trusted members: write to a page (tomypage when it is the caller's own). */
    startWithPage: (pageHandle: string, message: string) =>
      dataOf(
        api.post('/api/iam/messages/new-u-to-p-conversation', { body: { pageHandle, message } }),
      ),
    /** Any member in the conversation (or the owner of its page) answers. */
    send: (convnId: string, message: string) =>
      dataOf(api.post('/api/iam/messages/new', { body: { convnId, message } })),
    /** Deletes the conversation for both sides. */
    deleteConversation: (convnId: string) =>
      dataOf(api.delete('/api/iam/messages/conversation', { body: { convnId } })),
    /** Every conversation of a member (the caller's own; any for an admin). */
    deleteAllConversations: (uuid: string) =>
      dataOf(api.delete('/api/iam/messages/conversations', { body: { uuid } })),
    messagee: (handle: string, signal?: AbortSignal) =>
      dataOf(
        api.get('/api/iam/users/user-or-page-messagee-by-handle/{handle}', {
          path: { handle },
          signal,
        }),
      ),
    /** Reads each conversation of these messages up to the newest of them; answers the tally. */
    markSeen: (msgsArr: string[]) =>
      dataOf(api.put('/api/messages/mark-as-seen', { body: { msgsArr } })),
  };
}

export type MessagingApi = ReturnType<typeof createMessagingApi>;

/** The messaging calls over the page's one fetch wrapper. */
export const messagingApi: MessagingApi = createMessagingApi();
