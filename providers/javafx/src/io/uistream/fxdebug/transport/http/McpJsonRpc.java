package io.uistream.fxdebug.transport.http;

import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.mcp.ToolCatalog;
import io.uistream.fxdebug.mcp.Tools;
import io.uistream.fxdebug.util.Input;
import io.uistream.fxdebug.util.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * MCP's JSON-RPC messages on {@code POST /mcp} (streamable HTTP with JSON answers), beside the
 * specification's simple {@code {tool, input}} form, so MCP hosts can connect directly.
 */
final class McpJsonRpc {
  static final String PROTOCOL_VERSION = "2025-06-18";
  private static final List<String> VERSIONS = List.of("2025-06-18", "2025-03-26", "2024-11-05");

  private final Tools tools;
  private final boolean allowActions;
  private final String version;

  McpJsonRpc(Tools tools, boolean allowActions, String version) {
    this.tools = tools;
    this.allowActions = allowActions;
    this.version = version;
  }

  static boolean isJsonRpc(Object body) {
    return body instanceof Map<?, ?> m && "2.0".equals(m.get("jsonrpc"));
  }

  /** The answer to one message, or null for a notification (answered 202 with no body). */
  Map<String, Object> handle(Map<?, ?> message) {
    Object id = message.get("id");
    Object method = message.get("method");
    if (!(method instanceof String name)) return error(id, -32600, "method is required");
    if (id == null) return null;
    try {
      return switch (name) {
        case "initialize" -> result(id, initialize(new Input(message.get("params"))));
        case "ping" -> result(id, Map.of());
        case "tools/list" -> result(id, Map.of("tools", ToolCatalog.list(allowActions)));
        case "tools/call" -> result(id, call(new Input(message.get("params"))));
        default -> error(id, -32601, "unknown method " + name);
      };
    } catch (UiException e) {
      return error(id, -32602, e.getMessage());
    }
  }

  private Map<String, Object> initialize(Input params) {
    String asked = params.string("protocolVersion", PROTOCOL_VERSION);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("protocolVersion", VERSIONS.contains(asked) ? asked : PROTOCOL_VERSION);
    out.put("capabilities", Map.of("tools", Map.of("listChanged", false)));
    out.put("serverInfo", Map.of("name", "mcp-javafx-debug", "version", version));
    return out;
  }

  private Map<String, Object> call(Input params) {
    String name = params.requiredString("name");
    Object args = params.has("arguments") ? rawArguments(params) : Map.of();
    try {
      return tools.call(name, args).toMcp();
    } catch (UiException e) {
      Map<String, Object> out = new LinkedHashMap<>();
      out.put("content", List.of(Map.of("type", "text", "text", Json.write(e.toJson()))));
      out.put("structuredContent", e.toJson());
      out.put("isError", true);
      return out;
    }
  }

  private static Object rawArguments(Input params) {
    Input args = params.object("arguments");
    return args == null ? Map.of() : args.raw();
  }

  static Map<String, Object> result(Object id, Object result) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jsonrpc", "2.0");
    out.put("id", id);
    out.put("result", result);
    return out;
  }

  static Map<String, Object> error(Object id, int code, String message) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("jsonrpc", "2.0");
    out.put("id", id);
    out.put("error", Map.of("code", code, "message", message));
    return out;
  }
}
