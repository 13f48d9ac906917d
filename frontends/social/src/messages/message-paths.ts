/** Where a conversation is: with a member, or a member's conversation with a page. */
export type ConversationRef =
  { kind: 'user'; username: string } | { kind: 'page'; userHandle: string; pageHandle: string };

export const messagePaths = {
  inbox: '/messages',
  withUser: (username: string) => `/messages/${encodeURIComponent(username)}`,
  withPage: (userHandle: string, pageHandle: string) =>
    `/messages/${encodeURIComponent(userHandle)}/to/${encodeURIComponent(pageHandle)}`,
};

export function pathOf(ref: ConversationRef): string {
  return ref.kind === 'user'
    ? messagePaths.withUser(ref.username)
    : messagePaths.withPage(ref.userHandle, ref.pageHandle);
}

/** A stable key of the conversation a path names (for caches and state). */
export function refKey(ref: ConversationRef): string {
  return ref.kind === 'user'
    ? `u:${ref.username.toLowerCase()}`
    : `p:${ref.userHandle.toLowerCase()}:${ref.pageHandle.toLowerCase()}`;
}

/** What a "Message about this plant" link hands the conversation: the composer's first line. */
export interface MessageDraftState {
  draft?: string;
}

export function draftFromState(state: unknown): string {
  const draft = (state as MessageDraftState | null)?.draft;
  return typeof draft === 'string' ? draft : '';
}

/** The first line of a message about a plant: its name and a link to the listing. */
export function plantDraft(name: string, path: string): string {
  return `About your plant “${name}”: ${window.location.origin}${path}\n`;
}
