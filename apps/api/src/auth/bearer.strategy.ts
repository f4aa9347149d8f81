import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { AuthenticateBearerUseCase, Principal } from '@strive/domain';
import { Strategy } from 'passport-http-bearer';

/** `Authorization: bearer <token>` (scheme word case-insensitive) for administrators and profiles. */
@Injectable()
export class BearerStrategy extends PassportStrategy(Strategy, 'bearer') {
  constructor(private readonly authenticateBearer: AuthenticateBearerUseCase) {
    super();
  }

  validate(token: string): Promise<Principal> {
    return this.authenticateBearer.execute(token);
  }
}
