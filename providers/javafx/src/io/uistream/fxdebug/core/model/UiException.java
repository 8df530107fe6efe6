package io.uistream.fxdebug.core.model;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Every expected failure of a tool, with a stable code and details a caller can act on. It
 * renders as {@code {"error":{"code","message","details"}}} on every transport.
 */
public class UiException extends RuntimeException {
  private final ErrorCode code;
  private final Map<String, Object> details;

  public UiException(ErrorCode code, String message) {
    this(code, message, Map.of());
  }

  public UiException(ErrorCode code, String message, Map<String, Object> details) {
    super(message);
    this.code = code;
    this.details = new LinkedHashMap<>(details);
  }

  public ErrorCode code() {
    return code;
  }

  public Map<String, Object> details() {
    return details;
  }

  /** The wire form: {@code {"error":{...}}}. */
  public Map<String, Object> toJson() {
    Map<String, Object> error = new LinkedHashMap<>();
    error.put("code", code.name());
    error.put("message", getMessage());
    error.put("details", details);
    return Map.of("error", error);
  }

  public static UiException invalid(String message) {
    return new UiException(ErrorCode.MCP_UI_INVALID_INPUT, message);
  }

  public static UiException actionFailed(String reason, String message) {
    return new UiException(ErrorCode.MCP_UI_ACTION_FAILED, message, Map.of("reason", reason));
  }
}
