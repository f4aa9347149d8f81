import { LoyaltyError, LoyaltyErrorCode } from './loyalty-error';

export const MAX_SHOP_TEMPLATE_LENGTH = 2000;
/** The placeholders a shop URL template may use; {items} is required. */
export const SHOP_PLACEHOLDERS = ['items', 'profile', 'count'] as const;
/** How many recommended items a cart link carries (the first page of recommendations). */
export const MAX_CART_ITEMS = 20;

const PLACEHOLDER = /\{([^{}]*)\}/g;

/**
 * Checks an app's shop URL template: https, no credentials, at most 2000 characters, only known
 * placeholders ({items} required), none in the scheme or host (the link always goes to the shop).
 */
export function validateShopTemplate(template: string): void {
  const refuse = (why: string) => {
    throw new LoyaltyError(LoyaltyErrorCode.InvalidShopTemplate, `url_template ${why}`, 'url_template');
  };
  if (template.length === 0 || template.length > MAX_SHOP_TEMPLATE_LENGTH) refuse(`must have 1 to ${MAX_SHOP_TEMPLATE_LENGTH} characters`);
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]);
  const unknown = names.find((name) => !(SHOP_PLACEHOLDERS as readonly string[]).includes(name));
  if (unknown !== undefined) refuse(`has an unknown placeholder {${unknown}}; known: ${SHOP_PLACEHOLDERS.map((n) => `{${n}}`).join(', ')}`);
  if (/[{}]/.test(template.replace(PLACEHOLDER, ''))) refuse('has an unbalanced { or }');
  if (!names.includes('items')) refuse('must contain the {items} placeholder');
  let url: URL;
  try {
    url = new URL(template.replace(PLACEHOLDER, 'x'));
  } catch {
    return refuse('is not a URL');
  }
  if (url.protocol !== 'https:') refuse('must be an https URL');
  if (url.username || url.password) refuse('must not carry credentials');
  const origin = /^https:\/\/[^/?#]*/i.exec(template)?.[0] ?? '';
  if (origin.includes('{')) refuse('must not have a placeholder in its host');
}

/** The cart link: each placeholder replaced by its URL-encoded value ({items}: comma-separated SKUs). */
export function buildCartLink(template: string, skus: readonly string[], profileId: string): string {
  const values: Record<string, string> = { items: skus.join(','), profile: profileId, count: String(skus.length) };
  return template.replace(PLACEHOLDER, (_, name: string) => encodeURIComponent(values[name]));
}
