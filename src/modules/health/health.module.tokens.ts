export const APP_VERSION = Symbol('APP_VERSION');
