import { DeduplicatedActivityHistory } from '../records/deduplicated-activity-history';
import { RecordPointsFunction } from '../challenge/scoring';
import { dailySummaryPoints, workoutPoints } from '../points/points-calculator';
import { defaultPointsDefinition } from '../points/points-definition';
import { ActivityChange, ActivityChangeListener } from '../ports/activity-change-listener';
import { Clock } from '../ports/clock';
import { PointsDefinitionRepository } from '../ports/points-repository';
import { TransactionPorts } from '../ports/unit-of-work';
import { isRescorable, RescoreMemberUseCase } from './rescore-member.use-case';

/** How the app's points definition scores a daily summary or a workout (POINTS challenges). */
export async function recordPointsOf(definitions: PointsDefinitionRepository, appId: string): Promise<RecordPointsFunction> {
  const definition = (await definitions.findByApp(appId)) ?? defaultPointsDefinition(appId);
  return (record) => ('date' in record ? dailySummaryPoints(definition, record) : workoutPoints(definition, record));
}

/**
 * Live scoring, as an activity-change listener: rescores, for the changed instants, every
 * challenge of the profile that still takes late data, inside the transaction that stored the
 * change (scores and threshold events commit with the records).
 */
export class RescoreProfileChallengesUseCase implements ActivityChangeListener {
  constructor(private readonly clock: Clock) {}

  async activityChanged(change: ActivityChange, ports: TransactionPorts): Promise<void> {
    const now = this.clock.now();
    let rescore: RescoreMemberUseCase | null = null;
    for (const member of await ports.memberships.listByProfile(change.profileId)) {
      const challenge = await ports.challenges.findById(change.appId, member.challengeId);
      if (!challenge || !isRescorable(challenge, now)) continue;
      if (change.to.getTime() <= challenge.start.getTime() || change.from.getTime() >= challenge.end.getTime()) continue;
      rescore ??= new RescoreMemberUseCase(
        ports.scores,
        new DeduplicatedActivityHistory(ports.activities, ports.pointsEvents),
        ports.outbox,
        this.clock,
        await recordPointsOf(ports.pointsDefinitions, change.appId),
      );
      await rescore.execute({ challenge, member, from: change.from, to: change.to });
    }
  }
}
