package io.uistream.fxdebug.core.query;

import io.uistream.fxdebug.core.capture.Children;
import io.uistream.fxdebug.core.capture.Describe;
import io.uistream.fxdebug.core.capture.Refs;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.regex.PatternSyntaxException;
import javafx.scene.Node;
import javafx.stage.Window;

/**
 * Runs queries (section 8). The FX thread only copies candidates out; text and regex matching
 * run on the caller's thread under a deadline, so a costly pattern cannot stall the app.
 */
public final class Query {
  /** Text longer than this is matched on its first part only. */
  static final int MAX_TEXT = 10_000;

  private final Uids uids;

  public Query(Uids uids) {
    this.uids = uids;
  }

  public Map<String, Object> run(QuerySpec spec, int timeoutMs) {
    long deadline = System.nanoTime() + timeoutMs * 1_000_000L;
    List<Candidate> candidates = Fx.exec(() -> collect(spec), timeoutMs);
    java.util.function.Predicate<Candidate> test = matcher(spec, deadline, timeoutMs);
    List<Object> matches = new ArrayList<>();
    int total = 0;
    for (Candidate c : candidates) {
      if (!test.test(c)) continue;
      if (total++ < spec.limit()) matches.add(c.toJson());
    }
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("matches", matches);
    out.put("total", total);
    out.put("truncated", total > spec.limit());
    return out;
  }

  private List<Candidate> collect(QuerySpec spec) {
    List<Window> windows = Stages.select(spec.stage());
    Map<Node, String> paths = Refs.pathIndex();
    List<Candidate> out = new ArrayList<>();
    for (Window w : windows) {
      Node root = w.getScene().getRoot();
      if (root == null) continue;
      if (spec.css() != null) {
        for (Node n : w.getScene().getRoot().lookupAll(spec.css())) out.add(candidate(n, paths));
      } else {
        walk(root, spec.includeControlInternals(), paths, out);
      }
    }
    return out;
  }

  private void walk(Node node, boolean internals, Map<Node, String> paths, List<Candidate> out) {
    out.add(candidate(node, paths));
    for (Node child : Children.of(node, internals)) walk(child, internals, paths, out);
  }

  private Candidate candidate(Node n, Map<Node, String> paths) {
    return new Candidate(
        uids.of(n),
        paths.get(n),
        Describe.type(n),
        n.getId(),
        List.copyOf(n.getStyleClass()),
        n.isVisible(),
        n.isDisabled(),
        Describe.text(n),
        Describe.summary(n));
  }

  private static java.util.function.Predicate<Candidate> matcher(
      QuerySpec spec, long deadline, int timeoutMs) {
    if (spec.css() != null) return c -> true;
    if (spec.predicate() != null) return spec.predicate()::test;
    String wanted = spec.text().trim();
    return switch (spec.match()) {
      case "equals" -> c -> c.text() != null && c.text().trim().equals(wanted);
      case "regex" -> regex(wanted, deadline, timeoutMs);
      default -> c -> c.text() != null && c.text().trim().contains(wanted);
    };
  }

  private static java.util.function.Predicate<Candidate> regex(
      String pattern, long deadline, int timeoutMs) {
    Pattern compiled;
    try {
      compiled = Pattern.compile(pattern);
    } catch (PatternSyntaxException e) {
      throw UiException.invalid("text is not a valid regex: " + e.getDescription());
    }
    return c -> {
      if (c.text() == null) return false;
      String text = c.text().length() > MAX_TEXT ? c.text().substring(0, MAX_TEXT) : c.text();
      return compiled.matcher(new DeadlineText(text, deadline, timeoutMs)).find();
    };
  }

  /** Text whose reads fail once the deadline passed: it stops a runaway regex. */
  private static final class DeadlineText implements CharSequence {
    private final String text;
    private final long deadline;
    private final int timeoutMs;
    private int reads;

    DeadlineText(String text, long deadline, int timeoutMs) {
      this.text = text;
      this.deadline = deadline;
      this.timeoutMs = timeoutMs;
    }

    @Override
    public char charAt(int index) {
      if ((++reads & 0x3ff) == 0 && System.nanoTime() > deadline) {
        throw new UiException(
            ErrorCode.MCP_UI_TIMEOUT,
            "the regex did not finish within " + timeoutMs + " ms",
            Map.of("waitingFor", "regex match"));
      }
      return text.charAt(index);
    }

    @Override
    public int length() {
      return text.length();
    }

    @Override
    public CharSequence subSequence(int start, int end) {
      return new DeadlineText(text.substring(start, end), deadline, timeoutMs);
    }

    @Override
    public String toString() {
      return text;
    }
  }
}
