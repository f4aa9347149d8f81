import { Controller, HttpCode, Post } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { App, IssueAdminTokenUseCase } from '@strive/domain';
import { ClientAuth, CurrentApp } from '../../auth/auth.decorators';
import { AdminTokenView } from './token.dto';

@ApiTags('Authentication')
@Controller('token')
export class TokenController {
  constructor(private readonly issueAdminToken: IssueAdminTokenUseCase) {}

  @Post()
  @HttpCode(200)
  @ClientAuth()
  @ApiOperation({
    operationId: 'token_create',
    summary: 'Exchange client credentials (HTTP Basic) for an administrator bearer valid 24 hours',
    description: 'No body is needed. Send `Authorization: Basic base64(client_id:client_secret)`.',
  })
  @ApiOkResponse({ type: AdminTokenView })
  async create(@CurrentApp() app: App): Promise<AdminTokenView> {
    const issued = await this.issueAdminToken.execute(app.id);
    return {
      access_token: issued.accessToken,
      token_type: 'bearer',
      expires_in: issued.expiresIn,
      expires_at: issued.expiresAt.toISOString(),
    };
  }
}
