/** On every answer: a browser takes its Content-Type as sent and never guesses a script or a page from the bytes. */
export const NO_SNIFF_HEADER = 'X-Content-Type-Options';
export const NO_SNIFF = 'nosniff';
