import { Controller, Delete, Post, Req } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { AcceptsUpload, readUpload } from '../../platform/images/uploads';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { AvatarService } from './avatar.service';
import { ProfileDto } from './dto/profile.dto';
import { toProfile } from './profile';

@ApiTags('users')
@Controller('api/iam/users')
export class AvatarController {
  constructor(private readonly avatars: AvatarService) {}

  @Post('avatar')
  @Access('completed-regn')
  @AcceptsUpload({ field: 'file' })
  @ApiOperation({
    summary: 'Upload a new avatar (JPEG, PNG, WebP or GIF; re-encoded, metadata stripped)',
  })
  @ApiSuccess(ProfileDto, { status: 201 })
  @ApiFailures(400, 409, 413, 415)
  async upload(@CurrentMember() member: Member, @Req() request: FastifyRequest) {
    const file = await readUpload(request);
    return toProfile(await this.avatars.replace(member.userId, file.bytes), member.csrfToken);
  }

  @Delete('avatar')
  @Access('completed-regn')
  @ApiOperation({ summary: 'Remove the avatar' })
  @ApiSuccess(ProfileDto)
  async remove(@CurrentMember() member: Member) {
    return toProfile(await this.avatars.remove(member.userId), member.csrfToken);
  }
}
