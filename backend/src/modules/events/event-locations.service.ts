import { Injectable } from '@nestjs/common';
import { publicPoint } from '../../platform/geo/geo';
import { type Viewer } from '../../platform/access/viewer';
import { Sql } from '../../platform/database/sql';
import { SqlParams } from '../../platform/database/sql-params';
import type { SqlRunner } from '../../platform/database/sql-runner';
import { PlatformErrors } from '../../platform/http/platform.errors';
import type { EventLocationDto } from './dto/events.dto';
import * as locations from './event-locations.queries';
import type { LocationInput, LocationRow } from './event-locations.queries';
import { eventById, eventByRandomId } from './events.queries';
import { EventsErrors } from './events.errors';
import { canSeeEvent } from './event-rules';

export const MAX_PAGE_LOCATIONS = 100;

/** A place as the client sends it. */
export interface LocationFields {
  name?: string | null;
  address?: string | null;
  suburb_city?: string | null;
  state?: string | null;
  country?: string | null;
  latitude: number;
  longitude: number;
}

/**
 * Event places. Writes deduplicate: a place with a name is the row with that name and state (any
 * case), else one with a street address is the row with that address, suburb or city and state;
 * only a place matching neither is inserted (two writers at once meet on the unique indexes and
 * both get the one row). Coordinates shown are the ~1 km grid cell's centre (platform/geo).
 */
@Injectable()
export class EventLocationsService {
  constructor(private readonly sql: Sql) {}

  /** The place's row, found or made. */
  async resolve(db: SqlRunner, input: LocationFields): Promise<string> {
    const location = normalise(input);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const found = await this.find(db, location);
      if (found) return found.id;
      const inserted = await locations.insertLocation(db, location);
      if (inserted) return inserted.id;
    }
    // The row that made the insert conflict is there now, seen by a new statement.
    const found = await this.find(db, location);
    if (!found) throw PlatformErrors.CONFLICT();
    return found.id;
  }

  /** An existing location by id, or EVENT_LOCATION_NOT_FOUND. */
  async existing(db: SqlRunner, id: string): Promise<string> {
    const [row] = await locations.locationsByIds(db, [id]);
    if (!row) throw EventsErrors.EVENT_LOCATION_NOT_FOUND();
    return row.id;
  }

  async byNameState(name: string, state: string): Promise<EventLocationDto> {
    const row = await locations.locationByNameState(this.sql, name, state);
    if (!row) throw EventsErrors.EVENT_LOCATION_NOT_FOUND();
    return toLocationDto(row);
  }

  async byAddress(address: string, suburbCity: string, state: string): Promise<EventLocationDto> {
    const row = await locations.locationByAddress(this.sql, address, suburbCity, state);
    if (!row) throw EventsErrors.EVENT_LOCATION_NOT_FOUND();
    return toLocationDto(row);
  }

  async ofEvent(
    viewer: Viewer,
    eventId: string | null,
    randomId: string | null,
  ): Promise<EventLocationDto[]> {
    if (!eventId && !randomId)
      throw PlatformErrors.VALIDATION_FAILED([
        { field: 'eventId', messages: ['give eventId or randomId'] },
      ]);
    const event = eventId
      ? await eventById(this.sql, eventId)
      : await eventByRandomId(this.sql, randomId as string);
    if (!event || (randomId && event.random_id !== randomId) || !canSeeEvent(viewer, event))
      throw EventsErrors.EVENT_NOT_FOUND();
    return (await locations.locationsOfEvent(this.sql, event.id)).map(toLocationDto);
  }

  async ofPage(viewer: Viewer, pageId: string): Promise<EventLocationDto[]> {
    const rows = await locations.locationsOfPage(
      this.sql,
      pageId,
      viewer,
      new SqlParams(),
      MAX_PAGE_LOCATIONS,
    );
    return rows.map(toLocationDto);
  }

  async byIds(ids: string[]): Promise<Map<string, EventLocationDto>> {
    const rows = await locations.locationsByIds(this.sql, [...new Set(ids)]);
    return new Map(rows.map((row) => [row.id, toLocationDto(row)]));
  }

  private async find(db: SqlRunner, location: LocationInput): Promise<LocationRow | undefined> {
    if (location.name) {
      const byName = await locations.locationByNameState(db, location.name, location.state);
      if (byName) return byName;
    }
    if (location.address)
      return locations.locationByAddress(
        db,
        location.address,
        location.suburb_city,
        location.state,
      );
    return undefined;
  }
}

function text(value: string | null | undefined): string | null {
  const trimmed = typeof value === 'string' ? value.trim().replace(/\s+/g, ' ') : '';
  return trimmed ? trimmed : null;
}

function normalise(input: LocationFields): LocationInput {
  const location = {
    name: text(input.name),
    address: text(input.address),
    suburb_city: text(input.suburb_city),
    state: text(input.state),
    country: text(input.country),
    latitude: input.latitude,
    longitude: input.longitude,
  };
  if (!location.name && !location.address)
    throw PlatformErrors.VALIDATION_FAILED([
      { field: 'location', messages: ['a place needs a name or an address'] },
    ]);
  return location;
}

export function toLocationDto(row: LocationRow): EventLocationDto {
  const point = publicPoint({ latitude: Number(row.latitude), longitude: Number(row.longitude) });
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    suburb_city: row.suburb_city,
    state: row.state,
    country: row.country,
    latitude: round(point.latitude),
    longitude: round(point.longitude),
  };
}

function round(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}
