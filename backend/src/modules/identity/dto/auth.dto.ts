import { ApiProperty } from '@nestjs/swagger';
import {
  EmailField,
  EnumField,
  PasswordField,
  TextField,
  UuidField,
} from '../../../platform/http/fields';

/** base64url(sha256(verifier)) is always 43 characters. */
const CHALLENGE = /^[A-Za-z0-9_-]{43}$/;
/** RFC 7636: 43 to 128 unreserved characters. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;

/**
 * Sign-up does not sign in (its answer may not differ for an address that has an account); the
 * e-mailed link does, so it takes no PKCE challenge.
 */
export class SignUpDto {
  @EmailField()
  email: string;

  @PasswordField({
    description: '8 to 256 characters, not one of the common passwords (else WEAK_PASSWORD)',
  })
  password: string;

  @UuidField({
    optional: true,
    description:
      'The invite this sign-up uses; required while registration_mode is invite-only (else 403 INVITE_REQUIRED)',
  })
  inviteId?: string;
}

export class CredentialsWithChallengeDto {
  @EmailField()
  email: string;

  @PasswordField()
  password: string;

  @TextField({
    min: 43,
    max: 43,
    pattern: CHALLENGE,
    patternMessage: 'code_challenge must be base64url(sha256(code_verifier))',
  })
  code_challenge: string;

  @EnumField(['S256'], { description: 'Only S256 is accepted' })
  code_challenge_method: 'S256';
}

export class LoginCodeDto {
  @ApiProperty({
    description: 'One-time code; exchange it at /api/iam/authn/refresh within expires_in seconds',
  })
  code: string;

  @ApiProperty()
  expires_in: number;
}

export class RefreshDto {
  @EnumField(['authorization_code', 'refresh_token'])
  grant_type: 'authorization_code' | 'refresh_token';

  @TextField({ optional: true, max: 200, description: 'With grant_type authorization_code' })
  code?: string;

  @TextField({
    optional: true,
    min: 43,
    max: 128,
    pattern: VERIFIER,
    description: 'With grant_type authorization_code',
  })
  code_verifier?: string;
}

export class EmailOnlyDto {
  @EmailField()
  email: string;
}

export class TokenDto {
  @TextField({ max: 200 })
  token: string;
}

export class VerifyEmailTokenDto {
  @TextField({ max: 200 })
  token: string;

  @TextField({
    optional: true,
    min: 43,
    max: 43,
    pattern: CHALLENGE,
    patternMessage: 'code_challenge must be base64url(sha256(code_verifier))',
    description: 'PKCE (S256): when given, the answer carries a one-time login code',
  })
  code_challenge?: string;

  @EnumField(['S256'], { optional: true, description: 'Only S256 is accepted' })
  code_challenge_method?: 'S256';
}

export class NewPasswordWithTokenDto {
  @TextField({ max: 200 })
  token: string;

  @PasswordField()
  password: string;
}

export class DeleteAccountDto {
  @TextField({ max: 36, description: "The caller's own uuid" })
  uuid: string;

  @PasswordField({ description: 'The current password, to confirm' })
  password: string;
}
