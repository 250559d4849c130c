/**
 * The marketplace's API scopes (token categories) and the bit each has in a token's `s` mask.
 * Reference 0.1 (hosts) and 0.2 (categories). Bit numbering is unconfirmed: we use 1 << position.
 */
export const SCOPES = {
  common: { bit: null, label: 'Common' },
  content: { bit: 1, label: 'Content' },
  analytics: { bit: 2, label: 'Analytics' },
  prices: { bit: 3, label: 'Prices and Discounts' },
  marketplace: { bit: 4, label: 'Marketplace' },
  statistics: { bit: 5, label: 'Statistics' },
  advert: { bit: 6, label: 'Promotion' },
  feedbacks: { bit: 7, label: 'Feedbacks and Questions' },
  'buyer-chat': { bit: 9, label: 'Buyers chat' },
  supplies: { bit: 10, label: 'Supplies' },
  returns: { bit: 11, label: 'Buyers returns' },
  documents: { bit: 12, label: 'Documents' },
  finance: { bit: 13, label: 'Finance' },
  'user-management': { bit: 16, label: 'Users' },
} as const;

export type Scope = keyof typeof SCOPES;
/** Categories a token can carry (common needs none: any valid token may call it). */
export type Category = Exclude<Scope, 'common'>;

export const SCOPE_NAMES = Object.keys(SCOPES) as Scope[];
export const CATEGORIES = SCOPE_NAMES.filter((scope): scope is Category => scope !== 'common');

export function categoryMask(categories: readonly Category[]): number {
  return categories.reduce((mask, category) => mask | (1 << SCOPES[category].bit), 0);
}

export const TOKEN_TYPES = ['personal', 'service', 'base', 'test'] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];

/** Reference 0.2: the acc marker of each token type. */
export const TOKEN_TYPE_ACC: Record<TokenType, number> = { base: 1, test: 2, personal: 3, service: 4 };
