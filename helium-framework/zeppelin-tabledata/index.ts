export { default } from './tabledata';
