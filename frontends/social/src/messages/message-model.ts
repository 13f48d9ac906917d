import type { ConversationRef } from './message-paths';

/** Someone a conversation is with: a member or a page. */
export interface Party {
  kind: 'user' | 'page';
  /** A member's uuid or a page's id. */
  id: string;
  /** Username or page handle. */
  handle: string;
  /** Display name or page name, when there is one. */
  name: string | null;
  avatar: string | null;
}

export const partyName = (party: Pick<Party, 'name' | 'handle'>) => party.name || party.handle;

/** One line of the conversations list. */
export interface ConversationSummary {
  id: string;
  /** Where it opens. */
  ref: ConversationRef;
  /** Who the viewer is talking to (for a page's inbox: the member writing to the page). */
  other: Party;
  /** The page of a member-to-page conversation. */
  page: Party | null;
  /** A conversation addressed to a page the viewer owns (it goes to the pages' inboxes). */
  inbox: boolean;
  lastText: string | null;
  lastFromMe: boolean;
  updatedAt: string;
  unread: number;
}

export interface ChatMessage {
  id: string;
  text: string;
  createdAt: string;
  /** The viewer wrote it (for a page's inbox: the page's side). */
  mine: boolean;
  /** Seen by its recipient. */
  seen: boolean;
  senderName: string;
}

/** A page of a conversation, newest first as the API sends it. */
export interface ConversationPage {
  /** Null while the conversation has not been started. */
  conversationId: string | null;
  messages: ChatMessage[];
  nextCursor: string | null;
}

/** Who the conversation at a path is with, and whether the viewer may write. */
export interface ConversationHeader {
  other: Party;
  page: Party | null;
  /** The viewer answers for the page (its inbox). */
  asPage: boolean;
}

export interface MessagesTally {
  count: number;
  capped: boolean;
}
