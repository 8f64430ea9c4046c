export * from './compile-checks.js';
export * from './config.js';
export * from './contest-board.js';
export * from './contests.js';
export * from './problems.js';
export * from './records.js';
export * from './submissions.js';
export * from './users.js';
