package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.McpJavafxDebug;
import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.util.Json;
import io.uistream.fxdebug.util.Log;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/**
 * The library as an in-app provider of a uistream server (docs/providers.md): connects out to
 * {@code <url>/provider} with the server's token, says hello, and once the server subscribes
 * keeps its copy of the scene graph current through {@link SceneWatcher}. Requests run on their
 * own thread under their deadlines. A lost connection is retried with a growing delay, so an
 * app outlives a server restart.
 */
public final class UistreamProvider implements AutoCloseable {
  private static final String SUBPROTOCOL = "uistream.provider.v1";
  private static final long MAX_BACKOFF_MS = 10_000;

  private final URI uri;
  private final String token;
  private final Uids uids;
  private final ProviderActions actions;
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private final ExecutorService sender = daemon("mcp-uistream-send");
  private final ExecutorService requests = daemon("mcp-uistream-request");
  private final ScheduledExecutorService retry = Executors.newSingleThreadScheduledExecutor(r -> thread(r, "mcp-uistream-retry"));
  private volatile SceneWatcher watcher;
  private volatile WebSocket socket;
  private volatile boolean closed;
  private long backoffMs = 500;

  public UistreamProvider(String url, String token, Uids uids) {
    String base = url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    this.uri = URI.create(base + "/provider");
    this.token = token;
    this.uids = uids;
    this.actions = new ProviderActions(uids, () -> watcher == null ? null : watcher.rows());
  }

  public void start() {
    Platform.runLater(() -> watcher = new SceneWatcher(uids, this::send, true));
    // The figures are wanted however the app ends, SIGTERM included.
    Runtime.getRuntime().addShutdownHook(new Thread(this::writeStats, "mcp-uistream-stats"));
    // Warm before connecting, so the server's first subscribe finds the describing code ready.
    retry.execute(() -> {
      DescribeWarmup.run();
      connect();
    });
  }

  private void connect() {
    if (closed) return;
    http.newWebSocketBuilder()
        .header("Authorization", "Bearer " + token)
        .subprotocols(SUBPROTOCOL)
        .connectTimeout(Duration.ofSeconds(5))
        .buildAsync(uri, new Listener())
        .whenComplete((ws, err) -> {
          if (err != null) scheduleReconnect("could not connect: " + err.getMessage());
        });
  }

  private void scheduleReconnect(String why) {
    if (closed) return;
    Log.warn("uistream provider: " + why + "; retrying in " + backoffMs + " ms");
    retry.schedule(this::connect, backoffMs, TimeUnit.MILLISECONDS);
    backoffMs = Math.min(MAX_BACKOFF_MS, backoffMs * 2);
  }

  /** Serializes and sends off the FX thread, one frame at a time as the WebSocket API needs. */
  private void send(Map<String, Object> message) {
    WebSocket ws = socket;
    if (ws == null) return;
    sender.execute(() -> {
      try {
        ws.sendText(Json.write(message), true).join();
      } catch (RuntimeException e) {
        ws.abort();
      }
    });
  }

  private void onMessage(Map<?, ?> message) {
    switch (String.valueOf(message.get("type"))) {
      case "subscribe", "resync" -> Platform.runLater(() -> {
        if (watcher != null) watcher.snapshot();
      });
      case "request" -> requests.execute(() -> answer(message));
      default -> { /* welcome: nothing to do */ }
    }
  }

  @SuppressWarnings("unchecked")
  private void answer(Map<?, ?> request) {
    Object id = request.get("requestId");
    int deadline = request.get("deadlineMs") instanceof Number n ? n.intValue() : 5000;
    Map<String, Object> result = new LinkedHashMap<>();
    result.put("type", "result");
    result.put("requestId", id);
    try {
      String via = actions.perform((Map<String, Object>) request.get("action"), deadline);
      result.put("ok", true);
      result.put("via", via);
    } catch (UiException e) {
      result.put("ok", false);
      result.put("error", Map.of("code", codeFor(e), "message", String.valueOf(e.getMessage())));
    } catch (RuntimeException e) {
      result.put("ok", false);
      result.put("error", Map.of("code", "action_failed", "message", e.toString()));
    }
    send(result);
  }

  private static String codeFor(UiException e) {
    return switch (e.code()) {
      case MCP_UI_STALE_REF, MCP_UI_NODE_NOT_FOUND -> "element_stale";
      case MCP_UI_TIMEOUT -> "timeout";
      default -> "UNSUPPORTED_TARGET_TYPE".equals(e.details().get("reason")) ? "not_supported" : "action_failed";
    };
  }

  private final class Listener implements WebSocket.Listener {
    private final StringBuilder partial = new StringBuilder();

    @Override
    public void onOpen(WebSocket ws) {
      socket = ws;
      backoffMs = 500;
      Map<String, Object> hello = new LinkedHashMap<>();
      hello.put("type", "hello");
      hello.put("protocol", 1);
      hello.put("app", appName());
      hello.put("pid", ProcessHandle.current().pid());
      hello.put("toolkit", "javafx");
      hello.put("toolkitVersion", String.valueOf(System.getProperty("javafx.runtime.version", "")));
      hello.put("capabilities", Map.of("actions", ProviderActions.OFFERED));
      send(hello);
      Log.info("uistream provider: connected to " + uri + " (library " + McpJavafxDebug.VERSION + ")");
      ws.request(1);
    }

    @Override
    public CompletionStage<?> onText(WebSocket ws, CharSequence data, boolean last) {
      partial.append(data);
      if (last) {
        String text = partial.toString();
        partial.setLength(0);
        if (Json.parse(text) instanceof Map<?, ?> m) onMessage(m);
      }
      ws.request(1);
      return null;
    }

    @Override
    public CompletionStage<?> onClose(WebSocket ws, int status, String reason) {
      lost("closed " + status + " " + reason);
      return null;
    }

    @Override
    public void onError(WebSocket ws, Throwable error) {
      lost("error " + error);
    }

    private void lost(String why) {
      socket = null;
      Platform.runLater(() -> {
        if (watcher != null) watcher.unsubscribe();
      });
      scheduleReconnect(why);
    }
  }

  private static String appName() {
    String name = System.getProperty("mcp.app");
    if (name != null && !name.isBlank()) return name;
    String command = ProcessHandle.current().info().command().orElse("java");
    List<String> parts = List.of(command.split("[/\\\\]"));
    return parts.get(parts.size() - 1);
  }

  @Override
  public void close() {
    closed = true;
    writeStats();
    WebSocket ws = socket;
    if (ws != null) ws.sendClose(WebSocket.NORMAL_CLOSURE, "app closing");
    retry.shutdownNow();
    requests.shutdownNow();
    sender.shutdown();
  }

  private void writeStats() {
    SceneWatcher w = watcher;
    if (w != null) w.stats().writeIfAsked();
  }

  private static ExecutorService daemon(String name) {
    return Executors.newSingleThreadExecutor(r -> thread(r, name));
  }

  private static Thread thread(Runnable r, String name) {
    Thread t = new Thread(r, name);
    t.setDaemon(true);
    return t;
  }
}
