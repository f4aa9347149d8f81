import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { ACTIVITY_TYPE_PATTERN, MAX_RULE_ACTIVITY_TYPES } from '@strive/domain';
import {
  ArrayMaxSize, ArrayUnique, IsArray, IsBoolean, IsNumber, IsString, IsUUID, Matches, Max, MaxLength, Min, MinLength, ValidateBy,
  ValidateIf, ValidateNested,
} from 'class-validator';
import { IsWebUrl, LowerCaseUuid, OptionalNotNull, StorableText } from '../challenge/input-rules';

const EXAMPLE_ID = '0d9c7b1e-4f2a-4e8b-9c3d-5a6b7c8d9e0f';
export const MAX_PRICE = 1_000_000;
export const MAX_MIN_TOTAL_POINTS = 1_000_000_000;

/** At most two decimals (cents): a price like 9.999 is a typo, not a price. */
const Cents = () =>
  ValidateBy({
    name: 'cents',
    validator: {
      validate: (value) => typeof value !== 'number' || Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      defaultMessage: (args) => `${args?.property} must have at most two decimals`,
    },
  });

export class ProductRulesBody {
  @ApiPropertyOptional({ minimum: 0, maximum: MAX_MIN_TOTAL_POINTS, default: 0, example: 500, description: "The profile's total_points must reach this; 0: no points rule." })
  @OptionalNotNull()
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_MIN_TOTAL_POINTS)
  min_total_points?: number;

  @ApiPropertyOptional({
    type: [String], maxItems: MAX_RULE_ACTIVITY_TYPES, default: [], example: ['RUNNING', 'CYCLING'],
    description: 'The profile must have a workout of one of these types in the last 30 days; empty: no activity rule.',
  })
  @OptionalNotNull()
  @IsArray()
  @ArrayMaxSize(MAX_RULE_ACTIVITY_TYPES)
  @ArrayUnique()
  @Matches(ACTIVITY_TYPE_PATTERN, { each: true, message: 'each activity type must be an upper-case word such as RUNNING' })
  activity_types?: string[];

  @ApiPropertyOptional({
    type: String, nullable: true, format: 'uuid', default: null, example: null,
    description: 'A challenge of the app whose goal the profile must have reached in some period; null: no challenge rule.',
  })
  @OptionalNotNull()
  @ValidateIf((_, value) => value !== null)
  @LowerCaseUuid()
  @IsUUID()
  challenge_id?: string | null;
}

/** POST app/products/ (and, every field optional, PATCH). */
export class ProductBody {
  @ApiProperty({ minLength: 1, maxLength: 200, example: 'Trail socks' })
  @IsString()
  @MinLength(1)
  @MaxLength(200)
  @StorableText()
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000, default: '', example: 'Merino socks for long runs.' })
  @OptionalNotNull()
  @IsString()
  @MaxLength(2000)
  @StorableText()
  description?: string;

  @ApiProperty({ minimum: 0, maximum: MAX_PRICE, example: 14.9, description: 'Price in currency units, at most two decimals.' })
  @IsNumber({ allowNaN: false, allowInfinity: false })
  @Min(0)
  @Max(MAX_PRICE)
  @Cents()
  price!: number;

  @ApiProperty({ pattern: '^[A-Z]{3}$', example: 'EUR', description: 'ISO 4217 currency code.' })
  @IsString()
  @Matches(/^[A-Z]{3}$/, { message: 'currency must be an ISO 4217 code of three upper-case letters such as EUR' })
  currency!: string;

  @ApiPropertyOptional({
    type: String, nullable: true, format: 'uri', maxLength: 2000, default: null, example: 'https://shop.example.com/img/socks.png',
    description: 'An absolute https URL (http only where the server sets ALLOW_HTTP_URLS=true).',
  })
  @OptionalNotNull()
  @ValidateIf((_, value) => value !== null)
  @IsString()
  @MaxLength(2000)
  @StorableText()
  @IsWebUrl()
  image_url?: string | null;

  @ApiProperty({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9._:-]+$', example: 'SOCK-TRAIL-42', description: "The shop's item id (SKU): what the cart link carries." })
  @IsString()
  @Matches(/^[A-Za-z0-9._:-]{1,100}$/, { message: 'sku must be 1 to 100 letters, digits, dots, underscores, colons or hyphens' })
  sku!: string;

  @ApiPropertyOptional({ default: true, example: true, description: 'Inactive products are kept but never recommended.' })
  @OptionalNotNull()
  @IsBoolean()
  active?: boolean;

  @ApiPropertyOptional({ type: ProductRulesBody, description: 'Omitted: no rules (every profile qualifies).' })
  @OptionalNotNull()
  @ValidateNested()
  @Type(() => ProductRulesBody)
  rules?: ProductRulesBody;
}

