export * from './accounts';
export * from './audit';
export * from './examples';
export * from './notifications';
export * from './users';
export * from './catalog';
export * from './pricing';
export * from './repricer';
