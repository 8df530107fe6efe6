/**
 * What the JavaFX provider tests and bench share: building the library and its fixtures with
 * javac, a real uistream server (sim backend) to connect to, and the java command line that
 * starts a fixture as a provider of that server.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect, type UistreamClient } from '../../clients/typescript/index.js';
import { createApp, type App } from '../../src/app.js';
import { loadConfig, type ConfigInput } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server/index.js';

export const FX_TOKEN = 'javafx-provider-token-0123456789';
const FX = ['--module-path', '/usr/share/openjfx/lib', '--add-modules', 'javafx.controls'];
const OUT = '.tmp/javafx-fixture';
const JAR = 'providers/javafx/build/mcp-javafx-debug.jar';

/** Builds the library jar and compiles the fixtures; throws with javac's output on failure. */
export function buildJavafxFixtures(): void {
  const lib = spawnSync('bash', ['providers/javafx/build.sh'], { encoding: 'utf8' });
  if (lib.status !== 0) throw new Error(`build.sh failed: ${lib.stderr}`);
  mkdirSync(OUT, { recursive: true });
  const fixtures = ['ProviderDemo.java', 'ProviderLoad.java', 'ConformanceFx.java'].map(
    (f) => `test/fixtures/javafx/${f}`,
  );
  const javac = spawnSync('javac', [...FX, '-cp', JAR, '-d', OUT, ...fixtures], {
    encoding: 'utf8',
  });
  if (javac.status !== 0) throw new Error(`javac failed: ${javac.stderr}`);
}

/** The java arguments that run `mainClass` as a provider of `url` named `app`. */
export function fixtureArgs(
  mainClass: string,
  url: string,
  app: string,
  props: Record<string, string | number> = {},
): string[] {
  const extra = Object.entries(props).map(([k, v]) => `-D${k}=${v}`);
  return [
    ...FX,
    '-cp',
    `${JAR}:${OUT}`,
    '-Dmcp.ui=true',
    `-Dmcp.uistream=${url}`,
    `-Dmcp.uistream.token=${FX_TOKEN}`,
    `-Dmcp.app=${app}`,
    ...extra,
    mainClass,
  ];
}

export interface Uistream {
  app: App;
  server: RunningServer;
  client: UistreamClient;
  close(): Promise<void>;
}

/** A real server on `port` (0: any free one) with a connected client. */
export async function startUistream(port = 0, config: ConfigInput = {}): Promise<Uistream> {
  const app = await createApp(loadConfig({ ...config, backend: 'sim', port, token: FX_TOKEN }));
  const server = await startServer(app);
  const client = await connect(server.url, { token: FX_TOKEN });
  return {
    app,
    server,
    client,
    close: async () => {
      await client.close();
      await server.close();
      await app.stop();
    },
  };
}
