import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

export const LOCATION_NAME_MAX = 120;
export const LOCATION_ADDRESS_MAX = 200;
export const LOCATION_PLACE_MAX = 120;

/**
 * Where events happen: a venue by name (and state) or by street address, or both. Rows are shared
 * by events and deduplicated on write (see EventLocationsService): two unique expression indexes
 * (in the migration, so TypeORM does not see them) hold one row per lower-cased name and state and
 * one per lower-cased address, suburb or city and state. A GiST index on the public point
 * (platform/geo) serves nearby events.
 */
@Entity('event_location')
@Check('event_location_named_chk', 'name IS NOT NULL OR address IS NOT NULL')
@Check('event_location_name_chk', `char_length(name) BETWEEN 1 AND ${LOCATION_NAME_MAX}`)
@Check('event_location_address_chk', `char_length(address) BETWEEN 1 AND ${LOCATION_ADDRESS_MAX}`)
@Check('event_location_suburb_chk', `char_length(suburb_city) <= ${LOCATION_PLACE_MAX}`)
@Check('event_location_state_chk', `char_length(state) <= ${LOCATION_PLACE_MAX}`)
@Check('event_location_country_chk', `char_length(country) <= ${LOCATION_PLACE_MAX}`)
@Check('event_location_latitude_chk', 'latitude BETWEEN -90 AND 90')
@Check('event_location_longitude_chk', 'longitude BETWEEN -180 AND 180')
export class EventLocation {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text', { nullable: true })
  name: string | null;

  /** The street address line. */
  @Column('text', { nullable: true })
  address: string | null;

  @Column('text', { nullable: true })
  suburbCity: string | null;

  @Column('text', { nullable: true })
  state: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  @Column('double precision')
  latitude: number;

  @Column('double precision')
  longitude: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
