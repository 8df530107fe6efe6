package io.uistream.fxdebug;

/** How the tools are served. One transport is defined: local HTTP on a loopback address. */
public enum Transport {
  HTTP_LOCAL
}
