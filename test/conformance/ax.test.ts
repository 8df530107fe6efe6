/**
 * The conformance suite against the real macOS Accessibility backend. The fixture is owned by
 * the test: one AppKit app (test/fixtures/macos/ConformanceFixture.swift, built with swiftc by
 * the workflow, its path in $UISTREAM_AX_FIXTURE) with every control the specs need plus its
 * own closable window; started for every spec and killed for sure. Ground truth is a second
 * full read of the desktop. The host's log goes to $UISTREAM_AX_LOG when set.
 * Runs only on macOS (.github/workflows/macos.yml); elsewhere it checks that the expectation
 * file names real specs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createAxBackend } from '../../src/backends/ax/index.js';
import {
  COMMON_TARGETS,
  has,
  hostLog,
  runHostConformance,
  watchStart,
  type Targets,
} from './hostFixture.js';

const TITLE = 'uistream conformance';

/** Rows name themselves through their cells: the texts of an element's children. */
const TARGETS: Targets = {
  ...COMMON_TARGETS,
  selectable: {
    window: 'form',
    pick: (n, text) =>
      n.props.patterns.includes('SelectionItem') &&
      !has(n, 'selected') &&
      text(n.id).includes('Item 2'),
  },
  expandable: {
    window: 'form',
    pick: (n, text) => n.props.patterns.includes('ExpandCollapse') && text(n.id).includes('Branch'),
  },
};

function startFixture() {
  const binary = process.env['UISTREAM_AX_FIXTURE'];
  if (binary === undefined)
    throw new Error('set UISTREAM_AX_FIXTURE to the built fixture (see docs/macos.md)');
  return watchStart(spawn(binary, [TITLE], { stdio: 'ignore' }), 'the fixture');
}

runHostConformance({
  name: 'ax',
  platform: 'darwin',
  title: TITLE,
  targets: TARGETS,
  backend: () => createAxBackend({ onLog: hostLog('UISTREAM_AX_LOG') }),
  start: startFixture,
  end: (app: ChildProcess) => {
    if (app.exitCode === null) app.kill('SIGKILL');
  },
});
