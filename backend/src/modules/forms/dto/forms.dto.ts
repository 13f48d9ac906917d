import { ApiProperty } from '@nestjs/swagger';
import { BooleanField, EmailField, EnumField, TextField } from '../../../platform/http/fields';
import { UserSummaryDto } from '../../identity';
import {
  FORM_KINDS,
  FORM_SUBJECT_MAX,
  FORM_TEXT_MAX,
  FORM_TEXT_MIN,
  type FormKind,
} from '../entities/form-entry.entity';

/** One line of plain text (no control characters). */
const ONE_LINE = /^[^\p{Cc}]*$/u;
/** Plain text with line breaks. */
const PLAIN_TEXT = /^[^\p{Cc}]*(?:[\r\n\t][^\p{Cc}]*)*$/u;

export class NewFormEntryDto {
  @EnumField(FORM_KINDS, { description: 'contact (a question to the team) or feedback' })
  kind: FormKind;

  @TextField({
    max: FORM_SUBJECT_MAX,
    pattern: ONE_LINE,
    patternMessage: '$property must be one line',
  })
  subject: string;

  @TextField({
    min: FORM_TEXT_MIN,
    max: FORM_TEXT_MAX,
    pattern: PLAIN_TEXT,
    patternMessage: '$property must be plain text',
  })
  text: string;

  @EmailField({
    optional: true,
    description: 'Where to answer; required from guests (members are answered at their address)',
  })
  replyEmail?: string;

  @TextField({ max: 200, description: 'The form_token GET forms/validate gave' })
  form_token: string;
}

export class FormHandledDto {
  @BooleanField({ description: 'true: dealt with; false: back to the open ones' })
  handled: boolean;
}

// ---- responses ----

export class FormRulesDto {
  @ApiProperty({ enum: FORM_KINDS, isArray: true }) kinds: FormKind[];
  @ApiProperty({ type: 'integer' }) subject_max: number;
  @ApiProperty({ type: 'integer' }) text_min: number;
  @ApiProperty({ type: 'integer' }) text_max: number;
  @ApiProperty({ description: 'Guests must leave an address to be answered at' })
  reply_email_required: boolean;
  @ApiProperty({
    description:
      'Send it back with the entry (form_token), at least 3 s and at most 2 h after this call',
  })
  form_token: string;
}

export class FormEntryReceiptDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: FORM_KINDS }) kind: FormKind;
  @ApiProperty({ format: 'date-time' }) created_at: string;
}

export class FormEntryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty({ enum: FORM_KINDS }) kind: FormKind;
  @ApiProperty() subject: string;
  @ApiProperty() text: string;
  @ApiProperty({ type: 'string', nullable: true, description: 'The address to answer at' })
  reply_email: string | null;
  @ApiProperty({ type: UserSummaryDto, nullable: true, description: 'null: a guest (or gone)' })
  author: UserSummaryDto | null;
  @ApiProperty({ format: 'date-time' }) created_at: string;
  @ApiProperty({ format: 'date-time', type: 'string', nullable: true }) handled_at: string | null;
  @ApiProperty({ type: 'string', format: 'uuid', nullable: true }) handled_by: string | null;
}

export class FormEntryPageDto {
  @ApiProperty({ type: [FormEntryDto] }) items: FormEntryDto[];
  @ApiProperty({ type: 'string', nullable: true }) next_cursor: string | null;
}
