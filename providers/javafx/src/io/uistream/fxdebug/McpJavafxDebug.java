package io.uistream.fxdebug;

import io.uistream.fxdebug.mcp.Tools;
import io.uistream.fxdebug.provider.UistreamProvider;
import io.uistream.fxdebug.transport.http.LocalHttpServer;
import io.uistream.fxdebug.util.Log;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * Entry points (section 2.1): {@code McpJavafxDebug.install(config)} or, with {@code -Dmcp.ui=true},
 * {@code McpJavafxDebug.startFromSystemProperties()}. Either may be called before or after the
 * JavaFX toolkit starts; tools answer MCP_UI_NO_STAGES until a stage shows.
 */
public final class McpJavafxDebug {
  public static final String VERSION = "0.1.0";

  private McpJavafxDebug() {}

  public static McpJavafxHandle install(McpJavafxConfig config) {
    if (config == null) throw new IllegalArgumentException("config is required");
    if (!config.enabled()) return new Handle(config, null, null);
    if (config.uistreamUrl() != null && config.uistreamToken() == null) {
      throw new IllegalArgumentException(
          "uistreamUrl needs uistreamToken (mcp.uistream.token or UISTREAM_TOKEN): the server's token");
    }
    boolean generated = config.token() == null;
    String token = generated ? newToken() : config.token();
    McpJavafxConfig effective = config.withToken(token);
    try {
      Tools tools = new Tools(effective);
      LocalHttpServer server = new LocalHttpServer(effective, token, tools, VERSION);
      Log.info("MCP JavaFX Debug enabled");
      Log.info("Endpoint: " + server.endpoint());
      Log.info("Token: " + (generated ? token : mask(token)));
      UistreamProvider provider = null;
      if (config.uistreamUrl() != null) {
        provider = new UistreamProvider(config.uistreamUrl(), config.uistreamToken(), tools.uids());
        provider.start();
      }
      return new Handle(effective, server, provider);
    } catch (IOException e) {
      throw new UncheckedIOException("could not start the local server on " + config.bindHost(), e);
    }
  }

  /** Reads the {@code mcp.*} system properties; with {@code mcp.ui} unset or false, does nothing. */
  public static McpJavafxHandle startFromSystemProperties() {
    return install(McpJavafxConfig.fromProperties(System.getProperties()));
  }

  static String newToken() {
    byte[] bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  static String mask(String token) {
    return token.length() <= 4 ? "****" : token.substring(0, 4) + "…";
  }

  private static final class Handle implements McpJavafxHandle {
    private final McpJavafxConfig config;
    private LocalHttpServer server;
    private final UistreamProvider provider;

    Handle(McpJavafxConfig config, LocalHttpServer server, UistreamProvider provider) {
      this.config = config;
      this.server = server;
      this.provider = provider;
    }

    @Override
    public McpJavafxConfig config() {
      return config;
    }

    @Override
    public synchronized boolean isRunning() {
      return server != null;
    }

    @Override
    public synchronized String endpoint() {
      return server == null ? null : server.endpoint();
    }

    @Override
    public synchronized void close() {
      if (server == null) return;
      if (provider != null) provider.close();
      server.close();
      server = null;
      Log.info("MCP JavaFX Debug stopped");
    }
  }
}
