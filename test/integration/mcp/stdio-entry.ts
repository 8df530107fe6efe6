/**
 * A tiny `uistream mcp --backend sim` for the stdio tests: the composed sim server served over
 * stdin/stdout. Arguments: `--read-only`, `--tools ui_automation`.
 */
import { runMcpStdio } from '../../../src/mcp/index.js';
import { startTestApp } from './app.js';

const args = process.argv.slice(2);
const app = await startTestApp({
  readOnly: args.includes('--read-only'),
  mcp: { tools: args.includes('ui_automation') ? 'ui_automation' : 'default' },
});
await runMcpStdio(app, () => {
  void app.stop().then(() => process.exit(0));
});
