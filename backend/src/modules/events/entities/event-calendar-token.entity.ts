import { Column, CreateDateColumn, Entity, JoinColumn, OneToOne, PrimaryColumn } from 'typeorm';
import type { UserAccount } from '../../identity';

/**
 * A member's calendar feed key (their GOING dates): the URL carries a random token; only its
 * SHA-256 is stored, so the table leaks no usable URL. One per member; a new one replaces it.
 */
@Entity('event_calendar_token')
export class EventCalendarToken {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('text', { unique: true })
  tokenHash: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
