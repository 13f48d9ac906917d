import {
  Check,
  Column,
  Entity,
  Index,
  JoinColumn,
  ManyToOne,
  OneToOne,
  PrimaryGeneratedColumn,
} from 'typeorm';
import type { Post } from '../../content';
import type { UserAccount } from '../../identity';

export const PLANT_NAME_MAX = 80;
export const PLANT_SPECIES_MAX = 120;
export const SWAP_TERMS_MAX = 300;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 999;

/**
 * A plant listing's details. The listing itself is a post of type plant/image (one each). Other
 * modules' entities are named, not imported: a module never holds another's repository.
 */
@Entity('plant')
@Index('plant_user_idx', ['userId', 'available'])
@Check('plant_name_chk', `char_length(name) BETWEEN 1 AND ${PLANT_NAME_MAX}`)
@Check('plant_species_chk', `char_length(species) <= ${PLANT_SPECIES_MAX}`)
@Check('plant_swap_terms_chk', `char_length(swap_terms) <= ${SWAP_TERMS_MAX}`)
@Check('plant_quantity_chk', `quantity BETWEEN ${QUANTITY_MIN} AND ${QUANTITY_MAX}`)
export class Plant {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { unique: true })
  postId: string;

  @OneToOne('Post', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'post_id' })
  post?: Post;

  @Column('uuid')
  userId: string;

  @ManyToOne('UserAccount', { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'user_id' })
  user?: UserAccount;

  @Column('text')
  name: string;

  @Column('text', { nullable: true })
  species: string | null;

  @Column('boolean', { default: true })
  available: boolean;

  @Column('int', { nullable: true })
  quantity: number | null;

  /** What the owner would take in return, e.g. "swap for a fern". */
  @Column('text', { nullable: true })
  swapTerms: string | null;

  @Column('timestamptz', { default: () => 'now()' })
  updatedAt: Date;

  /**
   * Where the listing is found nearby: its owner's public point (platform/geo's cell centre, never
   * the home), null while the owner has no place or is suspended. Kept in the transaction that
   * moves or suspends the owner (identity's MemberPlaces); read through the partial GiST index
   * plant_available_point_gist_idx (migration PlantNearbyPoint). Never shown.
   */
  @Column('double precision', { nullable: true })
  ownerLatitude: number | null;

  @Column('double precision', { nullable: true })
  ownerLongitude: number | null;
}
