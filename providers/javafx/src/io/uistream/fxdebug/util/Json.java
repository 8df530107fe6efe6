package io.uistream.fxdebug.util;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Minimal JSON for the library's wire format, so the jar needs nothing beyond the JDK and JavaFX.
 * Values are {@code Map<String,Object>} (insertion order is the output order, which keeps
 * snapshots deterministic), {@code List<Object>}, {@code String}, {@code Number}, {@code Boolean}
 * and {@code null}.
 */
public final class Json {
  private Json() {}

  /** Nesting deeper than this is refused: a request body must not exhaust the stack. */
  public static final int MAX_DEPTH = 64;

  public static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  @SuppressWarnings("unchecked")
  private static void write(Object value, StringBuilder out) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof String s) {
      quote(s, out);
    } else if (value instanceof Boolean b) {
      out.append(b.booleanValue());
    } else if (value instanceof Double || value instanceof Float) {
      double d = ((Number) value).doubleValue();
      if (Double.isNaN(d) || Double.isInfinite(d)) out.append("null");
      else if (d == Math.rint(d) && Math.abs(d) < 1e15) out.append((long) d);
      else out.append(d);
    } else if (value instanceof Number n) {
      out.append(n.longValue());
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<String, Object> e : ((Map<String, Object>) map).entrySet()) {
        if (!first) out.append(',');
        first = false;
        quote(e.getKey(), out);
        out.append(':');
        write(e.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof Iterable<?> list) {
      out.append('[');
      boolean first = true;
      for (Object item : list) {
        if (!first) out.append(',');
        first = false;
        write(item, out);
      }
      out.append(']');
    } else {
      quote(value.toString(), out);
    }
  }

  private static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    out.append('"');
  }

  /** Parse one JSON document; trailing content is an error. */
  public static Object parse(String text) {
    Parser p = new Parser(text);
    p.skipSpace();
    Object value = p.value(0);
    p.skipSpace();
    if (p.pos != text.length()) throw p.error("unexpected content after the value");
    return value;
  }

  /** A malformed document, with the offset where reading stopped. */
  public static final class JsonException extends RuntimeException {
    public JsonException(String message) {
      super(message);
    }
  }

  private static final class Parser {
    private final String s;
    private int pos;

    Parser(String s) {
      this.s = s;
    }

    JsonException error(String what) {
      return new JsonException(what + " at offset " + pos);
    }

    void skipSpace() {
      while (pos < s.length() && " \t\r\n".indexOf(s.charAt(pos)) >= 0) pos++;
    }

    Object value(int depth) {
      if (depth > MAX_DEPTH) throw error("nesting deeper than " + MAX_DEPTH);
      if (pos >= s.length()) throw error("unexpected end");
      char c = s.charAt(pos);
      return switch (c) {
        case '{' -> object(depth);
        case '[' -> array(depth);
        case '"' -> string();
        case 't' -> literal("true", Boolean.TRUE);
        case 'f' -> literal("false", Boolean.FALSE);
        case 'n' -> literal("null", null);
        default -> number();
      };
    }

    Object literal(String word, Object value) {
      if (!s.startsWith(word, pos)) throw error("unexpected token");
      pos += word.length();
      return value;
    }

    Map<String, Object> object(int depth) {
      Map<String, Object> map = new LinkedHashMap<>();
      pos++;
      skipSpace();
      if (peek('}')) return map;
      while (true) {
        skipSpace();
        if (pos >= s.length() || s.charAt(pos) != '"') throw error("expected a key");
        String key = string();
        skipSpace();
        expect(':');
        skipSpace();
        map.put(key, value(depth + 1));
        skipSpace();
        if (peek('}')) return map;
        expect(',');
      }
    }

    List<Object> array(int depth) {
      List<Object> list = new ArrayList<>();
      pos++;
      skipSpace();
      if (peek(']')) return list;
      while (true) {
        skipSpace();
        list.add(value(depth + 1));
        skipSpace();
        if (peek(']')) return list;
        expect(',');
      }
    }

    boolean peek(char c) {
      if (pos < s.length() && s.charAt(pos) == c) {
        pos++;
        return true;
      }
      return false;
    }

    void expect(char c) {
      if (!peek(c)) throw error("expected '" + c + "'");
    }

    String string() {
      StringBuilder out = new StringBuilder();
      pos++;
      while (pos < s.length()) {
        char c = s.charAt(pos++);
        if (c == '"') return out.toString();
        if (c != '\\') {
          out.append(c);
          continue;
        }
        if (pos >= s.length()) break;
        char e = s.charAt(pos++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> {
            if (pos + 4 > s.length()) throw error("short \\u escape");
            try {
              out.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
            } catch (NumberFormatException ex) {
              throw error("bad \\u escape");
            }
            pos += 4;
          }
          default -> out.append(e);
        }
      }
      throw error("unterminated string");
    }

    Number number() {
      int start = pos;
      while (pos < s.length() && "+-0123456789.eE".indexOf(s.charAt(pos)) >= 0) pos++;
      String text = s.substring(start, pos);
      if (text.isEmpty()) throw error("unexpected character");
      try {
        if (text.contains(".") || text.contains("e") || text.contains("E")) {
          return Double.parseDouble(text);
        }
        return Long.parseLong(text);
      } catch (NumberFormatException ex) {
        throw error("bad number");
      }
    }
  }
}
