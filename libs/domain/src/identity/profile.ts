/** An app's end user. `id` is the profile's public_id. */
export interface Profile {
  readonly id: string;
  readonly appId: string;
  readonly name: string;
  readonly gender: string | null;
  readonly reference: string;
  /** Public id of the profile's first team, or null (read-only through the profile). */
  readonly team: string | null;
  readonly totalPoints: number;
  readonly createdAt: Date;
}

/** The fields a client may set on a profile; id, team and public_id are never writable. */
export interface ProfileFields {
  readonly name: string;
  readonly gender: string | null;
  readonly reference: string;
}

export const PROFILE_ORDERINGS = ['name', 'reference', 'gender', 'created', 'total_points'] as const;
export type ProfileOrderField = (typeof PROFILE_ORDERINGS)[number];

export interface ProfileOrdering {
  readonly field: ProfileOrderField;
  readonly descending: boolean;
}
