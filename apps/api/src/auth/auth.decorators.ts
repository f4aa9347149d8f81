import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { ApiBasicAuth, ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { AccessRule, App, Principal } from '@strive/domain';
import { ApiProblemResponses } from '../http/problem/api-problem-responses';
import { ApiRateLimitResponse } from '../http/rate-limit/api-rate-limit-response';
import { CheckQueryAfterCredentials, UnknownQueryAfterCredentialsGuard } from '../http/shared/unknown-query.guard';
import { ACCESS_RULE } from './access.guard';
import { BearerCredentialsGuard } from './bearer-credentials.guard';
import { ClientAuthGuard } from './client-auth.guard';

const RULE_TEXT: Record<AccessRule, string> = {
  admin: 'administrator bearer only',
  profile: 'profile bearer only',
  either: 'administrator or profile bearer',
  'own-profile': "the profile's own bearer",
};

/**
 * Requires a bearer and states which kind (interface.md "Authentication"):
 * no or unknown bearer 401, wrong kind 403; counted per bearer and per app (429).
 * Documents all three in the OpenAPI.
 */
export function Auth(rule: AccessRule) {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    CheckQueryAfterCredentials(),
    UseGuards(BearerCredentialsGuard),
    ApiBearerAuth('bearer'),
    ApiExtension('x-strive-auth', RULE_TEXT[rule]),
    ApiProblemResponses(401, 403),
    ApiRateLimitResponse('per bearer and per app'),
  );
}

/** HTTP Basic client credentials (POST /token/ only), counted per client id (429). */
export function ClientAuth() {
  return applyDecorators(
    CheckQueryAfterCredentials(),
    UseGuards(ClientAuthGuard, UnknownQueryAfterCredentialsGuard),
    ApiBasicAuth('basic'),
    ApiProblemResponses(401),
    ApiRateLimitResponse('per client id'),
  );
}

/** The authenticated administrator or profile. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest().user,
);

/** The app authenticated by its client credentials. */
export const CurrentApp = createParamDecorator(
  (_: unknown, context: ExecutionContext): App => context.switchToHttp().getRequest().user,
);
