import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Allow, IsString, IsUUID, Length } from 'class-validator';
import { LowerCaseUuid, StorableText } from '../challenge/input-rules';
import { ProfileListBody } from '../challenge/member-list.dto';
import { OffsetPageOf } from '../shared/offset-page';

const EXAMPLE_ID = '8c1d2e3f-4a5b-4c6d-9e7f-8a9b0c1d2e3f';

export class TeamBody {
  @ApiProperty({ example: 'Red runners', minLength: 1, maxLength: 100 })
  @IsString()
  @Length(1, 100)
  @StorableText()
  name!: string;

  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() url?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() public_id?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() num_members?: unknown;
  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' }) @Allow() members?: unknown;
}

/** PATCH body: `name` may be omitted, never null. */
export class TeamPatchBody extends PartialType(TeamBody, { skipNullProperties: false }) {}

export class TeamMemberView {
  @ApiProperty({ format: 'uri', example: `https://api.example.com/api/v1/profile/${EXAMPLE_ID}/` })
  url!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: 'Ann Runner' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: 'female', description: "null for a profile bearer reading another profile (personal field)." })
  gender!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, example: EXAMPLE_ID, description: "The profile's first team." })
  team!: string | null;

  @ApiProperty({ example: 'crm-1042', description: "The client's own id of the profile; empty for a profile bearer reading another profile." })
  reference!: string;
}

export class TeamListItem {
  @ApiProperty({ format: 'uri', example: `https://api.example.com/api/v1/team/${EXAMPLE_ID}/` })
  url!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  public_id!: string;

  @ApiProperty({ example: 'Red runners' })
  name!: string;

  @ApiProperty({ example: 5 })
  num_members!: number;
}

export class TeamView extends TeamListItem {
  @ApiProperty({ type: [TeamMemberView], description: 'Every member, in join order.' })
  members!: TeamMemberView[];
}

export const TeamList = OffsetPageOf(TeamListItem, 'TeamList');

export class TeamMemberBody {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID, description: 'The profile public_id (a profile bearer: its own).' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;
}

export class TeamMembersBody extends ProfileListBody {}

export class TeamMemberQuery {
  @ApiProperty({ format: 'uuid', description: 'The profile public_id.' })
  @LowerCaseUuid()
  @IsUUID()
  profile!: string;
}
