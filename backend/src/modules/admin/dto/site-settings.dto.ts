import { ApiProperty } from '@nestjs/swagger';
import { IsDefined } from 'class-validator';
import { EnumField, TextField } from '../../../platform/http/fields';
import {
  SITE_SETTING_DATA_TYPES,
  SITE_SETTING_GROUPS,
  SITE_SETTING_NAMES,
  type SiteSettingDataType,
  type SiteSettingGroup,
  type SiteSettingName,
} from '../../../platform/site-settings/site-setting-definitions';

const VALUE_DESCRIPTION =
  'Of the setting’s dataType: text, a number, true/false, or a JSON object or list';
/** Any JSON value but null (the screens narrow it by dataType). */
const ANY_VALUE = {
  description: VALUE_DESCRIPTION,
  oneOf: [
    { type: 'string' },
    { type: 'number' },
    { type: 'boolean' },
    { type: 'object', additionalProperties: true },
    { type: 'array', items: {} },
  ],
};
/** Any JSON, or null. */
export const ANY_JSON = (description: string) => ({ ...ANY_VALUE, description, nullable: true });

export class PublicSiteSettingDto {
  @ApiProperty({ enum: SITE_SETTING_NAMES }) name: SiteSettingName;
  @ApiProperty(ANY_VALUE) value: unknown;
  @ApiProperty({ enum: SITE_SETTING_DATA_TYPES }) dataType: SiteSettingDataType;
}

export class SiteSettingDto extends PublicSiteSettingDto {
  @ApiProperty({ description: 'Guests may read it (GET /api/settings/get-all)' })
  isPublic: boolean;
  @ApiProperty({ enum: SITE_SETTING_GROUPS }) group: SiteSettingGroup;
  @ApiProperty() description: string;
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Null: the default',
  })
  updatedAt: Date | null;
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) updatedBy: string | null;
}

export class UpdateSiteSettingDto {
  @TextField({ max: 64, description: 'The setting’s name', example: 'site_name' })
  name: string;

  @IsDefined({ message: 'value is required' })
  @ApiProperty(ANY_VALUE)
  value: unknown;

  @EnumField(SITE_SETTING_DATA_TYPES, { description: 'Must be the setting’s own type' })
  dataType: SiteSettingDataType;
}
