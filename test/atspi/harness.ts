export * from '../../scripts/harness/atspi.js';
