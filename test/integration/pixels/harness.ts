export * from '../../../scripts/harness/pixels.js';
