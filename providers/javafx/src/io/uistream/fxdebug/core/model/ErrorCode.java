package io.uistream.fxdebug.core.model;

/** The stable error codes of the tool layer (section 11.2 of the specification). */
public enum ErrorCode {
  MCP_UI_NOT_ENABLED,
  MCP_UI_NO_STAGES,
  MCP_UI_NODE_NOT_FOUND,
  MCP_UI_STALE_REF,
  MCP_UI_ACTION_FAILED,
  MCP_UI_TIMEOUT,
  MCP_UI_INVALID_INPUT,
  MCP_UI_UNAUTHORIZED,
  MCP_UI_INTERNAL
}
