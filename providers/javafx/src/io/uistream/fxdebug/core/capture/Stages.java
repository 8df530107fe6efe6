package io.uistream.fxdebug.core.capture;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import javafx.stage.PopupWindow;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Which windows a call looks at (section 7.1-7.2). FX thread only. */
public final class Stages {
  /** Built once: its lambdas bootstrap with the class, not inside a timed FX-thread task. */
  private static final Comparator<Window> ORDER =
      Comparator.comparing(Stages::title, Comparator.nullsLast(Comparator.<String>naturalOrder()))
          .thenComparingInt(System::identityHashCode);

  private Stages() {}

  /** Showing stages, ordered by title (untitled last), then identity: stable within a process. */
  public static List<Window> showing(boolean withPopups) {
    List<Window> stages = new ArrayList<>();
    List<Window> popups = new ArrayList<>();
    for (Window w : Window.getWindows()) {
      if (!w.isShowing() || w.getScene() == null) continue;
      if (w instanceof Stage) stages.add(w);
      else if (withPopups && w instanceof PopupWindow) popups.add(w);
    }
    stages.sort(ORDER);
    popups.sort(ORDER);
    stages.addAll(popups);
    return stages;
  }

  /** The windows of a mode: focused (else the first), primary (the first) or all. */
  public static List<Window> select(String mode) {
    List<Window> all = showing(mode.equals("all"));
    if (all.isEmpty()) {
      throw new UiException(ErrorCode.MCP_UI_NO_STAGES, "no JavaFX stage is showing");
    }
    return switch (mode) {
      case "all" -> all;
      case "primary" -> List.of(all.get(0));
      case "focused" -> List.of(all.stream().filter(Window::isFocused).findFirst().orElse(all.get(0)));
      default ->
          throw new UiException(
              ErrorCode.MCP_UI_INVALID_INPUT,
              "stage must be focused, primary or all",
              Map.of("field", "stage", "accepted", List.of("focused", "primary", "all")));
    };
  }

  /** The index of a window in {@link #showing}, as snapshots number them. */
  public static int indexOf(Window w) {
    return showing(true).indexOf(w);
  }

  public static String title(Window w) {
    return w instanceof Stage s ? s.getTitle() : null;
  }
}
