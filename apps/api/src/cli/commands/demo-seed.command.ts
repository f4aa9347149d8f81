import {
  AddChallengeMembersUseCase, AddTeamMembersUseCase, App, Clock, CreateChallengeUseCase, CreateProfileUseCase, CreateTeamUseCase,
  DEMO_APP_NAME, IdentityError, IngestHealthDataUseCase, ListAppsUseCase, ListProfilesUseCase, ScoreQueuedChangesUseCase,
} from '@strive/domain';
import { INestApplicationContext } from '@nestjs/common';
import { Presets, SingleBar } from 'cli-progress';
import { CLOCK } from '../../system/tokens';
import { CliCommand } from '../cli-command';
import { DEMO_DAYS, DEMO_REFERENCE_PREFIX, DEMO_TEAMS, demoChallenges, demoProfiles, demoUpload } from '../demo/demo-data';

/** The app to seed: the one named, else the demo app of the first start. */
async function appToSeed(context: INestApplicationContext, clientId: string | undefined): Promise<App> {
  const apps = await context.get(ListAppsUseCase).execute();
  if (clientId) {
    const app = apps.find((candidate) => candidate.clientId === clientId);
    if (!app) throw IdentityError.appNotFound(clientId);
    return app;
  }
  const demo = apps.filter((candidate) => candidate.name === DEMO_APP_NAME);
  if (demo.length !== 1) {
    throw new Error(`Found ${demo.length === 0 ? 'no' : 'more than one'} app named "${DEMO_APP_NAME}": name the app to seed with --client-id <id>.`);
  }
  return demo[0];
}

/**
 * `demo seed`: a month of data a newcomer can look at: 12 profiles in 3 teams, 30 days of daily
 * summaries and workouts uploaded through the one write path (IngestHealthDataUseCase, as
 * POST profile/{id}/data/ does, so points follow, and scores once the queued changes are scored
 * before it ends), and 4 challenges of different
 * kinds everyone takes part in. Refuses to run twice on the same app (its profiles carry the
 * reference prefix demo-seed-).
 */
export const demoSeedCommand: CliCommand = {
  words: 'demo seed',
  usage: 'demo seed [--client-id <id>]',
  options: { 'client-id': { type: 'string' } },
  async run(context, values, output) {
    const app = await appToSeed(context, typeof values['client-id'] === 'string' ? values['client-id'] : undefined);
    const admin = { kind: 'admin' as const, appId: app.id };
    const seeded = await context.get(ListProfilesUseCase).execute(admin, { search: DEMO_REFERENCE_PREFIX, limit: 1, offset: 0 });
    if (seeded.count > 0) {
      output.note(`The app "${app.name}" (client id ${app.clientId}) is seeded already (${seeded.count} demo profiles): nothing was changed.`);
      return 1;
    }

    const now = context.get<Clock>(CLOCK).now();
    const profiles = demoProfiles();
    const challenges = demoChallenges(now);
    // Shown on an interactive terminal only (cli-progress draws nothing when stderr is not a TTY).
    const bar = new SingleBar({ format: 'demo seed [{bar}] {value}/{total} {step}', stream: process.stderr }, Presets.shades_classic);
    bar.start(DEMO_TEAMS.length + profiles.length * 2 + challenges.length, 0, { step: 'teams' });

    const teams = [];
    for (const name of DEMO_TEAMS) {
      teams.push(await context.get(CreateTeamUseCase).execute({ appId: app.id, name }));
      bar.increment();
    }
    const profileIds: string[] = [];
    bar.update({ step: 'profiles' });
    for (const profile of profiles) {
      const { profile: created } = await context.get(CreateProfileUseCase).execute({
        appId: app.id,
        fields: { name: profile.name, gender: profile.gender, reference: profile.reference },
      });
      profileIds.push(created.id);
      await context.get(AddTeamMembersUseCase).execute({ appId: app.id, teamId: teams[profile.team].id, profileIds: [created.id] });
      bar.increment();
    }
    bar.update({ step: 'challenges' });
    for (const definition of challenges) {
      const challenge = await context.get(CreateChallengeUseCase).execute({ appId: app.id, definition });
      await context.get(AddChallengeMembersUseCase).execute({ appId: app.id, challengeId: challenge.id, profileIds });
      bar.increment();
    }
    bar.update({ step: `${DEMO_DAYS} days of data` });
    for (const [index, profileId] of profileIds.entries()) {
      await context.get(IngestHealthDataUseCase).execute({ principal: admin, profileId, body: demoUpload(index, now) });
      bar.increment();
    }
    // Scored here, as a server's scoring worker would moments later: the seed ends with its boards full.
    bar.update({ step: 'scores' });
    while ((await context.get(ScoreQueuedChangesUseCase).execute()).more);
    bar.stop();
    output.note(
      `Seeded the app "${app.name}" (client id ${app.clientId}): ${profiles.length} profiles in ${teams.length} teams, ` +
        `${DEMO_DAYS} days of data each, ${challenges.length} challenges. See GET /api/v1/challenge/ with its admin bearer.`,
    );
    return 0;
  },
};
