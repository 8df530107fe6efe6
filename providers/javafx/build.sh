#!/usr/bin/env bash
# Build the mcp-javafx-debug jar with the JDK alone (javac, jar): no Maven or Gradle.
#   build.sh          compile and package build/mcp-javafx-debug.jar
#   build.sh test     also compile and run the library's tests (needs an X display for JavaFX)
# JAVAFX_LIB names the folder of the JavaFX jars (Debian's openjfx: /usr/share/openjfx/lib).
set -euo pipefail
cd "$(dirname "$0")"
JAVAFX_LIB=${JAVAFX_LIB:-/usr/share/openjfx/lib}
FX=(--module-path "$JAVAFX_LIB" --add-modules javafx.controls)
[ -f "$JAVAFX_LIB/javafx.controls.jar" ] || { echo "JavaFX not found in $JAVAFX_LIB (set JAVAFX_LIB)" >&2; exit 2; }

rm -rf build/classes build/test-classes && mkdir -p build/classes build/test-classes
find src -name '*.java' | sort > build/sources.txt
# stringConcat=inline: a string concatenation compiled to invokedynamic bootstraps on its first
# run, milliseconds spent inside whatever FX-thread task reaches it first.
javac --release 17 -XDstringConcat=inline -Xlint:all,-serial -Werror "${FX[@]}" -d build/classes @build/sources.txt
printf 'Automatic-Module-Name: io.uistream.fxdebug\nImplementation-Title: mcp-javafx-debug\n' > build/manifest.txt
jar --create --file build/mcp-javafx-debug.jar --manifest build/manifest.txt -C build/classes .

if [ "${1:-}" = test ]; then
  find test -name '*.java' | sort > build/test-sources.txt
  javac --release 17 -Xlint:all,-serial -Werror "${FX[@]}" -cp build/mcp-javafx-debug.jar \
    -d build/test-classes @build/test-sources.txt
  java "${FX[@]}" -cp build/mcp-javafx-debug.jar:build/test-classes io.uistream.fxdebug.TestMain
fi
