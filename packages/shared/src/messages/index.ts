export { MESSAGES } from './catalogue.js';
export * from './format.js';
