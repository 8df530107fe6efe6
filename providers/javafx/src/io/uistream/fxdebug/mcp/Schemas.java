package io.uistream.fxdebug.mcp;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** JSON Schema fragments for the tools' inputs (what an MCP host shows the model). */
final class Schemas {
  private Schemas() {}

  static Map<String, Object> object(Map<String, Object> properties, List<String> required) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("type", "object");
    out.put("properties", properties);
    if (!required.isEmpty()) out.put("required", required);
    out.put("additionalProperties", false);
    return out;
  }

  static Map<String, Object> string(String description) {
    return Map.of("type", "string", "description", description);
  }

  static Map<String, Object> enumOf(String description, List<String> values) {
    return Map.of("type", "string", "enum", values, "description", description);
  }

  static Map<String, Object> bool(String description) {
    return Map.of("type", "boolean", "description", description);
  }

  static Map<String, Object> integer(String description, int min, int max) {
    return Map.of("type", "integer", "minimum", min, "maximum", max, "description", description);
  }

  static Map<String, Object> number(String description) {
    return Map.of("type", "number", "description", description);
  }

  static Map<String, Object> strings(String description) {
    return Map.of("type", "array", "items", Map.of("type", "string"), "description", description);
  }

  static Map<String, Object> ref() {
    Map<String, Object> props = new LinkedHashMap<>();
    props.put("uid", string("The node's uid from a snapshot or query (u-...). Preferred."));
    props.put("path", string("The node's path from a snapshot (stage/child/child...)."));
    Map<String, Object> out = new LinkedHashMap<>(object(props, List.of()));
    out.put("description", "A node: {\"uid\": \"u-1f\"} or {\"path\": \"0/1/2\"}.");
    return out;
  }

  static Map<String, Object> stage() {
    return enumOf(
        "Which windows: the focused one (default), the primary one, or all showing windows.",
        List.of("focused", "primary", "all"));
  }
}
