import { Principal } from '../identity/principal';

/**
 * Whether the viewer may see a profile's personal fields (`reference`, the client's own customer
 * id, and `gender`) where other profiles are listed (challenge members, leaderboards, team reads):
 * the app's administrator and the profile itself may; another profile of the app may not.
 */
export function seesPersonalFieldsOf(viewer: Principal, profileId: string): boolean {
  return viewer.kind !== 'profile' || viewer.profileId === profileId;
}
