import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A named set of tags (e.g. "Indoor plants"), chosen by admins when they edit a tag. */
@Entity('tag_group')
export class TagGroup {
  @PrimaryGeneratedColumn()
  id: number;

  @Column('text', { unique: true })
  name: string;

  @CreateDateColumn({ type: 'timestamptz' })
  createdAt: Date;
}
