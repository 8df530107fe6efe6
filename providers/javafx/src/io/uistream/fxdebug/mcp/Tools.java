package io.uistream.fxdebug.mcp;

import io.uistream.fxdebug.McpJavafxConfig;
import io.uistream.fxdebug.SnapshotOptions;
import io.uistream.fxdebug.core.actions.Actions;
import io.uistream.fxdebug.core.capture.Refs;
import io.uistream.fxdebug.core.capture.Screenshots;
import io.uistream.fxdebug.core.capture.Snapshotter;
import io.uistream.fxdebug.core.capture.Stages;
import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.fx.Fx;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import io.uistream.fxdebug.core.model.UiNode;
import io.uistream.fxdebug.core.model.UiSnapshot;
import io.uistream.fxdebug.core.query.Query;
import io.uistream.fxdebug.core.query.QuerySpec;
import io.uistream.fxdebug.util.Input;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.BiFunction;
import javafx.scene.Node;
import javafx.stage.Window;

/** The five tools of section 11, each a handler from validated input to a result. */
public final class Tools {
  public static final List<String> NAMES =
      List.of("ui_get_snapshot", "ui_query", "ui_get_node", "ui_perform", "ui_screenshot");

  private final McpJavafxConfig config;
  private final Uids uids = new Uids();
  private final Snapshotter snapshotter = new Snapshotter(uids);
  private final Refs refs = new Refs(uids);
  private final Query query = new Query(uids);
  private final Actions actions = new Actions(uids);
  private final Map<String, BiFunction<Tools, Input, ToolResult>> handlers =
      Map.of(
          "ui_get_snapshot", Tools::snapshot,
          "ui_query", Tools::query,
          "ui_get_node", Tools::getNode,
          "ui_perform", Tools::perform,
          "ui_screenshot", Tools::screenshot);

  public Tools(McpJavafxConfig config) {
    this.config = config;
  }

  public Uids uids() {
    return uids;
  }

  public ToolResult call(String tool, Object rawInput) {
    BiFunction<Tools, Input, ToolResult> handler = tool == null ? null : handlers.get(tool);
    if (handler == null) {
      throw new UiException(
          ErrorCode.MCP_UI_INVALID_INPUT,
          "unknown tool '" + tool + "'",
          Map.of("field", "tool", "accepted", NAMES));
    }
    return handler.apply(this, new Input(rawInput));
  }

  private int timeout() {
    return config.fxTimeoutMs();
  }

  private static final Set<String> SNAPSHOT_FIELDS =
      Set.of(
          "stage", "mode", "depth", "includeControlInternals", "includeBounds",
          "includeLocalToScreen", "includeProperties", "includeVirtualization",
          "includeAccessibility");

  private ToolResult snapshot(Input in) {
    in.only(SNAPSHOT_FIELDS);
    String stage = in.oneOf("stage", "focused", List.of("focused", "primary", "all"));
    String mode = in.oneOf("mode", "compact", List.of("compact", "full"));
    SnapshotOptions options = snapshotOptions(in);
    UiSnapshot snap = Fx.exec(() -> snapshotter.snapshot(stage, mode, options), timeout());
    return new ToolResult(snap.toText(), snap.toJson(), null);
  }

  private SnapshotOptions snapshotOptions(Input in) {
    SnapshotOptions d = config.snapshotDefaults();
    return new SnapshotOptions(
        in.integer("depth", d.depth(), 0, SnapshotOptions.MAX_DEPTH),
        flag(in, "includeBounds", d.includeBounds()),
        flag(in, "includeLocalToScreen", d.includeLocalToScreen()),
        flag(in, "includeProperties", d.includeProperties()),
        flag(in, "includeVirtualization", d.includeVirtualization()),
        flag(in, "includeAccessibility", d.includeAccessibility()),
        flag(in, "includeControlInternals", d.includeControlInternals()));
  }

  private static boolean flag(Input in, String key, boolean fallback) {
    Boolean v = in.bool(key);
    return v == null ? fallback : v;
  }

  private ToolResult query(Input in) {
    return ToolResult.of(query.run(QuerySpec.parse(in), timeout()));
  }

  private static final Set<String> NODE_FIELDS = Set.of("target", "fields", "properties", "depth");

  private ToolResult getNode(Input in) {
    in.only(NODE_FIELDS);
    Input target = in.object("target");
    if (target == null) throw UiException.invalid("target is required: {\"uid\": ...} or {\"path\": ...}");
    List<String> fields = in.strings("fields");
    List<String> properties = in.strings("properties");
    int depth = in.integer("depth", 1, 0, SnapshotOptions.MAX_DEPTH);
    SnapshotOptions options =
        config.snapshotDefaults().withDepth(depth).withBounds(true, true);
    Map<String, Object> node =
        Fx.exec(
            () -> {
              Node n = refs.resolve(target.string("uid", null), target.string("path", null));
              UiNode described = snapshotter.node(n, Refs.pathOf(n), 0, options);
              return described.toJson(false);
            },
            timeout());
    return ToolResult.of(NodeFilter.apply(node, fields, properties));
  }

  private ToolResult perform(Input in) {
    if (!config.allowActions()) {
      throw new UiException(
          ErrorCode.MCP_UI_NOT_ENABLED,
          "actions are disabled (allowActions=false): this instance is read-only",
          Map.of("feature", "actions"));
    }
    return ToolResult.of(actions.perform(in, timeout()));
  }

  private static final Set<String> SHOT_FIELDS = Set.of("stage", "target");

  private ToolResult screenshot(Input in) {
    in.only(SHOT_FIELDS);
    String stage = in.oneOf("stage", "focused", List.of("focused", "primary"));
    Input target = in.object("target");
    Screenshots.Pixels pixels =
        Fx.exec(
            () -> {
              Node node = target == null ? null : refs.resolve(target.string("uid", null), target.string("path", null));
              Window window = node != null ? node.getScene().getWindow() : Stages.select(stage).get(0);
              return Screenshots.capture(window, node);
            },
            timeout());
    Map<String, Object> png = pixels.toPng();
    Map<String, Object> structured = new LinkedHashMap<>(png);
    String text = "PNG " + pixels.width() + "x" + pixels.height();
    return new ToolResult(text, structured, png);
  }
}
