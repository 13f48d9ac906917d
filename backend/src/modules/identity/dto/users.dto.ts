import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EnumField } from '../../../platform/http/fields';
import { UserSummaryDto } from './profile.dto';

export class UserSettingsDto {
  @BooleanField() email_on_message: boolean;
  @BooleanField() email_on_comment: boolean;
  @BooleanField() email_on_event: boolean;
  @BooleanField({ description: 'Shown in "people nearby"' }) show_in_nearby: boolean;
  @EnumField(['km', 'mi']) distance_unit: 'km' | 'mi';
}

export class UpdateUserSettingsDto {
  @BooleanField({ optional: true }) email_on_message?: boolean;
  @BooleanField({ optional: true }) email_on_comment?: boolean;
  @BooleanField({ optional: true }) email_on_event?: boolean;
  @BooleanField({ optional: true }) show_in_nearby?: boolean;
  @EnumField(['km', 'mi'], { optional: true }) distance_unit?: 'km' | 'mi';
}

export class PermissionDto {
  @ApiProperty() permitted: boolean;
}

export class UpdateMemberRolesDto {
  @BooleanField({ optional: true }) trusted?: boolean;
  @BooleanField({ optional: true }) suspended?: boolean;
}

export class AdminUserDto extends UserSummaryDto {
  @ApiProperty() email: string;
  @ApiProperty({ enum: ['signed-up', 'verified', 'registered'] }) stage: string;
  @ApiProperty() trusted: boolean;
  @ApiProperty() admin: boolean;
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
