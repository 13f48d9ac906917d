import { Injectable } from '@nestjs/common';
import type { Member } from '../../platform/access/current-caller.decorator';
import { PlatformErrors } from '../../platform/http/platform.errors';
import { parseTake } from '../../platform/paging/paging';
import { DIRECTORY_ORDERS, type DirectoryOrder, MemberDirectoryService } from '../identity';
import {
  NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
  NEARBY_PEOPLE_DEFAULT_TAKE,
  type NearbyPeopleDto,
} from './dto/people.dto';
import { ProfilesErrors } from './profiles.errors';

/**
 * People: the directory of listed members (anyone may page it) and the members nearby a point
 * (members only), both from identity's MemberDirectoryService; the rules of who asks live here.
 */
@Injectable()
export class PeopleService {
  constructor(private readonly directory: MemberDirectoryService) {}

  /** `?order=newest|name&cursorId=&take=` of GET /api/users. */
  directoryPage(raw: { order: unknown; cursor: unknown; take: unknown }) {
    return this.directory.page(parseOrder(raw.order), raw.cursor, parseTake(raw.take));
  }

  /**
   * Members nearest the point, the caller left out. `userId` is the spec's field: it must be the
   * caller, so nobody asks in another member's name.
   */
  nearby(member: Member, input: NearbyPeopleDto) {
    if (input.userId.toLowerCase() !== member.userId) throw ProfilesErrors.NOT_YOUR_ACCOUNT();
    return this.directory.nearby(
      { latitude: input.latitude, longitude: input.longitude },
      input.radius_km ?? NEARBY_PEOPLE_DEFAULT_RADIUS_KM,
      input.take ?? NEARBY_PEOPLE_DEFAULT_TAKE,
      member.userId,
    );
  }
}

function parseOrder(raw: unknown): DirectoryOrder {
  if (raw === undefined || raw === '') return 'newest';
  if (typeof raw === 'string' && (DIRECTORY_ORDERS as readonly string[]).includes(raw))
    return raw as DirectoryOrder;
  throw PlatformErrors.VALIDATION_FAILED([
    { field: 'order', messages: [`order must be one of ${DIRECTORY_ORDERS.join(', ')}`] },
  ]);
}
