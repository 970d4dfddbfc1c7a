export * from './ops';
export * from './model';
export * from './maps';
export * from './envelope';
export * from './roles';
export { checkPayload, RECEIVE_SCHEMAS, SEND_SCHEMAS } from './validate';
