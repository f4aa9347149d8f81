import { assertAllowedPushUrl, checkPushUrl, isPublicAddress } from './push-target';
import { PushErrorCode } from './push-error';

const STRICT = { allowHttp: false, allowPrivateTargets: false };
const LOCAL_DEV = { allowHttp: true, allowPrivateTargets: true };
const codeOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return (error as { code: string }).code;
  }
  return 'none';
};

describe('push target rules', () => {
  it('accepts an https URL with a public host and answers its host name', () => {
    expect(checkPushUrl('https://hooks.example.com/strive?x=1', STRICT)).toBe('hooks.example.com');
    expect(checkPushUrl('https://[2001:4860::8888]:8443/in', STRICT)).toBe('2001:4860::8888');
  });

  it.each([
    ['http without PUSH_ALLOW_HTTP', 'http://hooks.example.com/'],
    ['not a URL', 'hooks.example.com/in'],
    ['another scheme', 'ftp://hooks.example.com/'],
    ['credentials in the URL', 'https://user:pw@hooks.example.com/'],
    ['too long', `https://hooks.example.com/${'a'.repeat(2000)}`],
  ])('refuses %s', (_why, url) => {
    expect(codeOf(() => checkPushUrl(url, STRICT))).toBe(PushErrorCode.InvalidUrl);
  });

  it.each([
    ['loopback', 'https://127.0.0.1/'],
    ['IPv6 loopback', 'https://[::1]/'],
    ['private 10/8', 'https://10.0.0.5/'],
    ['private 192.168/16', 'https://192.168.1.1/'],
    ['the metadata service (link-local)', 'https://169.254.169.254/latest/meta-data'],
    ['unique local IPv6', 'https://[fd00::1]/'],
    ['loopback mapped into IPv6', 'https://[::ffff:127.0.0.1]/'],
    ['the unspecified address', 'https://0.0.0.0/'],
    ['localhost by name', 'https://localhost/'],
  ])('refuses a %s target', (_why, url) => {
    expect(codeOf(() => checkPushUrl(url, STRICT))).toBe(PushErrorCode.ForbiddenTarget);
  });

  it('lets local development use http and loopback when both switches are on', () => {
    expect(checkPushUrl('http://127.0.0.1:4000/hook', LOCAL_DEV)).toBe('127.0.0.1');
  });

  it('judges addresses: public unicast only', () => {
    expect(['8.8.8.8', '2001:4860::8888'].map(isPublicAddress)).toEqual([true, true]);
    expect(['100.64.0.1', '224.0.0.1', '172.16.0.1', 'fe80::1', 'not-an-ip'].map(isPublicAddress)).toEqual([false, false, false, false, false]);
    // IPv4-compatible IPv6 (::/96, deprecated) and the unspecified address are never targets.
    expect(['::7f00:1', '::a00:1', '::'].map(isPublicAddress)).toEqual([false, false, false]);
  });

  it('checks the addresses a host name resolves to', async () => {
    const resolver = (addresses: string[]) => ({ resolve: async () => addresses });
    await expect(assertAllowedPushUrl('https://hooks.example.com/', STRICT, resolver(['93.184.216.34']))).resolves.toBeUndefined();
    await expect(assertAllowedPushUrl('https://hooks.example.com/', STRICT, resolver(['93.184.216.34', '10.0.0.1']))).rejects.toMatchObject({
      code: PushErrorCode.ForbiddenTarget,
    });
    await expect(assertAllowedPushUrl('https://nowhere.example.com/', STRICT, resolver([]))).rejects.toMatchObject({ code: PushErrorCode.ForbiddenTarget });
  });
});
