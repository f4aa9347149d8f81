/**
 * A profile's membership of one challenge, as scoring reads it. The membership
 * state machine (membership.ts) is the only code that changes one.
 */
export interface InactiveInterval {
  readonly from: Date;
  /** null while the member is still inactive. */
  readonly to: Date | null;
}

export interface ChallengeMember {
  readonly challengeId: string;
  readonly profileId: string;
  /** The team the profile takes part with (TEAM challenges), else null. */
  readonly teamId: string | null;
  readonly joinedAt: Date;
  /** Data timestamped inside one of these intervals adds nothing to any score. */
  readonly inactiveIntervals: readonly InactiveInterval[];
}

/** Whether the member takes part now (no open inactive interval). */
export function isActiveMember(member: ChallengeMember): boolean {
  return !member.inactiveIntervals.some((interval) => interval.to === null);
}

/** Whether data at `instant` counts for this member. */
export function countsAt(member: ChallengeMember, instant: Date): boolean {
  const t = instant.getTime();
  return !member.inactiveIntervals.some(
    (interval) => t >= interval.from.getTime() && (interval.to === null || t < interval.to.getTime()),
  );
}
