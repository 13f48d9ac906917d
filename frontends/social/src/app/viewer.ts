import type { Responder } from '@plantfolk/api-client';
import { hasRole, useSession, type SessionUser } from '@plantfolk/session';

/** Cache segment of a guest; members' caches are under their uuid. */
export const GUEST = 'guest';

export interface Viewer {
  /** False while the session check is still out. */
  ready: boolean;
  /** The signed-in user, or null for a guest. */
  user: SessionUser | null;
  /** Keys every cached answer, so a guest's answers never show to a member or vice versa. */
  key: string;
  /**
   * May post, comment and react: the API's `completed-regn` (registered, not suspended).
   * Members who have not finished registering read like guests, with a nudge to finish.
   */
  canWrite: boolean;
  isAdmin: boolean;
}

export function viewerOf(loggedIn: boolean | 'unknown', user: SessionUser | null): Viewer {
  const member = loggedIn === true && user !== null ? user : null;
  return {
    ready: loggedIn !== 'unknown',
    user: member,
    key: member ? member.uuid : GUEST,
    canWrite: Boolean(member && member.stage === 'registered' && !member.suspended),
    isAdmin: hasRole(member, 'admin'),
  };
}

/** Who is looking: a guest or a member, and what they may do. */
export function useViewer(): Viewer {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  return viewerOf(loggedIn, user);
}

/** The signed-in user as the API summarises authors (for posts they have just made). */
export function responderOf(user: SessionUser): Responder {
  return {
    uuid: user.uuid,
    username: user.username ?? user.email.split('@')[0] ?? 'me',
    display_name: user.display_name,
    avatar: user.avatar,
    suburb_city: user.suburb_city,
    state: user.state,
    country: user.country,
  };
}
