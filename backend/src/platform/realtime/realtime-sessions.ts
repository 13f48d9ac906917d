/**
 * Closes members' open sockets when what let them in ends. The identity module calls it after the
 * change has committed (a session revoked or logged out, a member suspended or deleted); it
 * reaches the sockets on every API instance, never throws and never waits.
 */
export abstract class RealtimeSessions {
  /** Closes the sockets opened with this session (logged out, revoked, its refresh token replayed). */
  abstract endSession(sessionId: string): void;
  /** Closes every socket of the member (suspended, deleted, all sessions revoked), except those of `keepSession`. */
  abstract endFor(userId: string, options?: { keepSession?: string }): void;
  /**
   * The member became an admin or stopped being one: their open sockets join or leave the admins'
   * room at once (a socket also re-checks the role with each renewed token).
   */
  abstract adminChanged(userId: string, admin: boolean): void;
}
