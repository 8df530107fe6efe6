// Print the Wine conformance run (test/wine/conformance.ts wrote it as JSON): one line per spec,
// each known gap with its reason, the big-list checks, and the closing count line:
// "N passed, M known gaps (W Wine, O ours)", then the specs of operations the UIA backend does
// not have yet ("unbuilt:", counted apart: not a defect of what exists, not hidden either).
// Exits non-zero when a spec failed outside the known gaps, a known gap passed (stale), a check
// failed, or a gap is marked "ours".
import { existsSync, readFileSync } from 'node:fs';

const [file, logFile] = process.argv.slice(2);
if (!existsSync(file)) {
  console.error('[wine] the conformance run wrote no result; node.exe log follows');
  if (existsSync(logFile)) console.error(readFileSync(logFile, 'utf8'));
  console.log('0 passed, 0 known gaps (0 Wine, 0 ours); the run did not finish');
  process.exit(1);
}
const { results, checks, extra } = JSON.parse(readFileSync(file, 'utf8'));
const kindOf = (reason) => /^(Wine|ours|platform|unbuilt):/.exec(reason ?? '')?.[1] ?? 'unlabelled';
for (const r of results) {
  const label = { passed: 'PASS', gap: 'GAP ', failed: 'FAIL', 'stale-gap': 'STALE' }[r.outcome];
  console.log(`${label} ${r.id} (${r.ms} ms)`);
  if (r.reason !== undefined) console.log(`     ${r.reason}`);
  if (r.outcome === 'failed' || r.outcome === 'stale-gap') {
    console.log(`     ${r.detail ?? 'passed, but it is listed as a known gap: remove the entry'}`);
    for (const e of r.events ?? []) console.log(`       event ${e}`);
  }
}
for (const c of checks) console.log(`${c.ok ? 'PASS' : 'FAIL'} ${c.name}\n     ${c.detail}`);
for (const [key, value] of Object.entries(extra ?? {}))
  console.log(
    `[wine] ${key}: ${Array.isArray(value) ? `\n  ${value.join('\n  ')}` : JSON.stringify(value)}`,
  );
const gaps = results.filter((r) => r.outcome === 'gap');
const count = (kind) => gaps.filter((r) => kindOf(r.reason) === kind).length;
const passed = results.filter((r) => r.outcome === 'passed').length;
const broken = results.filter((r) => r.outcome === 'failed' || r.outcome === 'stale-gap');
const platform = count('platform');
const unlabelled = count('unlabelled');
const unbuilt = count('unbuilt');
const byDesign =
  platform > 0 ? `; ${platform} by design: event quirks cannot be switched on a real platform` : '';
const notBuilt = unbuilt > 0 ? `; ${unbuilt} of operations the UIA backend does not have yet` : '';
console.log(
  `${passed} passed, ${gaps.length - platform - unbuilt} known gaps (${count('Wine')} Wine, ${count('ours')} ours)${byDesign}${notBuilt}`,
);
const failedChecks = checks.filter((c) => !c.ok).length;
if (broken.length > 0) console.log(`[wine] ${broken.length} spec(s) failed or stale`);
if (failedChecks > 0) console.log(`[wine] ${failedChecks} big-list check(s) failed`);
const ok = broken.length === 0 && failedChecks === 0 && count('ours') === 0 && unlabelled === 0;
process.exit(ok && results.length > 0 ? 0 : 1);
