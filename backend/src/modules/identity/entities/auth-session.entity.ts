import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { UserAccount } from './user-account.entity';

/**
 * A login on one device: the family of its rotating refresh tokens. Revoking it ends the refresh
 * chain and invalidates its access tokens at once (they name the session).
 */
@Entity('auth_session')
@Index('auth_session_user_idx', ['userId'])
export class AuthSession {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => UserAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  /** Sent with every mutation of this session. */
  @Column('text')
  csrfToken: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Fixed at login: a session lives 400 days, however often it refreshes. */
  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  lastUsedAt: Date | null;

  @Column('timestamptz', { nullable: true })
  revokedAt: Date | null;

  @Column('text', { nullable: true })
  revokedReason: string | null;

  @Column('text', { nullable: true })
  userAgent: string | null;

  @Column('text', { nullable: true })
  ip: string | null;
}
