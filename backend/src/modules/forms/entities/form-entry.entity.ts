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
import type { UserAccount } from '../../identity';

export const FORM_KINDS = ['contact', 'feedback'] as const;
export type FormKind = (typeof FORM_KINDS)[number];
export const FORM_SUBJECT_MAX = 150;
export const FORM_TEXT_MIN = 10;
export const FORM_TEXT_MAX = 5000;
export const FORM_REPLY_EMAIL_MAX = 254;

/**
 * A contact or feedback entry (spec: Form entry), from a member (`user_id`) or a guest (who must
 * leave a reply address). Admins list them newest first (`form_entry_created_idx`) and mark them
 * handled. An entry outlives its author's account (SET NULL): what they wrote may still matter.
 */
@Entity('form_entry')
@Index('form_entry_created_idx', ['createdAt', 'id'])
@Check('form_entry_kind_chk', "kind IN ('contact', 'feedback')")
@Check('form_entry_subject_chk', `char_length(subject) BETWEEN 1 AND ${FORM_SUBJECT_MAX}`)
@Check('form_entry_text_chk', `char_length(text) BETWEEN 1 AND ${FORM_TEXT_MAX}`)
@Check(
  'form_entry_reply_email_chk',
  `reply_email IS NULL OR char_length(reply_email) <= ${FORM_REPLY_EMAIL_MAX}`,
)
export class FormEntry {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  kind: FormKind;

  @Column('text')
  subject: string;

  @Column('text')
  text: string;

  @Column('text', { nullable: true })
  replyEmail: string | null;

  @Column('uuid', { nullable: true })
  userId: string | null;

  @ManyToOne('UserAccount', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('timestamptz', { nullable: true })
  handledAt: Date | null;

  @Column('uuid', { nullable: true })
  handledBy: string | null;

  @ManyToOne('UserAccount', { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'handled_by' })
  handler?: UserAccount;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
