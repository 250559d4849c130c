export * from './accounts';
export * from './audit';
export * from './catalog';
export * from './examples';
export * from './notifications';
export * from './pricing';
export * from './repricer';
export * from './users';
