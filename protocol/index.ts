export * from './ops';
export * from './model';
export * from './schemas';
export * from './envelope';
export * from './roles';
export * from './cron';
export * from './nesting';
export * from './resultHistory';
