import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';
import type { UserAccount } from '../../identity';

export const PAGE_NAME_MAX = 80;
export const PAGE_ABOUT_MAX = 2000;
export const PLACE_TEXT_MAX = 120;

/**
 * A page: a group's or organisation's profile, with a handle from the namespace usernames share
 * (identity's `handle` table holds the claim). Its place is where the group meets: like a member's
 * home, others only ever see or measure to its public point (platform/geo).
 */
@Entity('page')
@Index('page_owner_idx', ['ownerId', 'createdAt'])
@Index('page_list_idx', ['createdAt', 'id'])
@Check('page_name_chk', `char_length(name) BETWEEN 1 AND ${PAGE_NAME_MAX}`)
@Check('page_about_chk', `char_length(about) <= ${PAGE_ABOUT_MAX}`)
@Check('page_handle_chk', "handle ~ '^[a-z0-9_]{3,30}$'")
@Check('page_latitude_chk', 'latitude BETWEEN -90 AND 90')
@Check('page_longitude_chk', 'longitude BETWEEN -180 AND 180')
export class Page {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Lower-case; unique across users and pages through identity's `handle` table. */
  @Column('text', { unique: true })
  handle: string;

  @Column('text')
  name: string;

  @Column('text', { default: '' })
  about: string;

  @Column('uuid')
  ownerId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'owner_id' })
  owner?: UserAccount;

  /** Image ref of the avatar (its variants' refs kept for removal). */
  @Column('text', { nullable: true })
  avatar: string | null;

  @Column('text', { array: true, default: () => "'{}'" })
  avatarVariants: string[];

  @Column('text', { nullable: true })
  suburbCity: string | null;

  @Column('text', { nullable: true })
  state: string | null;

  @Column('text', { nullable: true })
  country: string | null;

  @Column('double precision', { nullable: true })
  latitude: number | null;

  @Column('double precision', { nullable: true })
  longitude: number | null;

  /** When the admins were e-mailed about the new page (once: emails/new-page). */
  @Column('timestamptz', { nullable: true })
  adminsNotifiedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
