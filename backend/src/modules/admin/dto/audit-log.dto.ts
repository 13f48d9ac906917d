import { ApiProperty } from '@nestjs/swagger';
import { ANY_JSON } from './site-settings.dto';

export class AuditEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) actorId: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The actor’s username; null once their account is gone',
  })
  actorUsername: string | null;
  @ApiProperty({ example: 'site-setting.update' }) action: string;
  @ApiProperty({ example: 'site-setting' }) targetType: string;
  @ApiProperty({ type: String, nullable: true }) targetId: string | null;
  @ApiProperty(ANY_JSON('The target before the action, or null')) before: unknown;
  @ApiProperty(ANY_JSON('The target after the action, or null')) after: unknown;
  @ApiProperty({ type: String, format: 'date-time' }) createdAt: Date;
}

export class AuditPageDto {
  @ApiProperty({ type: [AuditEntryDto] }) items: AuditEntryDto[];
  @ApiProperty({ type: String, nullable: true }) next_cursor: string | null;
}
