package io.uistream.fxdebug;

import static io.uistream.fxdebug.Check.equal;
import static io.uistream.fxdebug.Check.truth;

import io.uistream.fxdebug.util.Json;
import java.net.URI;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import javafx.application.Platform;

/** The transport's guarantees (section 12) and the entry points (section 2). */
final class ServerTests {
  private final McpJavafxHandle handle;
  private final Client client;
  private final String token;

  private ServerTests(McpJavafxHandle handle, String token) {
    this.handle = handle;
    this.token = token;
    this.client = new Client(handle.endpoint(), token);
  }

  static void register(Check check, McpJavafxHandle handle, String token) {
    ServerTests t = new ServerTests(handle, token);
    check.add("health answers with the token and refuses without it", t::health);
    check.add("a foreign Host or Origin is refused (DNS rebinding)", t::hostAndOrigin);
    check.add("a body over the limit is refused with 413", t::bodyLimit);
    check.add("MCP JSON-RPC: initialize, tools/list, tools/call", t::jsonRpc);
    check.add("allowActions=false lists no ui_perform and refuses it", ServerTests::readOnly);
    check.add("a busy FX thread answers MCP_UI_TIMEOUT and the app carries on", ServerTests::fxTimeout);
    check.add("startFromSystemProperties starts, or does nothing when mcp.ui is off", ServerTests::fromProperties);
  }

  private int port() {
    return URI.create(handle.endpoint()).getPort();
  }

  private void health() throws Exception {
    Client.Response ok = client.send("GET", "/health", null, token);
    equal(200, ok.status(), "status");
    equal(true, ok.map().get("ok"), "ok");
    equal("mcp-javafx-ui/1.0", ok.map().get("schema"), "schema");
    equal(5, ((List<?>) ok.map().get("tools")).size(), "tools");
    equal(401, client.send("GET", "/health", null, null).status(), "no token");
    equal(401, client.send("GET", "/health", null, token + "x").status(), "wrong token");
    equal(405, client.send("GET", "/mcp", null, token).status(), "GET /mcp");
  }

  private void hostAndOrigin() throws Exception {
    String auth = "Authorization: Bearer " + token + "\r\n";
    equal(403, Client.rawStatus(port(), "GET /health HTTP/1.1\r\nHost: evil.example:" + port() + "\r\n" + auth + "\r\n"), "foreign Host");
    equal(403, Client.rawStatus(port(), "GET /health HTTP/1.1\r\nHost: 127.0.0.1:" + port() + "\r\nOrigin: http://evil.example\r\n" + auth + "\r\n"), "foreign Origin");
    equal(200, Client.rawStatus(port(), "GET /health HTTP/1.1\r\nHost: localhost:" + port() + "\r\n" + auth + "Connection: close\r\n\r\n"), "localhost Host");
  }

  private void bodyLimit() throws Exception {
    String headers = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + port() + "\r\nAuthorization: Bearer " + token
        + "\r\nContent-Type: application/json\r\nContent-Length: " + (5 * 1024 * 1024) + "\r\n\r\n{";
    equal(413, Client.rawStatus(port(), headers), "over the limit, refused before the body is read");
    equal(400, client.send("POST", "/mcp", "{not json", token).status(), "malformed");
    equal(200, client.send("GET", "/health", null, token).status(), "still serving");
  }

  @SuppressWarnings("unchecked")
  private void jsonRpc() throws Exception {
    Map<String, Object> init = rpc(1, "initialize", Map.of("protocolVersion", "2025-06-18", "capabilities", Map.of(), "clientInfo", Map.of("name", "t", "version", "1")));
    equal("2025-06-18", ((Map<String, Object>) init.get("result")).get("protocolVersion"), "version");
    equal(202, client.send("POST", "/mcp", Json.write(Map.of("jsonrpc", "2.0", "method", "notifications/initialized")), token).status(), "notification");
    Map<String, Object> list = (Map<String, Object>) rpc(2, "tools/list", Map.of()).get("result");
    List<Object> tools = (List<Object>) list.get("tools");
    equal(List.of("ui_get_snapshot", "ui_query", "ui_get_node", "ui_perform", "ui_screenshot"),
        tools.stream().map(t -> ((Map<String, Object>) t).get("name")).toList(), "tool names");
    Map<String, Object> call = (Map<String, Object>) rpc(3, "tools/call", Map.of("name", "ui_query", "arguments", Map.of("css", "#ok"))).get("result");
    equal(false, call.get("isError"), "not an error");
    equal(1L, ((Map<String, Object>) call.get("structuredContent")).get("total"), "structured");
    Map<String, Object> bad = (Map<String, Object>) rpc(4, "tools/call", Map.of("name", "ui_query", "arguments", Map.of())).get("result");
    equal(true, bad.get("isError"), "a tool error is a result with isError");
    truth(rpc(5, "nope", Map.of()).containsKey("error"), "unknown method");
  }

  private Map<String, Object> rpc(int id, String method, Map<String, Object> params) throws Exception {
    Client.Response r = client.send("POST", "/mcp", Json.write(Map.of("jsonrpc", "2.0", "id", id, "method", method, "params", params)), token);
    equal(200, r.status(), method);
    return r.map();
  }

  private static void readOnly() throws Exception {
    try (McpJavafxHandle h = McpJavafxDebug.install(McpJavafxConfig.defaults().withToken("ro").withAllowActions(false))) {
      Client c = new Client(h.endpoint(), "ro");
      equal("MCP_UI_NOT_ENABLED", Client.errorCode(c.tool("ui_perform", Map.of("action", "focus"))), "refused");
      String list = Json.write(c.send("POST", "/mcp", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", "ro").body());
      truth(!list.contains("ui_perform") && list.contains("ui_query"), "listed: " + list);
    }
  }

  private static void fxTimeout() throws Exception {
    McpJavafxConfig config = new McpJavafxConfig(true, Transport.HTTP_LOCAL, "127.0.0.1", 0, "t", true, null, 300, 0, null, null);
    try (McpJavafxHandle h = McpJavafxDebug.install(config)) {
      CountDownLatch release = new CountDownLatch(1);
      CountDownLatch blocked = new CountDownLatch(1);
      Platform.runLater(() -> {
        blocked.countDown();
        try {
          release.await(30, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      });
      truth(blocked.await(10, TimeUnit.SECONDS), "the FX thread took the blocking task");
      Map<String, Object> r;
      try {
        r = new Client(h.endpoint(), "t").tool("ui_get_snapshot", Map.of());
      } finally {
        release.countDown();
      }
      equal("MCP_UI_TIMEOUT", Client.errorCode(r), "timed out");
      truth(new Client(h.endpoint(), "t").tool("ui_get_snapshot", Map.of()).containsKey("output"), "answers again");
    }
  }

  private static void fromProperties() throws Exception {
    System.setProperty("mcp.ui", "false");
    try (McpJavafxHandle off = McpJavafxDebug.startFromSystemProperties()) {
      truth(!off.isRunning() && off.endpoint() == null, "off");
    }
    System.setProperty("mcp.ui", "true");
    System.setProperty("mcp.token", "props-token");
    McpJavafxHandle on = McpJavafxDebug.startFromSystemProperties();
    try {
      truth(on.isRunning(), "running");
      truth(on.endpoint().startsWith("http://127.0.0.1:"), "endpoint " + on.endpoint());
      equal(200, new Client(on.endpoint(), "props-token").send("GET", "/health", null, "props-token").status(), "health");
    } finally {
      on.close();
      System.clearProperty("mcp.ui");
      System.clearProperty("mcp.token");
    }
    truth(!on.isRunning(), "closed");
  }
}
