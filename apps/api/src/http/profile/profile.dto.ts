import { ApiProperty, ApiPropertyOptional, OmitType } from '@nestjs/swagger';
import { IsOptional, IsString, IsUUID, Length, MaxLength, IsNumber, IsUrl, ValidateIf } from 'class-validator';
import { OffsetPageOf, OffsetPageQuery } from '../shared/offset-page';

/** Writable fields of a profile (POST and PUT bodies). */
export class ProfileBody {
  @ApiProperty({ example: 'Ann Runner', minLength: 1, maxLength: 200 })
  @IsString()
  @Length(1, 200)
  name!: string;

  @ApiPropertyOptional({ type: String, nullable: true, example: 'female', maxLength: 50 })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(50)
  gender?: string | null;

  @ApiPropertyOptional({ example: 'crm-1042', maxLength: 200, description: 'Client-side reference; may be empty, not null.' })
  @ValidateIf((_, value) => value !== undefined)
  @IsString()
  @MaxLength(200)
  reference?: string;

  // Read-only fields: accepted so that a profile read can be sent back as it is, never changed.
  @ApiPropertyOptional({ readOnly: true, format: 'uri', description: 'Ignored: read-only.' })
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true })
  url?: string;

  @ApiPropertyOptional({ readOnly: true, format: 'uuid', description: 'Ignored: read-only.' })
  @IsOptional()
  @IsUUID()
  public_id?: string;

  @ApiPropertyOptional({ readOnly: true, type: String, nullable: true, description: 'Ignored: read-only (set through team membership).' })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  team?: string | null;

  @ApiPropertyOptional({ readOnly: true, description: 'Ignored: read-only.' })
  @IsOptional()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  total_points?: number;
}

/** Validates a field only when it is sent: null is then a value, and refused where the field is not nullable. */
const IfSent = () => ValidateIf((_, value) => value !== undefined);

/**
 * PATCH body: any subset of the writable fields. Not PartialType(ProfileBody): that makes
 * every field @IsOptional, which lets null through, and `{"name": null}` would be read as
 * "leave the name alone". Here null is refused for name and reference (400).
 */
export class ProfilePatchBody extends OmitType(ProfileBody, ['name', 'reference'] as const) {
  @ApiPropertyOptional({ example: 'Ann Runner', minLength: 1, maxLength: 200, description: 'Not null.' })
  @IfSent()
  @IsString()
  @Length(1, 200)
  name?: string;

  @ApiPropertyOptional({ example: 'crm-1042', maxLength: 200, description: 'Client-side reference; may be empty, not null.' })
  @IfSent()
  @IsString()
  @MaxLength(200)
  reference?: string;
}

export class ProfileListQuery extends OffsetPageQuery {
  @ApiPropertyOptional({ description: 'Case-insensitive substring of name or reference.', maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  search?: string;

  @ApiPropertyOptional({
    description: "Field to order by, '-' first for descending: name, reference, gender, created, total_points.",
    example: '-total_points',
    default: 'created',
  })
  @IsOptional()
  @IsString()
  @MaxLength(20)
  ordering?: string;
}

export class ProfileView {
  @ApiProperty({ format: 'uri', example: 'https://api.example.com/api/v1/profile/0b7e6c4a-3f1e-4c55-9a2b-1d2e3f4a5b6c/' })
  url!: string;

  @ApiProperty({ format: 'uuid', example: '0b7e6c4a-3f1e-4c55-9a2b-1d2e3f4a5b6c' })
  public_id!: string;

  @ApiProperty({ example: 'Ann Runner' })
  name!: string;

  @ApiProperty({ type: String, nullable: true, example: 'female' })
  gender!: string | null;

  @ApiProperty({ type: String, nullable: true, format: 'uuid', example: null, description: "public_id of the profile's first team." })
  team!: string | null;

  @ApiProperty({ example: 'crm-1042' })
  reference!: string;

  @ApiProperty({ example: 0 })
  total_points!: number;
}

export class CreatedProfileView extends ProfileView {
  @ApiProperty({ example: 'Jm3wq8Zr0QfM1n2v4cXo5bY7uT9kL6aP3sD1fG0hJ2k', description: 'The profile bearer: shown only in this response.' })
  bearer!: string;
}

export const ProfileList = OffsetPageOf(ProfileView, 'ProfileList');
