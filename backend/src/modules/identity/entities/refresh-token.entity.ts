import {
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import { AuthSession } from './auth-session.entity';

/** One link of a session's refresh chain. Only the SHA-256 of the token is stored. */
@Entity('refresh_token')
@Index('refresh_token_session_idx', ['sessionId'])
export class RefreshToken {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  sessionId: string;

  @ManyToOne(() => AuthSession, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'session_id' })
  session?: AuthSession;

  @Column('text', { unique: true })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  /** Set when the token is exchanged; a second exchange of it is reuse. */
  @Column('timestamptz', { nullable: true })
  usedAt: Date | null;
}
