import { applyDecorators, createParamDecorator, ExecutionContext, SetMetadata, UseGuards } from '@nestjs/common';
import { AuthGuard } from '@nestjs/passport';
import { ApiBasicAuth, ApiBearerAuth, ApiExtension } from '@nestjs/swagger';
import { AccessRule, App, Principal } from '@strive/domain';
import { ApiProblemResponses } from '../http/problem/api-problem-responses';
import { ACCESS_RULE, AccessGuard } from './access.guard';

const RULE_TEXT: Record<AccessRule, string> = {
  admin: 'administrator bearer only',
  profile: 'profile bearer only',
  either: 'administrator or profile bearer',
  'own-profile': "the profile's own bearer",
};

/**
 * Requires a bearer and states which kind (interface.md "Authentication"):
 * no or unknown bearer 401, wrong kind 403. Documents both in the OpenAPI.
 */
export function Auth(rule: AccessRule) {
  return applyDecorators(
    SetMetadata(ACCESS_RULE, rule),
    UseGuards(AuthGuard('bearer'), AccessGuard),
    ApiBearerAuth('bearer'),
    ApiExtension('x-strive-auth', RULE_TEXT[rule]),
    ApiProblemResponses(401, 403),
  );
}

/** HTTP Basic client credentials (POST /token/ only). */
export function ClientAuth() {
  return applyDecorators(UseGuards(AuthGuard('basic')), ApiBasicAuth('basic'), ApiProblemResponses(401));
}

/** The authenticated administrator or profile. */
export const CurrentPrincipal = createParamDecorator(
  (_: unknown, context: ExecutionContext): Principal => context.switchToHttp().getRequest().user,
);

/** The app authenticated by its client credentials. */
export const CurrentApp = createParamDecorator(
  (_: unknown, context: ExecutionContext): App => context.switchToHttp().getRequest().user,
);
