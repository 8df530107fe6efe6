package io.uistream.fxdebug.mcp;

import static io.uistream.fxdebug.mcp.Schemas.bool;
import static io.uistream.fxdebug.mcp.Schemas.enumOf;
import static io.uistream.fxdebug.mcp.Schemas.integer;
import static io.uistream.fxdebug.mcp.Schemas.number;
import static io.uistream.fxdebug.mcp.Schemas.object;
import static io.uistream.fxdebug.mcp.Schemas.ref;
import static io.uistream.fxdebug.mcp.Schemas.stage;
import static io.uistream.fxdebug.mcp.Schemas.string;
import static io.uistream.fxdebug.mcp.Schemas.strings;

import io.uistream.fxdebug.SnapshotOptions;
import io.uistream.fxdebug.core.actions.Actions;
import io.uistream.fxdebug.core.query.QuerySpec;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The tools' names, descriptions and input schemas, as MCP {@code tools/list} returns them. */
public final class ToolCatalog {
  private ToolCatalog() {}

  public static List<Object> list(boolean allowActions) {
    List<Object> tools = new java.util.ArrayList<>();
    tools.add(tool("ui_get_snapshot", "The JavaFX scene graph of the focused (or every) window: one line per node with its uid, and the same tree as JSON. Controls are leaves unless includeControlInternals.", snapshotSchema()));
    tools.add(tool("ui_query", "Find nodes by CSS selector (#id, .class, Type), by text, or by a predicate. Answers refs and short summaries like Button[text=OK].", querySchema()));
    tools.add(tool("ui_get_node", "One node by ref, with its bounds, properties and children to a depth; fields and properties filter the answer.", nodeSchema()));
    if (allowActions) {
      tools.add(tool("ui_perform", "Act on the app: focus, click (a node or x/y), typeText (into the focus), setText (a text field), pressKey (with modifiers), scroll. Answers the state seen afterwards.", performSchema()));
    }
    tools.add(tool("ui_screenshot", "A PNG of the focused window's scene, or of one node, rendered by JavaFX.", object(Map.of("stage", enumOf("The focused (default) or primary window.", List.of("focused", "primary")), "target", ref()), List.of())));
    return tools;
  }

  private static Map<String, Object> tool(String name, String description, Map<String, Object> schema) {
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("name", name);
    out.put("description", description);
    out.put("inputSchema", schema);
    return out;
  }

  private static Map<String, Object> snapshotSchema() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("stage", stage());
    p.put("mode", enumOf("compact (default) leaves out fields at their defaults; full lists every field.", List.of("compact", "full")));
    p.put("depth", integer("Levels below each window's root.", 0, SnapshotOptions.MAX_DEPTH));
    p.put("includeControlInternals", bool("Walk into controls' skins (default false)."));
    p.put("includeBounds", bool("Bounds in the scene (default true)."));
    p.put("includeLocalToScreen", bool("Bounds on the screen (default false)."));
    p.put("includeProperties", bool("Type-specific state: selection, values, tabs, menus (default true)."));
    p.put("includeVirtualization", bool("Item counts and visible rows of lists, tables and trees (default true)."));
    p.put("includeAccessibility", bool("Accessible role, text and help (default false)."));
    return object(p, List.of());
  }

  private static Map<String, Object> querySchema() {
    Map<String, Object> pred = new LinkedHashMap<>();
    pred.put("typeIs", strings("Node types, e.g. [\"Button\"]."));
    pred.put("idEquals", string("The node's id."));
    pred.put("styleClassHas", string("A style class the node has."));
    pred.put("visible", bool("Only visible (true) or hidden (false) nodes."));
    pred.put("enabled", bool("Only enabled (true) or disabled (false) nodes."));
    pred.put("textContains", string("Text the node shows contains this."));
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("stage", stage());
    p.put("css", string("A CSS selector: #id, .style-class, Button, VBox > Label."));
    p.put("text", string("Text the node shows (label, button, text field)."));
    p.put("match", enumOf("How text matches: contains (default), equals, regex.", List.of("contains", "equals", "regex")));
    p.put("predicate", object(pred, List.of()));
    p.put("limit", integer("Most matches returned (default 50).", 1, QuerySpec.MAX_LIMIT));
    p.put("includeControlInternals", bool("Also search controls' skins (text and predicate queries)."));
    return object(p, List.of());
  }

  private static Map<String, Object> nodeSchema() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("target", ref());
    p.put("fields", Map.of("type", "array", "items", Map.of("type", "string", "enum", NodeFilter.FIELDS), "description", "Only these fields (ref is always there)."));
    p.put("properties", strings("Only these keys of properties."));
    p.put("depth", integer("Levels of children to include (default 1).", 0, SnapshotOptions.MAX_DEPTH));
    return object(p, List.of("target"));
  }

  private static Map<String, Object> performSchema() {
    Map<String, Object> p = new LinkedHashMap<>();
    p.put("action", enumOf("What to do.", Actions.NAMES));
    p.put("target", ref());
    p.put("x", number("Screen x for click without a target."));
    p.put("y", number("Screen y for click without a target."));
    p.put("button", enumOf("Mouse button for click (default primary).", List.of("primary", "secondary", "middle")));
    p.put("text", string("Text for typeText and setText."));
    p.put("key", string("Key for pressKey: Enter, Tab, Escape, F5, a..."));
    p.put("modifiers", Map.of("type", "array", "items", Map.of("type", "string", "enum", List.of("ctrl", "alt", "shift", "meta")), "description", "Modifiers held during pressKey."));
    p.put("deltaY", number("Wheel notches for scroll; positive scrolls down."));
    return object(p, List.of("action"));
  }
}
