package io.uistream.fxdebug.core.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The windows of a snapshot, each with its scene's root. */
public final class UiSnapshot {
  public static final String SCHEMA = "mcp-javafx-ui/1.0";

  /** One showing window. */
  public static final class StageInfo {
    public int index;
    public String title;
    public String windowType;
    public boolean focused;
    public Map<String, Object> bounds;
    public UiNode root;
  }

  public final String mode;
  public final List<StageInfo> stages = new ArrayList<>();

  public UiSnapshot(String mode) {
    this.mode = mode;
  }

  public Map<String, Object> toJson() {
    boolean compact = mode.equals("compact");
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("schema", SCHEMA);
    out.put("mode", mode);
    List<Object> list = new ArrayList<>();
    for (StageInfo s : stages) {
      Map<String, Object> stage = new LinkedHashMap<>();
      stage.put("index", s.index);
      stage.put("title", s.title);
      stage.put("windowType", s.windowType);
      stage.put("focused", s.focused);
      stage.put("bounds", s.bounds);
      stage.put("root", s.root == null ? null : s.root.toJson(compact));
      list.add(stage);
    }
    out.put("stages", list);
    return out;
  }

  /** The text tree an agent reads: one line per node, indented by depth. */
  public String toText() {
    StringBuilder out = new StringBuilder();
    for (StageInfo s : stages) {
      out.append("Stage ").append(s.index).append(' ');
      out.append(s.title == null ? "(untitled)" : "\"" + UiNode.shorten(s.title) + "\"");
      if (s.focused) out.append(" [focused]");
      out.append('\n');
      if (s.root != null) s.root.appendText(out, 1);
    }
    return out.toString();
  }
}
