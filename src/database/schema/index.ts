export * from './examples';
