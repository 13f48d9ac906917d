import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { EmailKind, EmailMode } from '../../identity';

/**
 * One thing a member is to be e-mailed about (MemberEmails.notify): sent alone (`via`
 * 'immediately', its own `notification-email` job) or in their next daily digest ('daily').
 * `(user_id, cause_key)` is unique, so telling of a cause twice (a job run twice) adds nothing;
 * `sent_at` is set, under a row lock, in the transaction that sends it, so it goes out once. A
 * notification's item goes with it (its cause was deleted: nothing to tell).
 */
@Entity('email_item')
@Index('email_item_cause_idx', ['userId', 'causeKey'], { unique: true })
@Index('email_item_pending_digest_idx', ['userId', 'createdAt'], {
  where: "sent_at IS NULL AND via = 'daily'",
})
@Index('email_item_notification_idx', ['notificationId'])
@Index('email_item_actor_idx', ['actorId'])
@Check('email_item_kind_chk', "kind IN ('messages', 'comments', 'events')")
@Check('email_item_via_chk', "via IN ('immediately', 'daily')")
export class EmailItem {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  /** The recipient. */
  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  @Column('text')
  kind: EmailKind;

  /** What it is about, unique per recipient: `n:{notification dedupe key}`, `message:{id}` … */
  @Column('text')
  causeKey: string;

  /** For comments, reactions and events: the notification it tells of. */
  @Column('uuid', { nullable: true })
  notificationId: string | null;

  @ManyToOne('Notification', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'notification_id' })
  notification?: unknown;

  /** Who did it (messages: the sender). */
  @Column('uuid', { nullable: true })
  actorId: string | null;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'actor_id' })
  actor?: unknown;

  /** Where the e-mail's button leads, a path in the web app (messages; else from the notification). */
  @Column('text', { nullable: true })
  link: string | null;

  @Column('text')
  via: Exclude<EmailMode, 'off'>;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** When it went out (or was dropped, its kind turned off meanwhile); null: still to send. */
  @Column('timestamptz', { nullable: true })
  sentAt: Date | null;
}
