package io.uistream.fxdebug;

/** A running (or disabled) library instance; closing it stops the server and frees the port. */
public interface McpJavafxHandle extends AutoCloseable {
  McpJavafxConfig config();

  boolean isRunning();

  /** The local endpoint, e.g. {@code http://127.0.0.1:49321}; null when not running. */
  String endpoint();

  @Override
  void close();
}
