import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { LatLng } from '../../platform/geo/geo';
import { lockedPlaceOf } from './accounts.queries';
import type { UserAccount } from './entities/user-account.entity';

/**
 * A module above identity that keeps, on its own rows, where a member is found nearby (plants:
 * the point its available listings are found at), so its nearby list reads its own GiST index
 * instead of first reading the members nearest the origin. Identity tells it in the transaction
 * that changes the member's place, so the copy never lags behind the account.
 */
export interface MemberPlaceListener {
  name: string;
  /** `point` is the member's stored (true) point, or null when they are not to be found nearby. */
  placeChanged(manager: EntityManager, userId: string, point: LatLng | null): Promise<void>;
}

/**
 * A member's place as nearby lists use it: their stored point while they are registered, not
 * suspended and located; null otherwise.
 */
export function nearbyPlaceOf(
  user: Pick<UserAccount, 'latitude' | 'longitude' | 'registeredAt' | 'suspendedAt'>,
): LatLng | null {
  if (!user.registeredAt || user.suspendedAt || user.latitude === null || user.longitude === null)
    return null;
  return { latitude: user.latitude, longitude: user.longitude };
}

/** The listeners modules register at start-up, and the member's place as they copy it. */
@Injectable()
export class MemberPlaces {
  private readonly listeners: MemberPlaceListener[] = [];

  register(listener: MemberPlaceListener): void {
    if (this.listeners.some((other) => other.name === listener.name))
      throw new Error(`Member place listener "${listener.name}" registered twice`);
    this.listeners.push(listener);
  }

  /** Identity calls this in the transaction that changed the account's place (saved or not yet). */
  async changed(
    manager: EntityManager,
    user: Pick<UserAccount, 'id' | 'latitude' | 'longitude' | 'registeredAt' | 'suspendedAt'>,
  ): Promise<void> {
    const point = nearbyPlaceOf(user);
    for (const listener of this.listeners) await listener.placeChanged(manager, user.id, point);
  }

  /**
   * The member's place now, for a row the caller is about to write with a copy of it. The account
   * row stays share-locked until the caller's transaction ends: a move waits for it, then updates
   * the new row too (a move already under way is waited for and read after it).
   */
  current(manager: EntityManager, userId: string): Promise<LatLng | null> {
    return lockedPlaceOf(manager, userId);
  }
}
