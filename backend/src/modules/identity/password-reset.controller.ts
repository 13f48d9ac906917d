import { Body, Controller, HttpCode, Post, Put } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Access } from '../../platform/access/access.decorator';
import { ApiFailures, ApiSuccess } from '../../platform/openapi/api-envelope.decorators';
import { RateLimit } from '../../platform/rate-limit/rate-limit.decorator';
import { IDENTITY_RATE_LIMITS as LIMITS } from './identity.rate-limits';
import { AccountsService } from './accounts.service';
import { checkResetToken } from './authn.controller';
import { NewPasswordWithTokenDto, TokenDto } from './dto/auth.dto';
import { UpdatedDto, ValidDto } from './dto/results.dto';

@ApiTags('auth')
@Controller('api/iam/pwreset')
export class PasswordResetController {
  constructor(private readonly accounts: AccountsService) {}

  @Post('verify')
  @HttpCode(200)
  @Access('none')
  @ApiOperation({ summary: 'Whether a password-reset link is still valid (does not spend it)' })
  @ApiSuccess(ValidDto)
  @ApiFailures(400)
  @RateLimit('reset-token', LIMITS['reset-token'])
  verify(@Body() body: TokenDto) {
    return checkResetToken(this.accounts, body.token);
  }

  @Put('update')
  @Access('none')
  @ApiOperation({
    summary: 'Set a new password with a reset link; ends every session of the account',
  })
  @ApiSuccess(UpdatedDto)
  @ApiFailures(400)
  @RateLimit('reset-token', LIMITS['reset-token'])
  async update(@Body() body: NewPasswordWithTokenDto) {
    await this.accounts.resetPassword(body.token, body.password);
    return { updated: true };
  }
}
