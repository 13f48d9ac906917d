import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  BooleanField,
  NumberField,
  PasswordField,
  PlaceNameField,
  TextField,
} from '../../../platform/http/fields';
import { BIO_MAX, DISPLAY_NAME_MAX } from '../entities/user-account.entity';
import { HANDLE_PATTERN } from '../handles.service';
import { BIO_PATTERN, DISPLAY_NAME_PATTERN } from '../profile-text';
import { RESERVED_HANDLES } from '../identity.constants';

const USERNAME = {
  min: 3,
  max: 30,
  pattern: /^[A-Za-z0-9_]+$/,
  patternMessage: 'username may contain only letters, digits and _',
};

/**
 * The words a handle may not be (after lower-casing), in the document, so the frontends read the
 * same list: `npm run generate` copies it into libs/api-client (generated/field-rules.ts).
 */
const NOT_RESERVED = { not: { enum: [...RESERVED_HANDLES].sort() } };

export class RegisterDto {
  @TextField({ ...USERNAME, description: `Lower-cased; must match ${HANDLE_PATTERN.source}` })
  @ApiProperty(NOT_RESERVED)
  username: string;

  @PlaceNameField()
  suburb_city: string;

  @PlaceNameField()
  state: string;

  @PlaceNameField()
  country: string;

  @NumberField({ min: -90, max: 90 })
  latitude: number;

  @NumberField({ min: -180, max: 180 })
  longitude: number;
}

export class UpdateAccountDto {
  @TextField({ ...USERNAME, optional: true })
  @ApiPropertyOptional(NOT_RESERVED)
  username?: string;

  @TextField({
    min: 0,
    max: DISPLAY_NAME_MAX,
    optional: true,
    nullable: true,
    pattern: DISPLAY_NAME_PATTERN,
    patternMessage: '$property must be plain text on one line',
    description: `How you like to be called, shown beside your username (plain text, at most ${DISPLAY_NAME_MAX} characters); null or blank clears it`,
  })
  display_name?: string | null;

  @TextField({
    min: 0,
    max: BIO_MAX,
    optional: true,
    nullable: true,
    pattern: BIO_PATTERN,
    patternMessage: '$property must be plain text',
    description: `A few words about yourself (plain text with line breaks, at most ${BIO_MAX} characters); null or blank clears it`,
  })
  bio?: string | null;

  @PlaceNameField({ optional: true })
  suburb_city?: string;

  @PlaceNameField({ optional: true })
  state?: string;

  @PlaceNameField({ optional: true })
  country?: string;

  @NumberField({ min: -90, max: 90, optional: true })
  latitude?: number;

  @NumberField({ min: -180, max: 180, optional: true })
  longitude?: number;

  @PasswordField({ optional: true, description: 'Required with new_password' })
  current_password?: string;

  @PasswordField({ optional: true })
  new_password?: string;

  @BooleanField({ optional: true, description: 'With new_password: log out every other session' })
  end_other_sessions?: boolean;
}

export class LocationDto {
  @ApiProperty()
  latitude: number;

  @ApiProperty()
  longitude: number;
}

export class ProfileDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() email: string;
  @ApiProperty() email_verified: boolean;
  @ApiProperty({ type: String, nullable: true }) username: string | null;
  @ApiProperty({ type: String, nullable: true }) display_name: string | null;
  @ApiProperty({ type: String, nullable: true }) bio: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Image ref under /storage/v1/object/public/images/',
  })
  avatar: string | null;
  @ApiProperty({ type: String, nullable: true }) avatar_blurhash: string | null;
  @ApiProperty({ type: String, nullable: true }) suburb_city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
  @ApiProperty({ type: LocationDto, nullable: true }) location: LocationDto | null;
  @ApiProperty() csrf_token: string;
  @ApiProperty() phone_verified: boolean;
  @ApiProperty({ enum: ['signed-up', 'verified', 'registered'] }) stage:
    'signed-up' | 'verified' | 'registered';
  @ApiProperty({ enum: ['trusted', 'admin'], isArray: true }) roles: Array<'trusted' | 'admin'>;
  @ApiProperty() suspended: boolean;
  @ApiProperty() created_at: string;
}

export class SessionGrantDto {
  @ApiProperty() access_token: string;
  @ApiProperty({ enum: ['Bearer'] }) token_type: 'Bearer';
  @ApiProperty({ description: 'Seconds until the access token expires' }) expires_in: number;
  @ApiProperty({ type: ProfileDto }) user: ProfileDto;
}

export class UserSummaryDto {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() username: string;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'How they like to be called (plain text); null: show the username alone',
  })
  display_name: string | null;
  @ApiProperty({ type: String, nullable: true }) avatar: string | null;
  @ApiProperty({ type: String, nullable: true }) suburb_city: string | null;
  @ApiProperty({ type: String, nullable: true }) state: string | null;
  @ApiProperty({ type: String, nullable: true }) country: string | null;
}

export class PublicProfileDto extends UserSummaryDto {
  @ApiProperty({ type: String, nullable: true, description: 'Plain text; line breaks kept' })
  bio: string | null;
}

export class AuthStatusDto {
  @ApiProperty() authenticated: boolean;
  @ApiPropertyOptional({ enum: ['signed-up', 'verified', 'registered'] }) stage?: string;
  @ApiPropertyOptional() suspended?: boolean;
}

export class SessionSummaryDto {
  @ApiProperty({ format: 'uuid' }) id: string;
  @ApiProperty() created_at: string;
  @ApiProperty({ type: String, nullable: true }) last_used_at: string | null;
  @ApiProperty() expires_at: string;
  @ApiProperty({ type: String, nullable: true }) user_agent: string | null;
  @ApiProperty({ type: String, nullable: true }) ip: string | null;
  @ApiProperty() current: boolean;
}
