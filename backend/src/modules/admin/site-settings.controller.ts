import { Body, Controller, Get, Put, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { tilesOriginOf } from '../../platform/site-settings/site-setting-definitions';
import { SiteSettingsService } from '../../platform/site-settings/site-settings.service';
import {
  PublicSiteSettingDto,
  SiteSettingDto,
  UpdateSiteSettingDto,
} from './dto/site-settings.dto';

/** The site settings for admins: every setting, and changing one. */
@ApiTags('admin')
@Controller('api/iam')
export class SiteSettingsAdminController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get('site-settings/get-site')
  @Access('admin-auth')
  @ApiOperation({
    summary: 'Every site setting with its value (the default until changed), type and group',
  })
  @ApiSuccess([SiteSettingDto])
  getSite() {
    return this.settings.getAll();
  }

  @Put('admin/update/site-setting')
  @Access('admin-auth')
  @ApiOperation({
    summary:
      'Change a site setting: the value is checked against the setting’s type and rule, recorded in the audit log, and in effect on every instance at once',
  })
  @ApiSuccess(SiteSettingDto)
  @ApiFailures(400)
  update(@CurrentMember() admin: Member, @Body() body: UpdateSiteSettingDto) {
    return this.settings.update(body.name, body.value, body.dataType, admin.userId);
  }
}

/** The settings anyone may read: the site's name, registration mode, map defaults, video rules. */
@ApiTags('settings')
@Controller('api/settings')
export class PublicSettingsController {
  constructor(private readonly settings: SiteSettingsService) {}

  @Get('get-all')
  @Access('none')
  @ApiOperation({ summary: 'The public site settings (no credentials needed)' })
  @ApiSuccess([PublicSiteSettingDto])
  async getAll(@Res({ passthrough: true }) reply: FastifyReply) {
    const settings = await this.settings.getPublic();
    // For the web tier (nginx, the dev gateway): the map tiles' origin, for the pages' policy.
    const tiles = tilesOriginOf(
      settings.find((setting) => setting.name === 'map_tiles_url')?.value,
    );
    if (tiles) reply.header('x-map-tiles-origin', tiles);
    return settings;
  }
}
