package io.uistream.fxdebug.util;

import java.lang.System.Logger.Level;

/** The library's log lines (section 13), through the platform logger. */
public final class Log {
  private static final System.Logger LOG = System.getLogger("io.uistream.fxdebug");

  private Log() {}

  public static void info(String message) {
    LOG.log(Level.INFO, message);
  }

  public static void warn(String message) {
    LOG.log(Level.WARNING, message);
  }

  /** One line per tool call: name, duration and outcome (never the input, which may hold text). */
  public static void audit(String tool, long startedNanos, String outcome) {
    long ms = (System.nanoTime() - startedNanos) / 1_000_000;
    LOG.log(Level.DEBUG, "tool " + tool + " " + outcome + " in " + ms + " ms");
  }
}
