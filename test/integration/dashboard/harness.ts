export * from '../../../scripts/harness/dashboard.js';
