/** Most products an app's catalogue may hold: recommendations rank the whole catalogue in one request. */
export const MAX_PRODUCTS_PER_APP = 500;
/** Most activity types one product's rule may name. */
export const MAX_RULE_ACTIVITY_TYPES = 20;
/** "Recently" of the activity rule: the last 30 days. */
export const RECENT_ACTIVITY_DAYS = 30;

/** When a product is open to a profile; every rule set must hold (an empty rule always holds). */
export interface ProductRules {
  /** The profile's total_points must reach this (0: no points rule). */
  readonly minTotalPoints: number;
  /** The profile must have a workout of one of these types in the last 30 days (empty: no activity rule). */
  readonly activityTypes: readonly string[];
  /** The profile must have reached the goal of this challenge in some period (null: no challenge rule). */
  readonly challengeId: string | null;
}

/** The writable fields of a catalogue product. */
export interface ProductFields {
  readonly name: string;
  readonly description: string;
  /** Price in `currency` units (up to two decimals). */
  readonly price: number;
  /** ISO 4217 code, e.g. EUR. */
  readonly currency: string;
  readonly imageUrl: string | null;
  /** The shop's item id, the value the cart link carries. */
  readonly sku: string;
  readonly active: boolean;
  readonly rules: ProductRules;
}

/** A product of an app's loyalty catalogue (managed by the administrator). */
export interface Product extends ProductFields {
  readonly id: string;
  readonly appId: string;
  readonly createdAt: Date;
}
