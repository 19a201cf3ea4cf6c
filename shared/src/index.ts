export * from './constants.js';
export * from './money.js';
export * from './messages.js';
export * from './schemas.js';
export * from './routes.js';
