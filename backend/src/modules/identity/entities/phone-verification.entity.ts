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

/** A code sent by SMS to prove a phone number (the spec's `recordId` is this row's id). */
@Entity('phone_verification')
@Index('phone_verification_user_idx', ['userId'])
export class PhoneVerification {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid')
  userId: string;

  @ManyToOne(() => UserAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('text')
  phoneNo: string;

  /** SHA-256 of the code, keyed with the record id so equal codes hash differently. */
  @Column('text')
  codeHash: string;

  @Column('integer', { default: 0 })
  attempts: number;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;

  @Column('timestamptz')
  expiresAt: Date;

  @Column('timestamptz', { nullable: true })
  verifiedAt: Date | null;
}
