package io.uistream.fxdebug.core.fx;

import io.uistream.fxdebug.core.model.ErrorCode;
import io.uistream.fxdebug.core.model.UiException;
import java.util.Map;

/** The FX Application Thread did not run a task within its deadline (it is busy or blocked). */
public final class FxTimeoutException extends UiException {
  public FxTimeoutException(String what, int timeoutMs) {
    super(
        ErrorCode.MCP_UI_TIMEOUT,
        "the FX thread did not " + what + " within " + timeoutMs + " ms",
        Map.of("waitingFor", what, "timeoutMs", timeoutMs));
  }
}
