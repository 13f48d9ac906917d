import { Column, CreateDateColumn, Entity, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';

/**
 * A member's daily digest of one day of theirs (their local date at 07:00 in their time zone): created (with its `send-digest` job, in one statement)
 * by the gathering, so each member has at most one a day; `sent_at` is set in the transaction
 * that sends it, under its row lock, so a job that runs twice sends it once.
 */
@Entity('email_digest')
export class EmailDigest {
  @PrimaryColumn('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: unknown;

  /** The member's local date it is for, `YYYY-MM-DD`. */
  @PrimaryColumn('date')
  day: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  sentAt: Date | null;

  /** How many items it told of (0: everything pending was turned off meanwhile, none sent). */
  @Column('integer', { default: 0 })
  itemCount: number;
}
