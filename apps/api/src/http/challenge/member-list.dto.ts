import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ArrayMaxSize, IsArray, IsUUID } from 'class-validator';
import { LowerCaseUuids, MAX_PROFILES_PER_CALL } from './input-rules';

const EXAMPLE_ID = '8f14e45f-ceea-4e7b-a5b2-3a8f2d7a1c11';

/** The profile list of every bulk member operation (challenge and team members/, remove_members/, deactivate_members/). */
export class ProfileListBody {
  @ApiProperty({
    type: [String], format: 'uuid', example: [EXAMPLE_ID], maxItems: MAX_PROFILES_PER_CALL,
    description: `Profile public_ids (any letter case; answers use lower case), at most ${MAX_PROFILES_PER_CALL}.`,
  })
  @IsArray()
  @ArrayMaxSize(MAX_PROFILES_PER_CALL)
  @LowerCaseUuids()
  @IsUUID(undefined, { each: true })
  profiles!: string[];
}

/** The answer of remove_members/ on challenges and teams. */
export class RemoveMembersResult {
  @ApiProperty({ type: [String], format: 'uuid', example: [EXAMPLE_ID], description: 'The listed profiles that were members and are removed.' })
  profiles!: string[];

  @ApiPropertyOptional({
    type: [String], format: 'uuid', example: [],
    description: 'The listed profiles of the app that were not members (nothing done for them); omitted when there are none.',
  })
  not_members?: string[];
}
