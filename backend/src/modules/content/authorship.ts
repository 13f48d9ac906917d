import type { Member } from '../../platform/access/current-caller.decorator';
import { ContentErrors } from './content.errors';

/**
 * The `uuid`/`userId` a request names must be the caller's own (the spec's bodies name the caller;
 * we check rather than trust them). Posts of any kind answer NOT_THE_AUTHOR otherwise.
 */
export function assertCaller(member: Member, uuid: string): void {
  if (uuid.toLowerCase() !== member.userId) throw ContentErrors.NOT_THE_AUTHOR();
}
