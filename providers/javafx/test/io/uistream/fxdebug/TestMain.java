package io.uistream.fxdebug;

import io.uistream.fxdebug.provider.PulseFlushTests;
import io.uistream.fxdebug.provider.RowTests;
import javafx.application.Platform;

/** Runs the library's tests: pure logic first, then a mini JavaFX app over the local server. */
public final class TestMain {
  private TestMain() {}

  public static void main(String[] args) throws Exception {
    Check check = new Check();
    UnitTests.register(check);
    MiniApp app = MiniApp.start();
    // Controls need the toolkit started; these ones stay detached (any thread may use them).
    check.add("rows: uids follow items, not indices", RowTests::uidsFollowItems);
    check.add("rows: the same object twice is two rows", RowTests::repeatedItems);
    check.add("rows: names from the converter, states of a row without a cell", RowTests::namesAndStates);
    check.add("rows: a walk reports a list's rows in slices", RowTests::walkSlices);
    check.add("rows: select by index through the selection model", RowTests::actionsByIndex);
    String token = "test-token";
    int failed;
    try (McpJavafxHandle handle = McpJavafxDebug.install(McpJavafxConfig.defaults().withToken(token))) {
      AppTests.register(check, app, new Client(handle.endpoint(), token));
      ServerTests.register(check, handle, token);
      // Last: its watcher gives every showing node uids of its own, which the tests above read.
      check.add("provider: a change made in a pulse is sent in that pulse", PulseFlushTests::changeInPulseGoesOutInThatPulse);
      failed = check.runAll();
    }
    Platform.exit();
    System.exit(failed == 0 ? 0 : 1);
  }
}
