import { Challenge } from '../src/challenge/challenge';
import { MemberRescorer } from '../src/ports/member-rescorer';

/** A MemberRescorer that only records what it was asked: (challenge id, profile ids or 'all'). */
export class RecordingMemberRescorer implements MemberRescorer {
  readonly calls: [string, readonly string[] | 'all'][] = [];

  async rescoreMembers(challenge: Challenge, profileIds?: readonly string[]): Promise<number> {
    this.calls.push([challenge.id, profileIds ? [...profileIds] : 'all']);
    return profileIds?.length ?? 0;
  }
}
