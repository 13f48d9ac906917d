import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  PrimaryGeneratedColumn,
  UpdateDateColumn,
} from 'typeorm';

/** A display name: a line of 1 to 50 characters; the handle stays the member's unique name. */
export const DISPLAY_NAME_MAX = 50;
/** A bio: plain text (line breaks kept), at most 300 characters. */
export const BIO_MAX = 300;

/**
 * A member's account. The registration stage is derived: no verified e-mail → signed up;
 * verified but no username/location → verified; `registered_at` set → registered.
 */
@Entity('user_account')
@Check(
  'user_account_display_name_chk',
  `char_length(display_name) BETWEEN 1 AND ${DISPLAY_NAME_MAX}`,
)
@Check('user_account_bio_chk', `char_length(bio) BETWEEN 1 AND ${BIO_MAX}`)
// The admins' member lists, newest first (members.queries.ts adminMemberPage).
@Index('user_account_registered_list_idx', ['createdAt', 'id'], {
  where: 'registered_at IS NOT NULL',
})
@Index('user_account_incomplete_list_idx', ['createdAt', 'id'], { where: 'registered_at IS NULL' })
// The people directory, newest first and by name (directory.queries.ts directoryPage).
@Index('user_account_directory_newest_idx', ['registeredAt', 'id'], {
  where: 'registered_at IS NOT NULL AND suspended_at IS NULL',
})
@Index('user_account_directory_name_idx', ['username'], {
  where: 'registered_at IS NOT NULL AND suspended_at IS NULL',
})
export class UserAccount {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** Stored lower-cased and trimmed. */
  @Column('text', { unique: true })
  email: string;

  @Column('timestamptz', { nullable: true })
  emailVerifiedAt: Date | null;

  @Column('text')
  passwordHash: string;

  /** Lower-case handle; its uniqueness across users and pages is kept by the `handle` table. */
  @Column('text', { nullable: true, unique: true })
  username: string | null;

  /** Image ref of the avatar (and its variants' refs, for cleanup). */
  @Column('text', { nullable: true })
  avatar: string | null;

  @Column('text', { array: true, default: () => "'{}'" })
  avatarVariants: string[];

  @Column('text', { nullable: true })
  avatarBlurhash: string | null;

  /** How they like to be called, shown beside the handle; null: the handle alone. */
  @Column('text', { nullable: true })
  displayName: string | null;

  /** A few words about themselves, plain text; null when none. */
  @Column('text', { nullable: true })
  bio: string | null;

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

  @Column('timestamptz', { nullable: true })
  registeredAt: Date | null;

  @Column('text', { nullable: true })
  phoneNo: string | null;

  @Column('timestamptz', { nullable: true })
  phoneVerifiedAt: Date | null;

  @Column('boolean', { default: false })
  isTrusted: boolean;

  @Column('boolean', { default: false })
  isAdmin: boolean;

  @Column('timestamptz', { nullable: true })
  suspendedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
