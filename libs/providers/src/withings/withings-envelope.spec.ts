import { ProviderError, ProviderErrorKind } from '@strive/domain';
import { withingsBody } from './withings-envelope';

// Withings answers HTTP 200 with {status, body}: the status says what happened.
const kindOf = (answer: unknown) => {
  try {
    withingsBody(answer, 'getmeas');
    return null;
  } catch (error) {
    return error instanceof ProviderError ? { kind: error.kind, retryAfter: error.retryAfterSeconds } : error;
  }
};

describe('Withings envelope', () => {
  it('hands back the body of status 0', () => {
    expect(withingsBody({ status: 0, body: { measuregrps: [], more: 0, offset: 0 } }, 'getmeas')).toEqual({ measuregrps: [], more: 0, offset: 0 });
  });

  it('reads the failure statuses: 401 unauthorized, 601 rate limited for a minute, 522 and 2555 unavailable, others unreadable', () => {
    expect(kindOf({ status: 401, error: 'invalid_token' })).toEqual({ kind: ProviderErrorKind.Unauthorized, retryAfter: null });
    expect(kindOf({ status: 601, error: 'Too many requests' })).toEqual({ kind: ProviderErrorKind.RateLimited, retryAfter: 60 });
    expect(kindOf({ status: 2555, error: 'An unknown error occurred' })).toEqual({ kind: ProviderErrorKind.Unavailable, retryAfter: null });
    expect(kindOf({ status: 522, error: 'A timeout occurred' })).toEqual({ kind: ProviderErrorKind.Unavailable, retryAfter: null });
    expect(kindOf({ status: 2554, error: 'Unknown action' })).toEqual({ kind: ProviderErrorKind.InvalidResponse, retryAfter: null });
    expect(kindOf({ status: 503, error: 'Invalid Params' })).toEqual({ kind: ProviderErrorKind.InvalidResponse, retryAfter: null });
    expect(kindOf({ status: 0 })).toEqual({ kind: ProviderErrorKind.InvalidResponse, retryAfter: null });
    expect(kindOf([1])).toEqual({ kind: ProviderErrorKind.InvalidResponse, retryAfter: null });
  });
});
