export * from './accounts.js';
export * from './users.js';
export * from './audit.js';
export * from './parameters.js';
export * from './devices.js';
export * from './energy.js';
export * from './jobs.js';
export * from './telemetry.js';
