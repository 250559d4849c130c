/**
 * Preloaded (node --require) by the npm scripts a developer runs: with NODE_ENV unset they run in development, so that
 * `npm install && npm start` works with the committed placeholders. The built server run alone (npm run start:prod,
 * the image) is production when NODE_ENV is unset.
 */
if (!process.env.NODE_ENV) process.env.NODE_ENV = 'development';
