import { ChallengeMember } from '../src/membership/challenge-member';
import { MembershipRepository } from '../src/ports/membership-repository';

const key = (challengeId: string, profileId: string) => `${challengeId}\u0000${profileId}`;

export class InMemoryMembershipRepository implements MembershipRepository {
  readonly members = new Map<string, ChallengeMember>();
  readonly optedOut = new Set<string>();

  constructor(members: readonly ChallengeMember[] = []) {
    for (const member of members) this.members.set(key(member.challengeId, member.profileId), member);
  }

  async find(challengeId: string, profileId: string): Promise<ChallengeMember | null> {
    return this.members.get(key(challengeId, profileId)) ?? null;
  }

  async findMany(challengeId: string, profileIds: readonly string[]): Promise<ChallengeMember[]> {
    return profileIds.flatMap((profileId) => this.members.get(key(challengeId, profileId)) ?? []);
  }

  /** In (joinedAt, profileId) order, as the table answers. */
  async listByChallenge(challengeId: string): Promise<ChallengeMember[]> {
    return [...this.members.values()]
      .filter((m) => m.challengeId === challengeId)
      .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || (a.profileId < b.profileId ? -1 : a.profileId > b.profileId ? 1 : 0));
  }

  async listPageByChallenge(challengeId: string, after: string | null, limit: number): Promise<ChallengeMember[]> {
    const idOf = (m: ChallengeMember) => m.profileId.toLowerCase();
    return [...this.members.values()]
      .filter((m) => m.challengeId === challengeId && (after === null || idOf(m) > after.toLowerCase()))
      .sort((a, b) => (idOf(a) < idOf(b) ? -1 : idOf(a) > idOf(b) ? 1 : 0))
      .slice(0, limit);
  }

  async listByProfile(profileId: string): Promise<ChallengeMember[]> {
    return [...this.members.values()].filter((m) => m.profileId === profileId);
  }

  async countByTeam(teamId: string): Promise<number> {
    return [...this.members.values()].filter((m) => m.teamId === teamId).length;
  }

  async addAllIfAbsent(members: readonly ChallengeMember[], options: { readonly skipOptedOut?: boolean } = {}): Promise<ChallengeMember[]> {
    const added: ChallengeMember[] = [];
    for (const member of members) {
      const k = key(member.challengeId, member.profileId);
      if (this.members.has(k) || (options.skipOptedOut && this.optedOut.has(k))) continue;
      this.members.set(k, member);
      this.optedOut.delete(k);
      added.push(member);
    }
    return added;
  }

  async updateAll(members: readonly ChallengeMember[]): Promise<void> {
    for (const member of members) {
      const k = key(member.challengeId, member.profileId);
      if (this.members.has(k)) this.members.set(k, member);
    }
  }

  async removeAll(challengeId: string, profileIds: readonly string[], optOut: boolean): Promise<void> {
    for (const profileId of profileIds) {
      this.members.delete(key(challengeId, profileId));
      if (optOut) this.optedOut.add(key(challengeId, profileId));
    }
  }

  async listOptedOut(challengeId: string): Promise<string[]> {
    const prefix = key(challengeId, '');
    return [...this.optedOut].filter((k) => k.startsWith(prefix)).map((k) => k.slice(prefix.length));
  }
}
