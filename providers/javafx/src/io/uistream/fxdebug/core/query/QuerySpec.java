package io.uistream.fxdebug.core.query;

import io.uistream.fxdebug.util.Input;
import java.util.List;
import java.util.Set;

/** A parsed {@code ui_query} input (section 8). Exactly one of css, text or predicate. */
public record QuerySpec(
    String stage,
    String css,
    String text,
    String match,
    Predicate predicate,
    int limit,
    boolean includeControlInternals) {

  public static final int MAX_LIMIT = 500;
  public static final Set<String> FIELDS =
      Set.of("stage", "css", "text", "match", "predicate", "limit", "includeControlInternals");

  /** Section 8.3: every given field must hold. */
  public record Predicate(
      List<String> typeIs,
      String idEquals,
      String styleClassHas,
      Boolean visible,
      Boolean enabled,
      String textContains) {

    static final Set<String> FIELDS =
        Set.of("typeIs", "idEquals", "styleClassHas", "visible", "enabled", "textContains");

    static Predicate parse(Input in) {
      in.only(FIELDS);
      return new Predicate(
          in.strings("typeIs"),
          in.string("idEquals", null),
          in.string("styleClassHas", null),
          in.bool("visible"),
          in.bool("enabled"),
          in.string("textContains", null));
    }

    boolean test(Candidate c) {
      if (!typeIs.isEmpty() && !typeIs.contains(c.type())) return false;
      if (idEquals != null && !idEquals.equals(c.id())) return false;
      if (styleClassHas != null && !c.styleClass().contains(styleClassHas)) return false;
      if (visible != null && visible != c.visible()) return false;
      if (enabled != null && enabled == c.disabled()) return false;
      return textContains == null || (c.text() != null && c.text().contains(textContains));
    }
  }

  public static QuerySpec parse(Input in) {
    in.only(FIELDS);
    String css = in.string("css", null);
    String text = in.string("text", null);
    Input pred = in.object("predicate");
    int given = (css != null ? 1 : 0) + (text != null ? 1 : 0) + (pred != null ? 1 : 0);
    if (given != 1) {
      throw io.uistream.fxdebug.core.model.UiException.invalid(
          "give exactly one of css, text or predicate");
    }
    return new QuerySpec(
        in.oneOf("stage", "focused", List.of("focused", "primary", "all")),
        css,
        text,
        in.oneOf("match", "contains", List.of("contains", "equals", "regex")),
        pred == null ? null : Predicate.parse(pred),
        in.integer("limit", 50, 1, MAX_LIMIT),
        Boolean.TRUE.equals(in.bool("includeControlInternals")));
  }
}
