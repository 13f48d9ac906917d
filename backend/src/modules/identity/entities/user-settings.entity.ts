import {
  Check,
  Column,
  Entity,
  JoinColumn,
  OneToOne,
  PrimaryColumn,
  UpdateDateColumn,
} from 'typeorm';
import { UserAccount } from './user-account.entity';

export type DistanceUnit = 'km' | 'mi';

/** What a member is e-mailed about: messages, comments and reactions, events. */
export const EMAIL_KINDS = ['messages', 'comments', 'events'] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** How: never, one e-mail per notification, or one daily digest of them. */
export const EMAIL_MODES = ['off', 'immediately', 'daily'] as const;
export type EmailMode = (typeof EMAIL_MODES)[number];

/** A kind's mode when a member first has settings, or turns its old on/off switch back on. */
export const EMAIL_MODE_DEFAULTS: Readonly<Record<EmailKind, EmailMode>> = Object.freeze({
  messages: 'immediately',
  comments: 'daily',
  events: 'daily',
});

@Entity('user_settings')
@Check('user_settings_email_messages_chk', "email_messages IN ('off', 'immediately', 'daily')")
@Check('user_settings_email_comments_chk', "email_comments IN ('off', 'immediately', 'daily')")
@Check('user_settings_email_events_chk', "email_events IN ('off', 'immediately', 'daily')")
@Check(
  'user_settings_time_zone_chk',
  'time_zone IS NULL OR char_length(time_zone) BETWEEN 1 AND 64',
)
export class UserSettings {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne(() => UserAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  /**
   * E-mail per kind (see EmailMode). The spec's `email_on_message` / `email_on_comment` /
   * `email_on_event` booleans are read off these: on unless 'off' (user-settings.service.ts).
   */
  @Column('text', { default: EMAIL_MODE_DEFAULTS.messages })
  emailMessages: EmailMode;

  /** Comments and reactions. */
  @Column('text', { default: EMAIL_MODE_DEFAULTS.comments })
  emailComments: EmailMode;

  @Column('text', { default: EMAIL_MODE_DEFAULTS.events })
  emailEvents: EmailMode;

  /** Whether others see this member in "people nearby". */
  @Column('boolean', { default: true })
  showInNearby: boolean;

  @Column('text', { default: 'km' })
  distanceUnit: DistanceUnit;

  /**
   * The member's IANA time zone (checked with Intl when saved): daily digests go at 07:00 there.
   * Null until the member (or their browser, on sign-in) sets it: UTC meanwhile.
   */
  @Column('text', { nullable: true })
  timeZone: string | null;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
