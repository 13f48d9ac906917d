import { CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from 'typeorm';
import type { UserAccount } from '../../identity';
import type { Invite } from './invite.entity';

/**
 * A member accepted a page or event invite: one row per invite and member (the key), so
 * accepting again counts once.
 */
@Entity('invite_acceptance')
@Index('invite_acceptance_user_idx', ['userId'])
export class InviteAcceptance {
  @PrimaryColumn('uuid')
  inviteId: string;

  @ManyToOne('Invite', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'invite_id' })
  invite?: Invite;

  @PrimaryColumn('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
