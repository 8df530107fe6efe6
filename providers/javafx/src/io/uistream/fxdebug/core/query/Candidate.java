package io.uistream.fxdebug.core.query;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** What a query matches against, copied off the FX thread so matching never runs on it. */
public record Candidate(
    String uid,
    String path,
    String type,
    String id,
    List<String> styleClass,
    boolean visible,
    boolean disabled,
    String text,
    String summary) {

  public Map<String, Object> toJson() {
    Map<String, Object> ref = new LinkedHashMap<>();
    ref.put("path", path);
    ref.put("uid", uid);
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("ref", ref);
    out.put("type", type);
    out.put("id", id);
    out.put("summary", summary);
    return out;
  }
}
