export * from './adapter.js';
export * from './config.js';
export * from './http.js';
export * from './pool.js';
export * from './registry.js';
