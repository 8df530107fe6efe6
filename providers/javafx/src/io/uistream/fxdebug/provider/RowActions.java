package io.uistream.fxdebug.provider;

import io.uistream.fxdebug.core.capture.Uids;
import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.Map;
import javafx.scene.Node;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.ScrollPane;

/**
 * Requests on the rows of virtualized controls, by index through the control's own API (the
 * way UIA's VirtualizedItem.Realize and ScrollItem do it): select through the selection
 * model, scrollIntoView through {@code scrollTo}, expand a tree row through its TreeItem; and
 * scroll requests on lists and scroll panes. Each is one short call on the FX thread; the
 * effect reaches the server as the rows' next refresh. FX thread only.
 */
final class RowActions {
  /** Rows one notch of a list scroll moves: what a mouse wheel notch moves in JavaFX. */
  private static final int ROWS_PER_NOTCH = 3;
  /** Pixels one notch moves a scroll pane's content. */
  private static final double PIXELS_PER_NOTCH = 40;

  private RowActions() {}

  static void perform(String kind, VirtualRows.Row row) {
    RowSource source = row.set().source;
    int i = row.index();
    if (source.control.isDisabled()) throw UiException.actionFailed("DISABLED", source.control + " is disabled");
    switch (kind) {
      case "select" -> {
        if (source.selection() == null) throw unsupported(kind, "a control without a selection model");
        source.selection().clearAndSelect(i);
      }
      case "scrollIntoView" -> {
        if (source.cell(i) == null) source.scrollTo(i);
      }
      case "focus" -> {
        source.control.requestFocus();
        if (source.cell(i) == null) source.scrollTo(i);
      }
      case "expand", "collapse" -> {
        if (source.expanded(i) == null) throw unsupported(kind, "a row without children");
        source.setExpanded(i, kind.equals("expand"));
      }
      default -> throw unsupported(kind, "a row of " + source.control.getClass().getSimpleName());
    }
  }

  /** The uid of the cell showing the row, for pointer input; throws when none shows it. */
  static String cellUid(VirtualRows.Row row, Uids uids) {
    IndexedCell<?> cell = row.set().source.cell(row.index());
    if (cell == null) {
      throw UiException.actionFailed("NO_SCREEN_BOUNDS", "row " + row.index() + " is not in view: scroll it into view first");
    }
    return uids.of(cell);
  }

  /** Scrolls a list by rows or a scroll pane by pixels; false when the node cannot scroll. */
  static boolean scroll(Node n, String direction, double notches) {
    boolean vertical = direction.equals("up") || direction.equals("down");
    int sign = direction.equals("up") || direction.equals("left") ? -1 : 1;
    RowSource source = RowSource.of(n);
    if (source != null) {
      int[] view = source.inView();
      if (!vertical || view == null) return false;
      int rows = (int) Math.round(notches * ROWS_PER_NOTCH) * sign;
      source.scrollTo(Math.max(0, Math.min(source.count() - 1, view[0] + rows)));
      return true;
    }
    if (n instanceof ScrollPane sp && sp.getContent() != null) {
      double content = vertical ? sp.getContent().getLayoutBounds().getHeight() : sp.getContent().getLayoutBounds().getWidth();
      double viewport = vertical ? sp.getViewportBounds().getHeight() : sp.getViewportBounds().getWidth();
      double span = Math.max(1, content - viewport);
      double min = vertical ? sp.getVmin() : sp.getHmin();
      double max = vertical ? sp.getVmax() : sp.getHmax();
      double value = vertical ? sp.getVvalue() : sp.getHvalue();
      double next = Math.max(min, Math.min(max, value + sign * notches * PIXELS_PER_NOTCH / span * (max - min)));
      if (vertical) sp.setVvalue(next);
      else sp.setHvalue(next);
      return true;
    }
    return false;
  }

  private static UiException unsupported(String kind, String what) {
    return new UiException(ErrorCode.MCP_UI_ACTION_FAILED, kind + " does not apply to " + what, Map.of("reason", "UNSUPPORTED_TARGET_TYPE"));
  }
}
