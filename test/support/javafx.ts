/**
 * A JavaFX fixture on the shared headless desktop, run as a provider of a started uistream
 * server (sim backend), handed over once its main window is in the server's cache. A fixture
 * whose window never opens is stopped with its server before the error is thrown.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { LaunchedApp } from '../../scripts/desktop/session.js';
import { sharedDesktop } from '../../scripts/harness/atspi.js';
import {
  buildJavafxFixtures,
  FX_TOKEN,
  fixtureArgs,
  startUistream,
  type Uistream,
} from '../../scripts/harness/javafx.js';
import type { ConfigInput } from '../../src/config.js';
import { mountMcp, type McpHttpEndpoint } from '../../src/mcp/index.js';

export interface FxFixtureSpec {
  /** The fixture's main class (test/fixtures/javafx). */
  mainClass: string;
  /** The app name it provides under. */
  app: string;
  /** Its main window's title, waited for. */
  title: string;
  /** Java system properties for the library (`-Dkey=value`). */
  props?: Record<string, string | number>;
  /** The server's configuration beyond the sim backend, port and token. */
  config?: ConfigInput;
}

export interface FxFixture {
  uistream: Uistream;
  app: LaunchedApp;
  /** An MCP client of the server, its endpoint mounted at the first call. */
  mcpClient(name: string): Promise<Client>;
  /** Stops the app and the server (the shared desktop stays: stopSharedDesktop). */
  close(): Promise<void>;
}

export async function launchFxFixture(spec: FxFixtureSpec): Promise<FxFixture> {
  buildJavafxFixtures();
  const uistream = await startUistream(0, spec.config);
  let app: LaunchedApp | undefined;
  try {
    const desktop = await sharedDesktop();
    app = desktop.launch(
      'java',
      fixtureArgs(spec.mainClass, uistream.server.url, spec.app, spec.props),
    );
    await uistream.client.call('actions.waitFor', {
      condition: 'windowOpened',
      title: spec.title,
      timeoutMs: 60_000,
    });
  } catch (err) {
    await app?.stop();
    await uistream.close();
    throw err;
  }
  return opened(uistream, app);
}

function opened(uistream: Uistream, app: LaunchedApp): FxFixture {
  let endpoint: McpHttpEndpoint | undefined;
  return {
    uistream,
    app,
    async mcpClient(name) {
      const { server, app: served } = uistream;
      endpoint ??= mountMcp(server, {
        handlers: served.handlers,
        config: served.config,
        cache: served.cache,
      });
      const mcp = new Client({ name, version: '1.0.0' });
      const headers = { authorization: `Bearer ${FX_TOKEN}` };
      await mcp.connect(
        new StreamableHTTPClientTransport(new URL(`${server.httpUrl}/mcp`), {
          requestInit: { headers },
        }),
      );
      return mcp;
    },
    async close() {
      await app.stop();
      await endpoint?.close();
      await uistream.close();
    },
  };
}
