import {
  Check,
  Column,
  CreateDateColumn,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  PrimaryGeneratedColumn,
  Unique,
  UpdateDateColumn,
} from 'typeorm';
import type { UserAccount } from '../../identity';
import type { EventSpecific } from './event-specific.entity';

export const ATTENDANCE_STATUSES = ['MAYBE', 'GOING', 'NOT_GOING'] as const;
export type AttendanceStatus = (typeof ATTENDANCE_STATUSES)[number];
export const BRING_MAX = 140;

/** One member's answer for one date, with what they bring (GOING or MAYBE only). */
@Entity('event_attendee')
@Unique('event_attendee_answer_uq', ['specificId', 'userId'])
@Index('event_attendee_user_idx', ['userId', 'status'])
@Check('event_attendee_status_chk', "status IN ('MAYBE', 'GOING', 'NOT_GOING')")
@Check('event_attendee_bring_chk', `char_length(bring) BETWEEN 1 AND ${BRING_MAX}`)
@Check('event_attendee_bring_status_chk', "bring IS NULL OR status <> 'NOT_GOING'")
export class EventAttendee {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  specificId: string;

  @ManyToOne('EventSpecific', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'specific_id' })
  specific?: EventSpecific;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('text')
  status: AttendanceStatus;

  @Column('text', { nullable: true })
  bring: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
