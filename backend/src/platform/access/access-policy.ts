/** The route guards of the spec (section 2), used by the API exactly as named. */
export const ACCESS_POLICIES = [
  'none',
  'guest-or-authd',
  'authd-only',
  'logged-in-only',
  'completed-regn',
  'trusted-only',
  'admin-auth',
  // Not a guard of the spec: the operators' tools (queue dashboard, metrics) for admins and ops.
  'ops-or-admin',
] as const;

export type AccessPolicy = (typeof ACCESS_POLICIES)[number];

/** How far a user has come: signed up → e-mail verified → registered (username and location). */
export type RegistrationStage = 'signed-up' | 'verified' | 'registered';

export type Caller =
  /** `rejectedToken`: a bearer token came but was not valid (expired, revoked, forged). */
  | { kind: 'guest'; rejectedToken?: boolean }
  | {
      kind: 'user';
      userId: string;
      sessionId: string;
      csrfToken: string;
      stage: RegistrationStage;
      trusted: boolean;
      admin: boolean;
      /** An operator (queue dashboard, metrics): admitted by `ops-or-admin` only, never to members' data. */
      ops?: boolean;
      suspended: boolean;
    };

export type AccessDecision = 'admit' | 'unauthenticated' | 'forbidden' | 'suspended';

const STAGE_RANK: Record<RegistrationStage, number> = {
  'signed-up': 0,
  verified: 1,
  registered: 2,
};

/**
 * What each policy admits. Guests get 401 where a login would help; users who are not far enough
 * along (or lack the role) get 403; a suspended user passes only `none`.
 *
 * | policy          | guest | signed-up | verified | registered | trusted | admin | suspended |
 * | none            |  yes  |    yes    |   yes    |    yes     |   yes   |  yes  |    yes    |
 * | guest-or-authd  |  yes  |    yes    |   yes    |    yes     |   yes   |  yes  |    no     |
 * | authd-only      |  no   |    yes    |   yes    |    yes     |   yes   |  yes  |    no     |
 * | logged-in-only  |  no   |    no     |   yes    |    yes     |   yes   |  yes  |    no     |
 * | completed-regn  |  no   |    no     |   no     |    yes     |   yes   |  yes  |    no     |
 * | trusted-only    |  no   |    no     |   no     |    no      |   yes   |  yes  |    no     |
 * | admin-auth      |  no   |    no     |   no     |    no      |   no    |  yes  |    no     |
 * | ops-or-admin    |  no   |    no     |   no     |    no      |   no    |  yes  |    no     |
 *
 * An ops caller (any stage) passes `ops-or-admin` and the member policies of its stage, never
 * `admin-auth`: the operators see queues and metrics, not members.
 */
export function decideAccess(policy: AccessPolicy, caller: Caller): AccessDecision {
  if (policy === 'none') return 'admit';
  if (caller.kind === 'guest') return policy === 'guest-or-authd' ? 'admit' : 'unauthenticated';
  if (caller.suspended) return 'suspended';
  const rank = STAGE_RANK[caller.stage];
  switch (policy) {
    case 'guest-or-authd':
    case 'authd-only':
      return 'admit';
    case 'logged-in-only':
      return rank >= STAGE_RANK.verified ? 'admit' : 'forbidden';
    case 'completed-regn':
      return rank >= STAGE_RANK.registered ? 'admit' : 'forbidden';
    case 'trusted-only':
      return rank >= STAGE_RANK.registered && (caller.trusted || caller.admin)
        ? 'admit'
        : 'forbidden';
    case 'admin-auth':
      return caller.admin ? 'admit' : 'forbidden';
    case 'ops-or-admin':
      return caller.admin || caller.ops ? 'admit' : 'forbidden';
  }
}
