/** Types of test-summary.mjs: the closing line of `npm test` from vitest's JSON report. */
export interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ name: string; assertionResults: Array<{ title: string; status: string }> }>;
}

export function summary(json: VitestJsonReport, baselinePath?: string): string;
