import { ApiProperty } from '@nestjs/swagger';
import { TextField, UuidField } from '../../../platform/http/fields';

export class InitPhoneCheckDto {
  @TextField({ max: 20, description: 'E.164, e.g. +61412345678' })
  phoneNo: string;

  @UuidField({ description: "The caller's own uuid" })
  userId: string;
}

export class ConfirmPhoneDto {
  @TextField({ max: 20 })
  phoneNo: string;

  @UuidField()
  userId: string;

  @UuidField({ description: 'From init-phone-and-check' })
  recordId: string;

  @TextField({ min: 6, max: 6, pattern: /^\d{6}$/, patternMessage: 'code must be 6 digits' })
  code: string;
}

export class PhoneCheckStartedDto {
  @ApiProperty({ description: 'True when the number is not valid or the SMS could not be sent' })
  unverifiable: boolean;

  @ApiProperty({ description: 'Empty when unverifiable' })
  recordId: string;
}

export class PhoneVerifiedDto {
  @ApiProperty({ enum: [true] }) verified: true;
  @ApiProperty({ enum: [true] }) phone_verified: true;
}
