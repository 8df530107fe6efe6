package io.uistream.fxdebug.mcp;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** {@code ui_get_node}'s {@code fields} and {@code properties} filters (section 11.1). */
final class NodeFilter {
  static final List<String> FIELDS =
      List.of(
          "ref", "type", "id", "styleClass", "visible", "managed", "disabled", "focused", "text",
          "boundsInScene", "boundsOnScreen", "properties", "virtualization", "accessibility",
          "childrenOmitted", "children");

  private NodeFilter() {}

  @SuppressWarnings("unchecked")
  static Map<String, Object> apply(Map<String, Object> node, List<String> fields, List<String> properties) {
    for (String f : fields) {
      if (!FIELDS.contains(f)) {
        throw new UiException(
            ErrorCode.MCP_UI_INVALID_INPUT,
            "unknown field '" + f + "'",
            Map.of("field", "fields", "accepted", FIELDS));
      }
    }
    Map<String, Object> out = new LinkedHashMap<>();
    for (Map.Entry<String, Object> e : node.entrySet()) {
      if (fields.isEmpty() || fields.contains(e.getKey()) || e.getKey().equals("ref")) {
        out.put(e.getKey(), e.getValue());
      }
    }
    if (!properties.isEmpty() && out.get("properties") instanceof Map<?, ?> props) {
      Map<String, Object> kept = new LinkedHashMap<>();
      for (String p : properties) {
        if (props.containsKey(p)) kept.put(p, ((Map<String, Object>) props).get(p));
      }
      out.put("properties", kept);
    }
    return out;
  }
}
