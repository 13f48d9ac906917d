import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Small acknowledgement bodies, one class per shape so the OpenAPI document names them. */
export class LoggedOutDto {
  @ApiProperty({ enum: [true] }) loggedOut: true;
}
export class SentDto {
  @ApiProperty({
    enum: [true],
    description: 'Always true, whether or not the address has an account',
  })
  sent: true;
}
export class EmailVerifiedDto {
  @ApiProperty({ enum: [true] }) verified: true;

  @ApiPropertyOptional({
    description:
      'Only when a code_challenge was sent: a one-time code to exchange at /api/iam/authn/refresh within expires_in seconds',
  })
  code?: string;

  @ApiPropertyOptional() expires_in?: number;
}
export class ValidDto {
  @ApiProperty({ enum: [true] }) valid: true;
}
export class UpdatedDto {
  @ApiProperty({ enum: [true] }) updated: true;
}
export class DeletedDto {
  @ApiProperty({ enum: [true] }) deleted: true;
}
export class RevokedDto {
  @ApiProperty({ enum: [true] }) revoked: true;
}
export class PurgedDto {
  @ApiProperty({ description: 'How many ended sessions were removed' }) deleted: number;
}
export class OpsPassDto {
  @ApiProperty({ example: '/admin/queues' }) url: string;
}
