import { Body, Controller, Delete, Param, Put } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { TagDeletedDto, TagDto, UpdateTagDto } from './dto/tags.dto';
import { TagsAdminService } from './tags-admin.service';

@ApiTags('tags')
@Controller('api/iam/tags')
export class TagsAdminController {
  constructor(private readonly admin: TagsAdminService) {}

  @Put('update')
  @Access('admin-auth')
  @ApiSuccess(TagDto)
  @ApiFailures(400, 404, 409)
  update(@Body() body: UpdateTagDto) {
    return this.admin.update(body.tagDetails, body.tagGroupBody);
  }

  @Delete(':name')
  @Access('admin-auth')
  @ApiSuccess(TagDeletedDto)
  @ApiFailures(404)
  delete(@Param('name') name: string) {
    return this.admin.delete(name);
  }
}
