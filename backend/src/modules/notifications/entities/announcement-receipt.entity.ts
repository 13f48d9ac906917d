import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A site announcement as one member has it: the announcement stored once (`announcement`), and
 * per member only this narrow row, written by the fan-out in set-based batches — what the list
 * shows among the member's notifications, and whether they have seen it. The key is the
 * announcement then the member, so a batch (members in id order) appends to the index, and a run
 * that repeats leaves one row per member. No foreign keys: their per-row checks would cost about
 * as much as the row itself; the migration's statement-level triggers remove a member's rows
 * with their account and an announcement's rows with it instead.
 */
@Entity('announcement_receipt')
@Index('announcement_receipt_user_idx', ['userId'])
export class AnnouncementReceipt {
  @PrimaryColumn('uuid')
  announcementId: string;

  /** The member who has it. */
  @PrimaryColumn('uuid')
  userId: string;

  @Column('boolean', { default: false })
  seen: boolean;

  /** When it reached the member (where it sits in their list). */
  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
