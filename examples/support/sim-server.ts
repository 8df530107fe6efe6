/**
 * A uistream server on the embedded simulated desktop for the examples, composed exactly as
 * `uistream serve --backend sim` does (createApp + startServer) on 127.0.0.1 and a free port.
 * Against a real desktop, run `uistream serve` and connect to the URL and token it prints.
 */
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { startServer } from '../../src/server/index.js';

export interface ExampleServer {
  url: string;
  token: string;
  close(): Promise<void>;
}

export async function startSimServer(): Promise<ExampleServer> {
  const app = await createApp(loadConfig({ backend: 'sim', port: 0 }));
  const server = await startServer(app);
  return {
    url: server.url,
    token: server.token ?? '',
    close: async () => {
      await server.close();
      await app.stop();
    },
  };
}
