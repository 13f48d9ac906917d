import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EnumField } from '../../../platform/http/fields';
import { TimeZoneField } from '../../../platform/time-zone/time-zone';
import { EMAIL_MODES, type EmailMode } from '../entities/user-settings.entity';
import { UserSummaryDto } from './profile.dto';

const MODE_HELP =
  "'off', 'immediately' (one e-mail each) or 'daily' (one digest a day); the email_on_* switch of the same kind reads true unless 'off'";

export class UserSettingsDto {
  @BooleanField() email_on_message: boolean;
  @BooleanField() email_on_comment: boolean;
  @BooleanField() email_on_event: boolean;
  @EnumField(EMAIL_MODES, { description: `New messages: ${MODE_HELP}` })
  email_messages: EmailMode;
  @EnumField(EMAIL_MODES, { description: `Comments and reactions: ${MODE_HELP}` })
  email_comments: EmailMode;
  @EnumField(EMAIL_MODES, { description: `Events: ${MODE_HELP}` })
  email_events: EmailMode;
  @BooleanField({ description: 'Shown in "people nearby"' }) show_in_nearby: boolean;
  @EnumField(['km', 'mi']) distance_unit: 'km' | 'mi';
  @ApiProperty({
    type: String,
    nullable: true,
    example: 'Europe/Berlin',
    description: `IANA time zone daily digests go out in, at 07:00; null: not set yet (UTC)`,
  })
  time_zone: string | null;
}

export class UpdateUserSettingsDto {
  @BooleanField({ optional: true }) email_on_message?: boolean;
  @BooleanField({ optional: true }) email_on_comment?: boolean;
  @BooleanField({ optional: true }) email_on_event?: boolean;
  @EnumField(EMAIL_MODES, {
    optional: true,
    description: 'Wins over email_on_message when both are sent',
  })
  email_messages?: EmailMode;
  @EnumField(EMAIL_MODES, {
    optional: true,
    description: 'Wins over email_on_comment when both are sent',
  })
  email_comments?: EmailMode;
  @EnumField(EMAIL_MODES, {
    optional: true,
    description: 'Wins over email_on_event when both are sent',
  })
  email_events?: EmailMode;
  @BooleanField({ optional: true }) show_in_nearby?: boolean;
  @EnumField(['km', 'mi'], { optional: true }) distance_unit?: 'km' | 'mi';
  @TimeZoneField({
    optional: true,
    description: 'IANA time zone daily digests go out in, at 07:00 (e.g. Europe/Berlin)',
  })
  time_zone?: string;
}

export class PermissionDto {
  @ApiProperty() permitted: boolean;
}

export class UpdateMemberRolesDto {
  @BooleanField({ optional: true }) trusted?: boolean;
  @BooleanField({ optional: true }) suspended?: boolean;
  @BooleanField({
    optional: true,
    description:
      'Make an admin or withdraw the role (never from oneself, nor from the last active admin)',
  })
  admin?: boolean;
  @BooleanField({
    optional: true,
    description:
      'Grant or withdraw the ops permission: the queue dashboard (read-only) and the metrics, no member data',
  })
  ops?: boolean;
}

export class AdminUserDto extends UserSummaryDto {
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['signed-up', 'verified', 'registered'] }) stage: string;
  @ApiProperty() trusted: boolean;
  @ApiProperty() admin: boolean;
  @ApiProperty({ description: 'Holds the ops permission (queue dashboard read-only, metrics)' })
  ops: boolean;
  @ApiProperty() suspended: boolean;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class AdminUserPageDto {
  @ApiProperty({ type: [AdminUserDto] }) items: AdminUserDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}

export class AdminSessionUserDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() email: string;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
}

export class AdminSessionDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) last_used_at: string | null;
  @ApiProperty() expires_at: string;
  @ApiProperty({ type: String, nullable: true }) revoked_at: string | null;
  @ApiProperty({ type: String, nullable: true }) user_agent: string | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty({ type: AdminSessionUserDto }) user: AdminSessionUserDto;
}
