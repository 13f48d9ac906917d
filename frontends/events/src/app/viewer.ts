import { hasRole, isTrusted, useSession, type SessionUser } from '@plantfolk/session';

/** Cache segment of a guest; members' caches are under their uuid. */
export const GUEST = 'guest';

export interface Viewer {
  /** False while the session check is still out. */
  ready: boolean;
  /** The signed-in user, or null for a guest. */
  user: SessionUser | null;
  /** Keys every cached answer, so a guest's answers never show to a member or vice versa. */
  key: string;
  /** Registered and not suspended: may answer for dates and say what they bring. */
  canAnswer: boolean;
  /** May create events (trusted members and admins). */
  trusted: boolean;
  isAdmin: boolean;
}

export function viewerOf(loggedIn: boolean | 'unknown', user: SessionUser | null): Viewer {
  const member = loggedIn === true && user !== null ? user : null;
  return {
    ready: loggedIn !== 'unknown',
    user: member,
    key: member ? member.uuid : GUEST,
    canAnswer: Boolean(member && member.stage === 'registered' && !member.suspended),
    trusted: isTrusted(member),
    isAdmin: hasRole(member, 'admin'),
  };
}

/** Who is looking: a guest or a member, and what they may do. */
export function useViewer(): Viewer {
  const loggedIn = useSession((state) => state.loggedIn);
  const user = useSession((state) => state.user);
  return viewerOf(loggedIn, user);
}
