import { DayPoints } from '../points/points-ledger';

/** The points each day earned a profile (see DayPoints), kept so totals need no full recount. */
export interface PointsLedgerRepository {
  /**
   * Stores these days' points (with `replaceAll`, every other day of the profile is removed;
   * a day of no points is kept as no day at all) and answers the profile's new total: its days
   * plus its events' points.
   */
  saveDays(appId: string, profileId: string, days: readonly DayPoints[], replaceAll: boolean): Promise<number>;
}
