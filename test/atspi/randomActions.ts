export * from '../../scripts/harness/random-actions.js';
