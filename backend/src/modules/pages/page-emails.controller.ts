import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { NewPageEmailDto, PageIdDto } from './dto/pages.dto';
import { PAGES_RATE_LIMITS as LIMITS } from './pages.rate-limits';
import { PagesService } from './pages.service';

/** The admins' e-mail about a new page (POST /api/iam/emails/new-page). */
@ApiTags('pages')
@Controller('api/iam/emails')
export class PageEmailsController {
  constructor(private readonly pages: PagesService) {}

  @Post('new-page')
  @Access('trusted-only')
  @RateLimit('page-edit', LIMITS['page-edit'])
  @ApiOperation({
    summary: 'E-mail the admins about a new page (once per page; creating a page does it too)',
  })
  @ApiSuccess(NewPageEmailDto, { status: 201 })
  @ApiFailures(400, 403, 404)
  newPage(@CurrentMember() member: Member, @Body() body: PageIdDto) {
    return this.pages.sendNewPageEmail(member, body.pageId);
  }
}
