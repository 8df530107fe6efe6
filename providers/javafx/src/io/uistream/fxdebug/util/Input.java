package io.uistream.fxdebug.util;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Typed reads of a tool's input object; anything malformed is MCP_UI_INVALID_INPUT. */
public final class Input {
  private final Map<String, Object> map;

  public Input(Object raw) {
    if (raw == null) {
      this.map = Map.of();
    } else if (raw instanceof Map<?, ?> m) {
      Map<String, Object> copy = new LinkedHashMap<>();
      m.forEach((k, v) -> copy.put(String.valueOf(k), v));
      this.map = copy;
    } else {
      throw UiException.invalid("input must be an object");
    }
  }

  /** Refuse fields the tool does not define, naming the ones it does. */
  public Input only(Set<String> accepted) {
    for (String key : map.keySet()) {
      if (!accepted.contains(key)) {
        throw new UiException(
            ErrorCode.MCP_UI_INVALID_INPUT,
            "unknown field '" + key + "'",
            Map.of("field", key, "accepted", List.copyOf(new java.util.TreeSet<>(accepted))));
      }
    }
    return this;
  }

  /** The object as given, for handing on unchanged. */
  public Map<String, Object> raw() {
    return map;
  }

  public boolean has(String key) {
    return map.get(key) != null;
  }

  public String string(String key, String fallback) {
    Object v = map.get(key);
    if (v == null) return fallback;
    if (v instanceof String s) return s;
    throw wrongType(key, "a string");
  }

  public String requiredString(String key) {
    String v = string(key, null);
    if (v == null) throw missing(key);
    return v;
  }

  public String oneOf(String key, String fallback, List<String> accepted) {
    String v = string(key, fallback);
    if (v != null && !accepted.contains(v)) {
      throw new UiException(
          ErrorCode.MCP_UI_INVALID_INPUT,
          key + " must be one of " + accepted + ", got '" + v + "'",
          Map.of("field", key, "accepted", accepted));
    }
    return v;
  }

  public int integer(String key, int fallback, int min, int max) {
    Object v = map.get(key);
    if (v == null) return fallback;
    if (!(v instanceof Number n) || n.doubleValue() != Math.rint(n.doubleValue())) {
      throw wrongType(key, "a whole number");
    }
    long value = n.longValue();
    if (value < min || value > max) {
      throw UiException.invalid(key + " must be between " + min + " and " + max + ", got " + value);
    }
    return (int) value;
  }

  public Double number(String key) {
    Object v = map.get(key);
    if (v == null) return null;
    if (v instanceof Number n && Double.isFinite(n.doubleValue())) return n.doubleValue();
    throw wrongType(key, "a finite number");
  }

  public Boolean bool(String key) {
    Object v = map.get(key);
    if (v == null) return null;
    if (v instanceof Boolean b) return b;
    throw wrongType(key, "true or false");
  }

  public List<String> strings(String key) {
    Object v = map.get(key);
    if (v == null) return List.of();
    if (!(v instanceof List<?> list)) throw wrongType(key, "a list of strings");
    List<String> out = new ArrayList<>();
    for (Object item : list) {
      if (!(item instanceof String s)) throw wrongType(key, "a list of strings");
      out.add(s);
    }
    return out;
  }

  public Input object(String key) {
    Object v = map.get(key);
    if (v == null) return null;
    if (!(v instanceof Map<?, ?>)) throw wrongType(key, "an object");
    return new Input(v);
  }

  private static UiException wrongType(String key, String expected) {
    return new UiException(
        ErrorCode.MCP_UI_INVALID_INPUT, key + " must be " + expected, Map.of("field", key));
  }

  private static UiException missing(String key) {
    return new UiException(
        ErrorCode.MCP_UI_INVALID_INPUT, key + " is required", Map.of("field", key));
  }
}
