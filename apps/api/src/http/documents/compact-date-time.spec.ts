import { parseCompactDateTime } from './compact-date-time';

describe(parseCompactDateTime.name, () => {
  it('reads yyyymmddhhmmss as UTC', () => {
    expect(parseCompactDateTime('20261120120005')).toEqual(new Date('2026-11-20T12:00:05Z'));
    expect(parseCompactDateTime('20240229235959')).toEqual(new Date('2024-02-29T23:59:59Z'));
    expect(parseCompactDateTime('19000101000000')).toEqual(new Date('1900-01-01T00:00:00Z'));
  });

  it.each(['2026112012000', '202611201200050', '2026-11-20T12:00', '20261131120000', '20250229120000', '20261120240000', '20261120126000', '20261120120060', '21000101000000', '18991231235959', '２０２６１１２０１２００００'])(
    'refuses %s',
    (text) => expect(parseCompactDateTime(text)).toBeNull(),
  );
});
