/** What a screen says after arriving from a form (a picture that could not be saved). */
export interface ArrivalNotice {
  notice?: string;
}

export function noticeOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const notice = (state as ArrivalNotice).notice;
  return typeof notice === 'string' && notice ? notice : null;
}
