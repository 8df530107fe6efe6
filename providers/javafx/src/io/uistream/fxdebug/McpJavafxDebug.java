package io.uistream.fxdebug;

import io.uistream.fxdebug.mcp.Tools;
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
    if (!config.enabled()) return new Handle(config, null);
    if (config.uistreamUrl() != null) {
      throw new IllegalArgumentException(
          "uistreamUrl: connecting to a uistream server is not available in this version");
    }
    boolean generated = config.token() == null;
    String token = generated ? newToken() : config.token();
    McpJavafxConfig effective = config.withToken(token);
    try {
      LocalHttpServer server = new LocalHttpServer(effective, token, new Tools(effective), VERSION);
      Log.info("MCP JavaFX Debug enabled");
      Log.info("Endpoint: " + server.endpoint());
      Log.info("Token: " + (generated ? token : mask(token)));
      return new Handle(effective, server);
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

    Handle(McpJavafxConfig config, LocalHttpServer server) {
      this.config = config;
      this.server = server;
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
      server.close();
      server = null;
      Log.info("MCP JavaFX Debug stopped");
    }
  }
}
