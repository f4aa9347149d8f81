import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, IsUUID, ValidateIf } from 'class-validator';
import { ChallengeView } from './challenge.dto';
import { ProfileListBody } from './member-list.dto';
import { BoundedOffsetPageQuery, LowerCaseUuid } from './input-rules';

/** Challenge membership: member/, members/, remove_members/, deactivate_member(s)/. */

const EXAMPLE_ID = '5f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f';

/** A query flag: only the words true and false (class-transformer's Boolean would read "false" as true). */
export const BooleanWord = () =>
  Transform(({ value }) => (value === 'true' ? true : value === 'false' ? false : value));

export class MembersPageQuery extends BoundedOffsetPageQuery {}

export class ChallengeWithMembersView extends ChallengeView {
  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null, description: 'Next page of members.' })
  members_next!: string | null;

  @ApiProperty({ type: String, format: 'uri', nullable: true, example: null, description: 'Previous page of members.' })
  members_previous!: string | null;
}

export class MemberBody {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile public_id (a profile bearer: its own).' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: "TEAM challenges: the team to play for; omitted: the profile's first team." })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @LowerCaseUuid()
  @IsUUID()
  team?: string | null;
}

export class MembersBody extends ProfileListBody {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: "TEAM challenges: the team every listed profile plays for; omitted: each one's first team." })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @LowerCaseUuid()
  @IsUUID()
  team?: string | null;
}

export class RemoveMembersBody extends ProfileListBody {}

export class MemberQuery {
  @ApiProperty({ format: 'uuid', description: 'The profile public_id.' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;
}

export class DeactivateMemberBody {
  @ApiPropertyOptional({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile (or the profile query parameter).' })
  @IsOptional()
  @LowerCaseUuid()
  @IsUUID()
  profile?: string;

  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null, description: 'Accepted for symmetry; the member keeps its team.' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @LowerCaseUuid()
  @IsUUID()
  team?: string | null;

  @ApiPropertyOptional({ example: false, default: false, description: 'false deactivates (score frozen, still visible), true reactivates.' })
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

export class DeactivateMembersBody extends ProfileListBody {
  @ApiPropertyOptional({ type: String, format: 'uuid', nullable: true, example: null })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @LowerCaseUuid()
  @IsUUID()
  team?: string | null;

  @ApiPropertyOptional({ example: false, default: false })
  @IsOptional()
  @IsBoolean()
  is_active?: boolean;
}

export class DeactivateQuery {
  @ApiPropertyOptional({ format: 'uuid', description: 'The profile (deactivate_member: required here or in the body).' })
  @IsOptional()
  @LowerCaseUuid()
  @IsUUID()
  profile?: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @LowerCaseUuid()
  @IsUUID()
  team?: string;

  @ApiPropertyOptional({ type: Boolean, description: 'Overrides the body: false deactivates, true reactivates (default false).' })
  @IsOptional()
  @BooleanWord()
  @IsBoolean()
  is_active?: boolean;
}

export class MemberResult {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null, description: 'The team the member plays for (TEAM challenges).' })
  team!: string | null;
}

export class MembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  profiles!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;
}

export class DeactivateMemberResult {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  profile!: string;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;

  @ApiProperty({ example: false })
  is_active!: boolean;
}

export class DeactivateMembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID] })
  profiles!: string[];

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: null })
  team!: string | null;

  @ApiProperty({ example: false })
  is_active!: boolean;
}
