import { ApiProperty } from '@nestjs/swagger';
import { UuidField } from '../../../platform/http/fields';

export class EmailAboutMemberDto {
  @UuidField() userId: string;
}

export class EmailQueuedDto {
  @ApiProperty({ description: 'How many e-mails were queued on the email queue' }) queued: number;
}
