package io.uistream.fxdebug.provider;

import java.util.function.Consumer;
import javafx.beans.InvalidationListener;
import javafx.stage.Stage;
import javafx.stage.Window;

/** Windows' provider ids ({@code w-<base36>}, kept in the window) and their listeners. FX thread. */
final class WindowWatch {
  private static final String ID = "mcp.uid";
  private static final String WATCHED = "mcp.provider.watched";

  private final Consumer<Window> changed;
  private long counter;

  WindowWatch(Consumer<Window> changed) {
    this.changed = changed;
  }

  String idOf(Window w) {
    Object id = w.getProperties().get(ID);
    if (id instanceof String s) return s;
    String made = "w-" + Long.toString(++counter, 36);
    w.getProperties().put(ID, made);
    return made;
  }

  /** Listens, once per window, to what the protocol reports of it. */
  void watch(Window w) {
    if (w.getProperties().putIfAbsent(WATCHED, Boolean.TRUE) != null) return;
    InvalidationListener l = o -> changed.accept(w);
    w.xProperty().addListener(l);
    w.yProperty().addListener(l);
    w.widthProperty().addListener(l);
    w.heightProperty().addListener(l);
    w.focusedProperty().addListener(l);
    if (w instanceof Stage s) s.titleProperty().addListener(l);
  }
}
