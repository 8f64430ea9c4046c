export * from './constants/enums.js';
export * from './constants/judge-status.js';
export * from './constants/limits.js';
export * from './constants/roles.js';
export * from './schemas/account.js';
export * from './schemas/common.js';
export * from './schemas/judge-protocol.js';
