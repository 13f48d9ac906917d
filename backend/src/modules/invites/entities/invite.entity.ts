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

export const INVITE_TYPES = ['site', 'page', 'event'] as const;
export type InviteType = (typeof INVITE_TYPES)[number];
export const INVITE_NOTE_MAX = 500;

/**
 * An invitation (spec: Invite): to join the site, or to a page or an event (`target_id`). A site
 * invite is used once, by the sign-up that consumes it (`use_count` ≤ 1 is a constraint, and the
 * consuming UPDATE is conditional on `use_count = 0`, so two sign-ups racing for it succeed once);
 * a page or event invite is a link its creator shares, accepted by any number of members until
 * it expires or is switched off (`is_valid`). Expired invites are purged a while after expiry
 * (`invite_expires_idx`, the cleanup queue).
 */
@Entity('invite')
@Index('invite_inviter_idx', ['inviterId', 'createdAt', 'id'])
@Index('invite_expires_idx', ['expiresAt'])
@Check('invite_type_chk', "invite_type IN ('site', 'page', 'event')")
@Check('invite_target_chk', "(invite_type = 'site') = (target_id IS NULL)")
@Check('invite_note_chk', `char_length(note_text) <= ${INVITE_NOTE_MAX}`)
@Check('invite_site_single_use_chk', "invite_type <> 'site' OR use_count <= 1")
@Check('invite_use_count_chk', 'use_count >= 0')
export class Invite {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  inviterId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'inviter_id' })
  inviter?: UserAccount;

  @Column('text')
  inviteType: InviteType;

  /** The page's or event's id; null for a site invite. Not a foreign key: pages and events are
   * other modules' tables, and an invite to something deleted simply shows it is gone. */
  @Column('uuid', { nullable: true })
  targetId: string | null;

  @Column('text', { default: '' })
  noteText: string;

  @Column('boolean', { default: true })
  isValid: boolean;

  @Column('timestamptz')
  expiresAt: Date;

  /** Site invites: 1 once a sign-up used it. Page and event invites: how many members accepted. */
  @Column('integer', { default: 0 })
  useCount: number;

  /** When it was last used (a site invite: when the sign-up consumed it). */
  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
