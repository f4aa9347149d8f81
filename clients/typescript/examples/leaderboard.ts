import { createStriveClient } from '@strive/client';

// A challenge's leaderboard through the typed client: the path, its parameters and the answer
// are typed from docs/openapi.json, and a refusal comes back as typed problem details.
const strive = createStriveClient({ baseUrl: process.env.STRIVE_URL ?? 'http://localhost:3000', bearer: process.env.ADMIN });

async function main(): Promise<void> {
  const { data, error } = await strive.GET('/api/v1/challenge/{public_id}/leaderboard', {
    params: { path: { public_id: process.env.CHALLENGE_ID ?? '' } },
  });
  if (error) throw new Error(`${error.status} ${error.title}: ${error.detail}`);
  for (const entry of data.results) {
    console.log(`${entry.rank}. ${entry.profile.name}: ${entry.score}${entry.goal_reached ? ' (goal reached)' : ''}`);
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
