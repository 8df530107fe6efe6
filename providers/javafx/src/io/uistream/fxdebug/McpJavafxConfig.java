package io.uistream.fxdebug;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Properties;

/**
 * The library's configuration (section 2.3 of the specification). {@code uistreamUrl}, when set,
 * also connects the same core to a uistream server as an in-app provider, with
 * {@code uistreamToken} (the server's token; {@code mcp.uistream.token} or UISTREAM_TOKEN).
 */
public record McpJavafxConfig(
    boolean enabled,
    Transport transport,
    String bindHost,
    int port,
    String token,
    boolean allowActions,
    SnapshotOptions snapshotDefaults,
    int fxTimeoutMs,
    int serverShutdownMs,
    String uistreamUrl,
    String uistreamToken) {

  public McpJavafxConfig {
    if (transport == null) transport = Transport.HTTP_LOCAL;
    if (bindHost == null || bindHost.isBlank()) bindHost = "127.0.0.1";
    if (snapshotDefaults == null) snapshotDefaults = SnapshotOptions.defaults();
    if (port < 0 || port > 65535) throw new IllegalArgumentException("port must be 0..65535");
    if (fxTimeoutMs <= 0) throw new IllegalArgumentException("fxTimeoutMs must be positive");
    if (serverShutdownMs < 0) throw new IllegalArgumentException("serverShutdownMs must be >= 0");
    if (!isLoopback(bindHost)) {
      throw new IllegalArgumentException(
          "bindHost must be a loopback address (the library is local only): " + bindHost);
    }
  }

  /** Enabled, local HTTP on 127.0.0.1 with an automatic port and a generated token. */
  public static McpJavafxConfig defaults() {
    return new McpJavafxConfig(
        true, Transport.HTTP_LOCAL, "127.0.0.1", 0, null, true, null, 5000, 2000, null, null);
  }

  public McpJavafxConfig withToken(String value) {
    return new McpJavafxConfig(
        enabled, transport, bindHost, port, value, allowActions, snapshotDefaults, fxTimeoutMs,
        serverShutdownMs, uistreamUrl, uistreamToken);
  }

  public McpJavafxConfig withAllowActions(boolean value) {
    return new McpJavafxConfig(
        enabled, transport, bindHost, port, token, value, snapshotDefaults, fxTimeoutMs,
        serverShutdownMs, uistreamUrl, uistreamToken);
  }

  public McpJavafxConfig withUistreamUrl(String value) {
    return new McpJavafxConfig(
        enabled, transport, bindHost, port, token, allowActions, snapshotDefaults, fxTimeoutMs,
        serverShutdownMs, value, uistreamToken);
  }

  /** Read the {@code mcp.*} system properties (section 2.3); unknown values are errors. */
  public static McpJavafxConfig fromProperties(Properties p) {
    SnapshotOptions d = SnapshotOptions.defaults();
    SnapshotOptions snapshot =
        new SnapshotOptions(
            intProp(p, "mcp.snapshot.depth", d.depth()),
            boolProp(p, "mcp.snapshot.bounds", d.includeBounds()),
            boolProp(p, "mcp.snapshot.localToScreen", d.includeLocalToScreen()),
            boolProp(p, "mcp.snapshot.properties", d.includeProperties()),
            boolProp(p, "mcp.snapshot.virtualization", d.includeVirtualization()),
            boolProp(p, "mcp.snapshot.accessibility", d.includeAccessibility()),
            boolProp(p, "mcp.snapshot.internals", d.includeControlInternals()));
    String transport = p.getProperty("mcp.transport", "http").trim();
    if (!transport.equals("http")) {
      throw new IllegalArgumentException("mcp.transport: only 'http' is supported, got " + transport);
    }
    return new McpJavafxConfig(
        boolProp(p, "mcp.ui", false),
        Transport.HTTP_LOCAL,
        p.getProperty("mcp.bind", "127.0.0.1"),
        intProp(p, "mcp.port", 0),
        emptyToNull(p.getProperty("mcp.token")),
        boolProp(p, "mcp.allowActions", true),
        snapshot,
        intProp(p, "mcp.fxTimeoutMs", 5000),
        intProp(p, "mcp.shutdownMs", 2000),
        emptyToNull(p.getProperty("mcp.uistream")),
        emptyToNull(p.getProperty("mcp.uistream.token", System.getenv("UISTREAM_TOKEN"))));
  }

  private static boolean boolProp(Properties p, String key, boolean fallback) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) return fallback;
    return switch (v.trim().toLowerCase()) {
      case "true", "1", "yes", "on" -> true;
      case "false", "0", "no", "off" -> false;
      default -> throw new IllegalArgumentException(key + ": expected true or false, got " + v);
    };
  }

  private static int intProp(Properties p, String key, int fallback) {
    String v = p.getProperty(key);
    if (v == null || v.isBlank()) return fallback;
    try {
      return Integer.parseInt(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(key + ": expected a whole number, got " + v);
    }
  }

  private static String emptyToNull(String v) {
    return v == null || v.isBlank() ? null : v.trim();
  }

  private static boolean isLoopback(String host) {
    if (host.equals("localhost")) return true;
    // Only literal addresses are accepted, so no name lookup happens here.
    if (!host.matches("[0-9.]+|\\[?[0-9a-fA-F:]+]?")) return false;
    try {
      return InetAddress.getByName(host.replace("[", "").replace("]", "")).isLoopbackAddress();
    } catch (UnknownHostException e) {
      return false;
    }
  }
}
