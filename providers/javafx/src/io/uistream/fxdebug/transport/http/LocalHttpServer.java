package io.uistream.fxdebug.transport.http;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.uistream.fxdebug.McpJavafxConfig;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.core.model.UiSnapshot;
import io.uistream.fxdebug.mcp.Tools;
import io.uistream.fxdebug.util.Json;
import io.uistream.fxdebug.util.Log;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The local HTTP transport (section 12): {@code GET /health} and {@code POST /mcp} on a loopback
 * address, every request with the bearer token, a Host (and Origin, when sent) naming this
 * server so a web page cannot reach it by DNS rebinding, bodies capped, one call at a time.
 */
public final class LocalHttpServer implements AutoCloseable {
  public static final int MAX_BODY_BYTES = 4 * 1024 * 1024;

  private final McpJavafxConfig config;
  private final byte[] token;
  private final Tools tools;
  private final McpJsonRpc rpc;
  private final ReentrantLock oneAtATime = new ReentrantLock();
  private final HttpServer server;
  private final ExecutorService executor;

  public LocalHttpServer(McpJavafxConfig config, String token, Tools tools, String version)
      throws IOException {
    this.config = config;
    this.token = token.getBytes(StandardCharsets.UTF_8);
    this.tools = tools;
    this.rpc = new McpJsonRpc(tools, config.allowActions(), version);
    InetAddress bind = InetAddress.getByName(config.bindHost());
    this.server = HttpServer.create(new InetSocketAddress(bind, config.port()), 16);
    this.executor =
        Executors.newSingleThreadExecutor(
            r -> {
              Thread t = new Thread(r, "mcp-javafx-http");
              t.setDaemon(true);
              return t;
            });
    server.setExecutor(executor);
    server.createContext("/health", this::health);
    server.createContext("/mcp", this::mcp);
    server.start();
  }

  public int port() {
    return server.getAddress().getPort();
  }

  public String endpoint() {
    String host = config.bindHost().contains(":") ? "[" + config.bindHost() + "]" : config.bindHost();
    return "http://" + host + ":" + port();
  }

  private void health(HttpExchange ex) throws IOException {
    try (ex) {
      if (!admitted(ex, "GET")) return;
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("ok", true);
      out.put("schema", UiSnapshot.SCHEMA);
      out.put("tools", Tools.NAMES);
      send(ex, 200, out);
    }
  }

  private void mcp(HttpExchange ex) throws IOException {
    try (ex) {
      if (!admitted(ex, "POST")) return;
      Object body;
      try {
        body = Json.parse(readBody(ex));
      } catch (UiException e) {
        send(ex, 413, e.toJson());
        return;
      } catch (Json.JsonException e) {
        send(ex, 400, UiException.invalid("the body is not JSON: " + e.getMessage()).toJson());
        return;
      }
      oneAtATime.lock();
      try {
        dispatch(ex, body);
      } finally {
        oneAtATime.unlock();
      }
    }
  }

  private void dispatch(HttpExchange ex, Object body) throws IOException {
    if (McpJsonRpc.isJsonRpc(body)) {
      Map<String, Object> answer = rpc.handle((Map<?, ?>) body);
      if (answer == null) {
        ex.sendResponseHeaders(202, -1);
      } else {
        send(ex, 200, answer);
      }
      return;
    }
    if (!(body instanceof Map<?, ?> request)) {
      send(ex, 400, UiException.invalid("the body must be {\"tool\": ..., \"input\": {...}}").toJson());
      return;
    }
    Object tool = request.get("tool");
    long started = System.nanoTime();
    try {
      Map<String, Object> output = tools.call(tool instanceof String s ? s : null, request.get("input")).toOutput();
      Log.audit(String.valueOf(tool), started, "ok");
      send(ex, 200, Map.of("output", output));
    } catch (UiException e) {
      Log.audit(String.valueOf(tool), started, e.code().name());
      send(ex, 200, e.toJson());
    } catch (RuntimeException e) {
      Log.audit(String.valueOf(tool), started, "MCP_UI_INTERNAL");
      send(ex, 500, new UiException(ErrorCode.MCP_UI_INTERNAL, e.toString()).toJson());
    }
  }

  private boolean admitted(HttpExchange ex, String method) throws IOException {
    if (!hostIsLocal(ex.getRequestHeaders().getFirst("Host"))
        || !originIsLocal(ex.getRequestHeaders().getFirst("Origin"))) {
      send(ex, 403, new UiException(ErrorCode.MCP_UI_UNAUTHORIZED, "Host or Origin is not this local server").toJson());
      return false;
    }
    if (!authorized(ex.getRequestHeaders().getFirst("Authorization"))) {
      ex.getResponseHeaders().set("WWW-Authenticate", "Bearer");
      send(ex, 401, new UiException(ErrorCode.MCP_UI_UNAUTHORIZED, "a valid Authorization: Bearer <token> is required").toJson());
      return false;
    }
    if (!ex.getRequestMethod().equals(method)) {
      ex.getResponseHeaders().set("Allow", method);
      send(ex, 405, UiException.invalid("use " + method).toJson());
      return false;
    }
    return true;
  }

  private boolean authorized(String header) {
    if (header == null || !header.startsWith("Bearer ")) return false;
    byte[] given = header.substring(7).trim().getBytes(StandardCharsets.UTF_8);
    return MessageDigest.isEqual(given, token);
  }

  private boolean hostIsLocal(String host) {
    if (host == null) return false;
    String port = ":" + port();
    return host.equals("127.0.0.1" + port) || host.equals("localhost" + port) || host.equals("[::1]" + port);
  }

  private boolean originIsLocal(String origin) {
    if (origin == null) return true;
    String port = ":" + port();
    return origin.equals("http://127.0.0.1" + port) || origin.equals("http://localhost" + port);
  }

  private static String readBody(HttpExchange ex) throws IOException {
    String length = ex.getRequestHeaders().getFirst("Content-Length");
    if (length != null && length.matches("\\d+") && Long.parseLong(length) > MAX_BODY_BYTES) {
      throw tooLarge();
    }
    try (InputStream in = ex.getRequestBody()) {
      byte[] body = in.readNBytes(MAX_BODY_BYTES + 1);
      if (body.length > MAX_BODY_BYTES) throw tooLarge();
      return new String(body, StandardCharsets.UTF_8);
    }
  }

  private static UiException tooLarge() {
    return new UiException(
        ErrorCode.MCP_UI_INVALID_INPUT,
        "the body is over " + MAX_BODY_BYTES + " bytes",
        Map.of("limit", MAX_BODY_BYTES));
  }

  private static void send(HttpExchange ex, int status, Map<String, Object> json) throws IOException {
    byte[] bytes = Json.write(json).getBytes(StandardCharsets.UTF_8);
    ex.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
    ex.sendResponseHeaders(status, bytes.length);
    try (OutputStream out = ex.getResponseBody()) {
      out.write(bytes);
    }
  }

  @Override
  public void close() {
    server.stop(Math.max(0, (config.serverShutdownMs() + 999) / 1000));
    executor.shutdownNow();
  }
}
