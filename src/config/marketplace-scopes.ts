/**
 * The marketplace's API scopes (token categories) and their addresses (marketplace reference 0.1).
 * The emulator serves the same scope names under one base address.
 */
export const MP_SCOPES = {
  common: { production: 'https://common-api.wildberries.ru', sandbox: null },
  content: { production: 'https://content-api.wildberries.ru', sandbox: 'https://content-api-sandbox.wildberries.ru' },
  analytics: { production: 'https://seller-analytics-api.wildberries.ru', sandbox: null },
  prices: { production: 'https://discounts-prices-api.wildberries.ru', sandbox: 'https://discounts-prices-api-sandbox.wildberries.ru' },
  marketplace: { production: 'https://marketplace-api.wildberries.ru', sandbox: null },
  statistics: { production: 'https://statistics-api.wildberries.ru', sandbox: 'https://statistics-api-sandbox.wildberries.ru' },
  advert: { production: 'https://advert-api.wildberries.ru', sandbox: 'https://advert-api-sandbox.wildberries.ru' },
  feedbacks: { production: 'https://feedbacks-api.wildberries.ru', sandbox: 'https://feedbacks-api-sandbox.wildberries.ru' },
  'buyer-chat': { production: 'https://buyer-chat-api.wildberries.ru', sandbox: null },
  supplies: { production: 'https://supplies-api.wildberries.ru', sandbox: null },
  returns: { production: 'https://returns-api.wildberries.ru', sandbox: null },
  documents: { production: 'https://documents-api.wildberries.ru', sandbox: null },
  finance: { production: 'https://finance-api.wildberries.ru', sandbox: null },
  'user-management': { production: 'https://user-management-api.wildberries.ru', sandbox: null },
} as const;

export type MpScope = keyof typeof MP_SCOPES;
export const MP_SCOPE_NAMES = Object.keys(MP_SCOPES) as MpScope[];

/** MP_CONTENT_API_URL, MP_BUYER_CHAT_API_URL, ... */
export function scopeUrlVariable(scope: MpScope): string {
  return `MP_${scope.toUpperCase().replace(/-/g, '_')}_API_URL`;
}
