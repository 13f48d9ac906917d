import { Column, Entity, JoinColumn, OneToOne, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { UserAccount } from './user-account.entity';

export type DistanceUnit = 'km' | 'mi';

@Entity('user_settings')
export class UserSettings {
  @PrimaryColumn('uuid')
  userId: string;

  @OneToOne(() => UserAccount, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('boolean', { default: true })
  emailOnMessage: boolean;

  @Column('boolean', { default: true })
  emailOnComment: boolean;

  @Column('boolean', { default: true })
  emailOnEvent: boolean;

  /** Whether others see this member in "people nearby". */
  @Column('boolean', { default: true })
  showInNearby: boolean;

  @Column('text', { default: 'km' })
  distanceUnit: DistanceUnit;

  @UpdateDateColumn({ type: 'timestamptz' })
  updatedAt: Date;
}
