import { Body, Controller, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { CurrentMember, type Member } from '../../platform/access/current-caller.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { AdminEmailsService } from './admin-emails.service';
import { EmailQueuedDto, EmailAboutMemberDto } from './dto/admin-emails.dto';

/** The e-mails admins send about members (see AdminEmailsService for who receives each). */
@ApiTags('admin')
@Controller('api/iam/emails')
export class AdminEmailsController {
  constructor(private readonly emails: AdminEmailsService) {}

  @Post('admin/new-verified-user')
  @Access('admin-auth')
  @ApiOperation({ summary: 'E-mail the admins about a member who verified their e-mail address' })
  @ApiSuccess(EmailQueuedDto, { status: 201 })
  @ApiFailures(400, 404, 409)
  newVerifiedUser(@CurrentMember() admin: Member, @Body() body: EmailAboutMemberDto) {
    return this.emails.newVerifiedUser(admin, body.userId);
  }

  @Post('account-deletion')
  @Access('admin-auth')
  @ApiOperation({ summary: 'E-mail a member that their account is being deleted' })
  @ApiSuccess(EmailQueuedDto, { status: 201 })
  @ApiFailures(400, 404)
  accountDeletion(@CurrentMember() admin: Member, @Body() body: EmailAboutMemberDto) {
    return this.emails.accountDeletion(admin, body.userId);
  }
}
