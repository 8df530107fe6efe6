package io.uistream.fxdebug.core.model;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One scene-graph node as the tools report it (schema {@value UiSnapshot#SCHEMA}). Immutable once
 * built; built on the FX thread, serialized anywhere. Field order is the output order.
 */
public final class UiNode {
  public String path;
  public String uid;
  public String type;
  public String id;
  public List<String> styleClass = List.of();
  public boolean visible = true;
  public boolean managed = true;
  public boolean disabled;
  public boolean focused;
  public String text;
  public String summary;
  public Map<String, Object> boundsInScene;
  public Map<String, Object> boundsOnScreen;
  public Map<String, Object> properties;
  public Map<String, Object> virtualization;
  public Map<String, Object> accessibility;
  /** Children not listed because the depth limit was reached (0 when all are listed). */
  public int childrenOmitted;
  public final List<UiNode> children = new ArrayList<>();

  /**
   * The JSON form. {@code compact} leaves out fields at their defaults (visible, managed, not
   * disabled, no style class, no children) so an agent reads less; {@code full} lists all.
   */
  public Map<String, Object> toJson(boolean compact) {
    Map<String, Object> out = new LinkedHashMap<>();
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("path", path);
    ref.put("uid", uid);
    out.put("ref", ref);
    out.put("type", type);
    putUnlessCompact(out, compact, "id", id, id == null);
    putUnlessCompact(out, compact, "styleClass", styleClass, styleClass.isEmpty());
    putUnlessCompact(out, compact, "visible", visible, visible);
    putUnlessCompact(out, compact, "managed", managed, managed);
    putUnlessCompact(out, compact, "disabled", disabled, !disabled);
    putUnlessCompact(out, compact, "focused", focused, !focused);
    putUnlessCompact(out, compact, "text", text, text == null);
    putIfPresent(out, "boundsInScene", boundsInScene);
    putIfPresent(out, "boundsOnScreen", boundsOnScreen);
    putUnlessCompact(out, compact, "properties", properties, properties == null || properties.isEmpty());
    putIfPresent(out, "virtualization", virtualization);
    putIfPresent(out, "accessibility", accessibility);
    if (childrenOmitted > 0) out.put("childrenOmitted", childrenOmitted);
    if (!compact || !children.isEmpty()) {
      List<Object> kids = new ArrayList<>(children.size());
      for (UiNode child : children) kids.add(child.toJson(compact));
      out.put("children", kids);
    }
    return out;
  }

  private static void putUnlessCompact(
      Map<String, Object> out, boolean compact, String key, Object value, boolean isDefault) {
    if (compact && isDefault) return;
    out.put(key, value);
  }

  private static void putIfPresent(Map<String, Object> out, String key, Object value) {
    if (value != null) out.put(key, value);
  }

  /** One line of the text tree: {@code - Button#ok "OK" .primary [u-3] [disabled]}. */
  public void appendText(StringBuilder out, int indent) {
    out.append("  ".repeat(indent)).append("- ").append(type);
    if (id != null) out.append('#').append(id);
    if (text != null && !text.isEmpty()) out.append(" \"").append(shorten(text)).append('"');
    for (String cls : styleClass) out.append(" .").append(cls);
    out.append(" [").append(uid).append(']');
    if (disabled) out.append(" [disabled]");
    if (!visible) out.append(" [hidden]");
    if (focused) out.append(" [focused]");
    if (virtualization != null) out.append(" [items=").append(virtualization.get("itemsCount")).append(']');
    if (childrenOmitted > 0) out.append(" [+").append(childrenOmitted).append(" children]");
    out.append('\n');
    for (UiNode child : children) child.appendText(out, indent + 1);
  }

  static String shorten(String s) {
    String one = s.replace("\n", "\\n");
    return one.length() <= 80 ? one : one.substring(0, 77) + "...";
  }
}
