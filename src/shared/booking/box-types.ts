/** Reference 11.1: the box types of an FBW supply the service watches slots for, in the seller's words. */
export const BOX_TYPE_NAMES = { 2: 'короба', 5: 'монопаллеты', 6: 'суперсейф' } as const;

export type BoxType = keyof typeof BOX_TYPE_NAMES;
