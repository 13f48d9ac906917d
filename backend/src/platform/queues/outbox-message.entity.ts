import { Column, CreateDateColumn, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A job written in the same transaction as the change that implies it, relayed to BullMQ after
 * commit. A rolled-back change therefore never sends its e-mail, and a committed one always does.
 */
@Entity('outbox_message')
@Index('outbox_message_pending_idx', ['createdAt'], { where: 'dispatched_at IS NULL' })
export class OutboxMessage {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  queue: string;

  @Column('text')
  jobName: string;

  @Column('jsonb')
  payload: object;

  /** BullMQ job id; the same id twice is one job, which makes relaying idempotent. */
  @Column('text', { nullable: true })
  jobId: string | null;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz', { nullable: true })
  dispatchedAt: Date | null;
}
