package io.uistream.fxdebug;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** A minimal test runner: named checks, each run once, and one "N passed, N failed" line. */
final class Check {
  interface Body {
    void run() throws Exception;
  }

  private record Case(String name, Body body) {}

  private final List<Case> cases = new ArrayList<>();

  void add(String name, Body body) {
    cases.add(new Case(name, body));
  }

  /** Runs every case; returns the number that failed. */
  int runAll() {
    int passed = 0;
    int failed = 0;
    for (Case c : cases) {
      try {
        c.body.run();
        passed++;
        System.out.println("ok - " + c.name);
      } catch (Throwable t) {
        failed++;
        System.out.println("FAIL - " + c.name + ": " + t);
        t.printStackTrace(System.out);
      }
    }
    System.out.println(passed + " passed, " + failed + " failed");
    return failed;
  }

  static void equal(Object expected, Object actual, String what) {
    if (!Objects.equals(expected, actual)) {
      throw new AssertionError(what + ": expected <" + expected + "> but was <" + actual + ">");
    }
  }

  static void truth(boolean condition, String what) {
    if (!condition) throw new AssertionError(what);
  }
}
