import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { BooleanField, EnumField, TextField, UuidField } from '../../../platform/http/fields';
import { INVITE_NOTE_MAX, INVITE_TYPES, type InviteType } from '../entities/invite.entity';

/** Plain text with line breaks. */
const PLAIN_TEXT = /^[^\p{Cc}]*(?:[\r\n\t][^\p{Cc}]*)*$/u;

export const INVITE_STATUSES = ['valid', 'used', 'expired', 'revoked'] as const;
export type InviteStatus = (typeof INVITE_STATUSES)[number];

export class NewInviteDto {
  @UuidField({ description: 'The inviter: must be the caller' })
  userId: string;

  @EnumField(INVITE_TYPES, { description: 'site: join the site; page or event: targetId' })
  inviteType: InviteType;

  @UuidField({
    optional: true,
    nullable: true,
    description: 'The page’s or event’s id; left out (or null) for a site invite',
  })
  targetId?: string | null;

  @TextField({
    min: 0,
    max: INVITE_NOTE_MAX,
    optional: true,
    pattern: PLAIN_TEXT,
    patternMessage: '$property must be plain text',
    description: 'A note to whoever opens the invite (shown on its public view)',
  })
  noteText?: string;
}

export class UpdateInviteValidityDto {
  @UuidField({ description: 'The invite’s uuid (the same as in the path)' })
  uuid: string;

  @BooleanField({ description: 'false switches the invite off; true on again (until it expires)' })
  is_valid: boolean;
}

// ---- responses ----

export class InviteTargetDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ description: 'The page’s name or the event’s title' }) title: string;
  @ApiProperty({ description: 'Where it is in the web app: /{handle} or /event/{randomId}' })
  link: string;
}

export class InviteDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() is_valid: boolean;
  @ApiProperty({ enum: INVITE_TYPES }) inviteType: InviteType;
  @ApiProperty({ format: 'uuid', nullable: true, type: 'string' }) targetId: string | null;
  @ApiProperty() noteText: string;
  @ApiProperty({
    enum: INVITE_STATUSES,
    description:
      'valid; used (a site invite someone signed up with); expired; revoked (is_valid false)',
  })
  status: InviteStatus;
  @ApiProperty({
    type: InviteTargetDto,
    nullable: true,
    description: 'null: a site invite, or its page or event is gone',
  })
  target: InviteTargetDto | null;
  @ApiProperty({ description: 'The public view to share: /invites/{uuid}' }) link: string;
  @ApiProperty({ type: 'integer', description: 'Sign-ups (site) or members who accepted' })
  use_count: number;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', nullable: true, type: 'string' }) used_at: string | null;
}

export class InvitePageDto {
  @ApiProperty({ type: [InviteDto] }) items: InviteDto[];
  @ApiProperty({ type: 'string', nullable: true }) next_cursor: string | null;
}

export class InviterDto {
  @ApiProperty() username: string;
  @ApiProperty({ type: 'string', nullable: true }) display_name: string | null;
  @ApiProperty({ type: 'string', nullable: true }) avatar: string | null;
}

export class PublicInviteDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ enum: INVITE_TYPES }) inviteType: InviteType;
  @ApiProperty({ enum: INVITE_STATUSES }) status: InviteStatus;
  @ApiProperty() is_valid: boolean;
  @ApiProperty({ type: InviterDto }) inviter: InviterDto;
  @ApiProperty({ type: InviteTargetDto, nullable: true }) target: InviteTargetDto | null;
  @ApiProperty() noteText: string;
  @ApiProperty({ format: 'date-time' }) expires_at: string;
  @ApiPropertyOptional({
    enum: ['open', 'invite-only'],
    description: 'Site invites: whether sign-up needs this invite',
  })
  registration?: 'open' | 'invite-only';
}

export class AcceptedInviteDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty({ enum: INVITE_TYPES }) inviteType: InviteType;
  @ApiProperty({ description: 'Where to go now: the page or the event' }) link: string;
  @ApiProperty({ description: 'false: this member had accepted it before' }) first_time: boolean;
}
