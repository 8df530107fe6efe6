package io.uistream.fxdebug;

import javafx.application.Platform;

/** Runs the library's tests: pure logic first, then a mini JavaFX app over the local server. */
public final class TestMain {
  private TestMain() {}

  public static void main(String[] args) throws Exception {
    Check check = new Check();
    UnitTests.register(check);
    MiniApp app = MiniApp.start();
    String token = "test-token";
    int failed;
    try (McpJavafxHandle handle = McpJavafxDebug.install(McpJavafxConfig.defaults().withToken(token))) {
      AppTests.register(check, app, new Client(handle.endpoint(), token));
      ServerTests.register(check, handle, token);
      failed = check.runAll();
    }
    Platform.exit();
    System.exit(failed == 0 ? 0 : 1);
  }
}
