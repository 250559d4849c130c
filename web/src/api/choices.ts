/** Options a choice list shows at once; typing searches the rest through the API. */
export const CHOICES = 50;
