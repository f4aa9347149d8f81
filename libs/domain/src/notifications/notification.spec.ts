import fc from 'fast-check';
import { NOTIFICATION_LIMITS, readNotificationContent, readNotificationProfiles } from './notification';
import { NotificationError, NotificationErrorCode } from './notification-error';

function fieldRefused(work: () => unknown): string | null {
  try {
    work();
  } catch (error) {
    expect((error as NotificationError).code).toBe(NotificationErrorCode.InvalidNotification);
    return (error as NotificationError).field;
  }
  throw new Error('accepted');
}

describe(readNotificationContent.name, () => {
  it('fills the optional fields: empty body, no data, no image', () => {
    expect(readNotificationContent({ title: 'Hi' })).toEqual({ title: 'Hi', body: '', data: {}, image: null });
    expect(readNotificationContent({ title: 'Hi', body: null, data: null, image: null })).toEqual({ title: 'Hi', body: '', data: {}, image: null });
  });

  it('keeps a full body as given', () => {
    const input = { title: 'Week 3', body: 'You are 2nd', data: { challenge: 'c-1', 'deep.link': 'app://c/1' }, image: 'https://cdn.example.com/a.png' };
    expect(readNotificationContent(input)).toEqual(input);
  });

  it('refuses a missing, empty or too long title', () => {
    expect(fieldRefused(() => readNotificationContent({ title: undefined }))).toBe('title');
    expect(fieldRefused(() => readNotificationContent({ title: '' }))).toBe('title');
    expect(fieldRefused(() => readNotificationContent({ title: 'x'.repeat(201) }))).toBe('title');
    expect(readNotificationContent({ title: 'x'.repeat(200) }).title).toHaveLength(200);
  });

  it('refuses a too long body, and an image that is not an https URL', () => {
    expect(fieldRefused(() => readNotificationContent({ title: 't', body: 'x'.repeat(1001) }))).toBe('body');
    expect(fieldRefused(() => readNotificationContent({ title: 't', image: 'http://example.com/a.png' }))).toBe('image');
    expect(fieldRefused(() => readNotificationContent({ title: 't', image: 'https://' }))).toBe('image');
  });

  it('refuses data that is not a small map of strings with plain keys', () => {
    expect(fieldRefused(() => readNotificationContent({ title: 't', data: ['a'] }))).toBe('data');
    expect(fieldRefused(() => readNotificationContent({ title: 't', data: { n: 1 } }))).toBe('data.n');
    expect(fieldRefused(() => readNotificationContent({ title: 't', data: { 'a b': 'x' } }))).toBe('data.a b');
    expect(fieldRefused(() => readNotificationContent({ title: 't', data: { '.a': 'x' } }))).toBe('data..a');
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    expect(fieldRefused(() => readNotificationContent({ title: 't', data: many }))).toBe('data');
  });

  it("refuses the keys the push services reserve: from, notification, message_type, collapse_key, aps, google* and gcm*", () => {
    for (const key of ['from', 'notification', 'message_type', 'collapse_key', 'aps', 'google.c.a', 'gcm.n', 'GCM_x']) {
      expect(fieldRefused(() => readNotificationContent({ title: 't', data: { [key]: 'x' } }))).toBe(`data.${key}`);
    }
  });

  it('refuses a message of more than 3,500 UTF-8 bytes in all', () => {
    // 200 + 1000 bytes of text, then 3 data values: 2 x (1 + 1000) + (1 + 298) = 2,301 bytes -> 3,501 in all.
    const data = { a: 'x'.repeat(1000), b: 'x'.repeat(1000), c: 'x'.repeat(298) };
    expect(fieldRefused(() => readNotificationContent({ title: 'x'.repeat(200), body: 'x'.repeat(1000), data }))).toBe('data');
    expect(readNotificationContent({ title: 'x'.repeat(200), body: 'x'.repeat(1000), data: { ...data, c: 'x'.repeat(297) } }).data.c).toHaveLength(297);
    // 'é' is 2 bytes: a 200-character title of them is 400 bytes; 400 + 1000 + 1001 + 1001 + 99 = 3,501.
    expect(fieldRefused(() => readNotificationContent({ title: '\u00e9'.repeat(200), body: 'x'.repeat(1000), data: { a: 'x'.repeat(1000), b: 'x'.repeat(1000), c: 'x'.repeat(98) } }))).toBe('data');
  });

  it('accepts every body within the bounds, and what it accepts stays within them', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 200 }),
        fc.string({ maxLength: 1000 }),
        fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,20}$/), fc.string({ maxLength: 100 }), { maxKeys: 5 }),
        (title, body, data) => {
          fc.pre(!Object.keys(data).some((k) => k.startsWith('gcm') || k.startsWith('google') || ['from', 'notification', 'message_type', 'collapse_key', 'aps'].includes(k)));
          const content = readNotificationContent({ title, body, data });
          expect(content).toEqual({ title, body, data, image: null });
          const bytes = new TextEncoder().encode(title + body + Object.entries(data).flat().join('')).length;
          expect(bytes).toBeLessThanOrEqual(NOTIFICATION_LIMITS.totalBytes);
        },
      ),
    );
  });
});

describe(readNotificationProfiles.name, () => {
  it('lists each profile once, in the order given', () => {
    expect(readNotificationProfiles(['p2', 'p1', 'p2'])).toEqual(['p2', 'p1']);
  });

  it('refuses no profile and more than 1,000 distinct ones', () => {
    expect(fieldRefused(() => readNotificationProfiles([]))).toBe('profiles');
    expect(fieldRefused(() => readNotificationProfiles(Array.from({ length: 1001 }, (_, i) => `p${i}`)))).toBe('profiles');
    expect(readNotificationProfiles([...Array.from({ length: 1000 }, (_, i) => `p${i}`), 'p0'])).toHaveLength(1000);
  });
});
