/* Version 1.0.0 draws as 1.1.0 does; it only lacks the palette setting in its descriptor. */
export { default } from '../1.1.0/index.js';
