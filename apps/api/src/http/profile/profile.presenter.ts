import { Profile } from '@strive/domain';
import { ApiUrl } from '../shared/api-url';
import { ProfileView } from './profile.dto';

export function presentProfile(profile: Profile, url: ApiUrl): ProfileView {
  return {
    url: url.resource(`profile/${profile.id}/`),
    public_id: profile.id,
    name: profile.name,
    gender: profile.gender,
    team: profile.team,
    reference: profile.reference,
    total_points: profile.totalPoints,
  };
}