export class ProductPatchBody extends PartialType(ProductBody, { skipNullProperties: false }) {}

export class ProductRulesView {
  @ApiProperty({ example: 500 })
  min_total_points!: number;

  @ApiProperty({ type: [String], example: ['RUNNING'] })
  activity_types!: string[];

  @ApiProperty({ type: String, nullable: true, format: 'uuid', example: null })
  challenge_id!: string | null;
}

export class ProductView {
  @ApiProperty({ format: 'uri', example: `https://api.example.com/api/v1/app/products/${EXAMPLE_ID}/` })
  url!: string;

  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  id!: string;

  @ApiProperty({ example: 'Trail socks' })
  name!: string;

  @ApiProperty({ example: 'Merino socks for long runs.' })
  description!: string;

  @ApiProperty({ example: 14.9 })
  price!: number;

  @ApiProperty({ example: 'EUR' })
  currency!: string;

  @ApiProperty({ type: String, nullable: true, format: 'uri', example: 'https://shop.example.com/img/socks.png' })
  image_url!: string | null;

  @ApiProperty({ example: 'SOCK-TRAIL-42' })
  sku!: string;

  @ApiProperty({ example: true })
  active!: boolean;

  @ApiProperty({ type: ProductRulesView })
  rules!: ProductRulesView;

  @ApiProperty({ format: 'date-time', example: '2026-11-20T08:00:00.000Z' })
  created_at!: string;
}

export class RecommendedProduct extends ProductView {
  @ApiProperty({ example: 60, description: 'Ranking score (docs/loyalty.md): higher first.' })
  score!: number;

  @ApiProperty({
    type: [String], enum: ['points', 'activity', 'challenge_goal'], example: ['points', 'activity'],
    description: 'The rules of the product that the profile meets.',
  })
  reasons!: string[];
}

export class ShopSettingsBody {
  @ApiProperty({
    maxLength: 2000, example: 'https://shop.example.com/cart?items={items}&ref={profile}',
    description: 'An https URL with placeholders {items} (required: comma-separated SKUs), {profile} (the profile public_id) and {count}; each value is URL-encoded.',
  })
  @IsString()
  @MaxLength(2000)
  @StorableText()
  url_template!: string;
}

export class ShopSettingsView {
  @ApiProperty({ type: String, nullable: true, example: 'https://shop.example.com/cart?items={items}&ref={profile}', description: 'null until the administrator sets one.' })
  url_template!: string | null;
}

export class ShoppingCartItem {
  @ApiProperty({ format: 'uuid', example: EXAMPLE_ID })
  id!: string;

  @ApiProperty({ example: 'SOCK-TRAIL-42' })
  sku!: string;

  @ApiProperty({ example: 'Trail socks' })
  name!: string;

  @ApiProperty({ example: 14.9 })
  price!: number;

  @ApiProperty({ example: 'EUR' })
  currency!: string;
}

export class ShoppingCart {
  @ApiProperty({ format: 'uri', example: `https://shop.example.com/cart?items=SOCK-TRAIL-42%2CBOTTLE-1&ref=${EXAMPLE_ID}` })
  url!: string;

  @ApiProperty({ type: [ShoppingCartItem], maxItems: 20, description: 'The recommended products the link carries, best first (at most 20).' })
  items!: ShoppingCartItem[];

  @ApiProperty({ example: 2 })
  count!: number;
}
