#!/usr/bin/env bash
# INSTALL-001..004: `cmake --install` into a staging prefix, then a project of its own
# (examples/consumer) built against it with find_package(ptc) and with pkg-config, run, and its
# output checked. Also: the layout (public headers only, CMake package, ptc.pc, demo script), the
# umbrella header under -Wall -Wextra -Werror, `ptc --version`, the offline demo from the
# installed `ptc`, SameMinorVersion, and (shared build) that only ptc's own symbols are exported.
#
#   install_test.sh BUILD_DIR SOURCE_DIR [CONSUMER_CXX_FLAGS]
# CONSUMER_CXX_FLAGS: flags the consumer needs to link this build's libraries (the sanitizer
# build's static libraries need -fsanitize=address,undefined).
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) consumer_flags=${3:-}
work=$(mktemp -d /tmp/ptc_install_test.XXXXXX)
trap 'rm -rf "$work"' EXIT
stage=$work/prefix
fail() { echo "FAIL: $*" >&2; exit 1; }

cmake --install "$build" --prefix "$stage" >"$work/install.log" || { cat "$work/install.log"; fail "cmake --install"; }

# Layout.
for f in bin/ptc share/ptc/demo_script.json include/ptc/ptc.hpp include/ptc/version.hpp \
         include/ptc/actors/runtime.hpp include/ptc/lisp/run.hpp include/ptc/messages/step.hpp \
         include/ptc/config/settings.hpp lib/cmake/ptc/ptcConfig.cmake \
         lib/cmake/ptc/ptcConfigVersion.cmake lib/cmake/ptc/ptcTargets.cmake \
         lib/cmake/ptc/caf_targets.cmake lib/pkgconfig/ptc.pc; do
  [[ -e $stage/$f ]] || fail "not installed: $f"
done
for f in include/ptc/lisp/builtins include/ptc/lisp/forms include/ptc/lisp/reader_scan.hpp \
         include/ptc/actors/llm_internal.hpp include/ptc/actors/http_worker.hpp \
         include/ptc/messages/json_fields.hpp include/ptc/config/fields.hpp \
         include/ptc/lisp/value.cpp include/ptc/actors/README.md; do
  [[ ! -e $stage/$f ]] || fail "installed but private: $f"
done
shared=0
if ls "$stage"/lib/libptc_lisp.so.* >/dev/null 2>&1; then shared=1; fi
if ((shared)); then
  for layer in lisp messages config actors; do
    [[ -e $stage/lib/libptc_$layer.so ]] || fail "no libptc_$layer.so (the dev namelink)"
    # Exported: names in namespace ptc only (cmake/ptc.map).
    others=$(nm -D --defined-only "$stage/lib/libptc_$layer.so" | awk '{print $3}' | c++filt |
             grep -v 'ptc::' | grep -v '^PTC_\|^$' || true)
    [[ -z $others ]] || fail "libptc_$layer.so exports names outside namespace ptc: $(head -5 <<<"$others")"
  done
  echo "shared libraries: $(cd "$stage/lib" && ls libptc_*.so.*.*.* | tr '\n' ' ')"
else
  for layer in lisp messages config actors; do
    [[ -e $stage/lib/libptc_$layer.a ]] || fail "no libptc_$layer.a"
  done
  echo "static libraries: $(cd "$stage/lib" && ls libptc_*.a | tr '\n' ' ')"
fi

# The command line, from the prefix: version and the offline demo (its script from share/ptc).
version=$(sed -n 's/^#define PTC_VERSION "\(.*\)"$/\1/p' "$stage/include/ptc/version.hpp")
[[ -n $version ]] || fail "no PTC_VERSION in version.hpp"
"$stage/bin/ptc" --version | tee "$work/version.txt"
grep -Eq "^ptc $version( \(git [0-9a-f]{12}(-dirty)?\))?\$" "$work/version.txt" || fail "ptc --version: $(cat "$work/version.txt")"
(cd "$work" && "$stage/bin/ptc" run >"$work/demo.out" 2>"$work/demo.err") || { cat "$work/demo.err"; fail "ptc run (the offline demo) from the prefix"; }
grep -q '"region": "NA"' "$work/demo.out" || fail "the demo's answer: $(cat "$work/demo.out")"

# Every public header, through the umbrella, as a consumer's own code with warnings as errors.
echo '#include <ptc/ptc.hpp>' >"$work/umbrella.cpp"
g++ -std=c++20 -Wall -Wextra -Werror -fsyntax-only -I"$stage/include" "$work/umbrella.cpp" ||
  fail "the installed headers do not compile with -Wall -Wextra -Werror"

expect_output() {  # the consumer's output
  grep -Eq "^ptc $version: converter returned \{:amount 90(\.0)?, :currency \"EUR\"\} after 2 turns and 1 tool call\(s\)\$" "$1" ||
    fail "$2 consumer printed: $(cat "$1")"
}

# find_package(ptc).
start=$EPOCHREALTIME
cmake -S "$src/examples/consumer" -B "$work/cmake" -G Ninja -DCMAKE_PREFIX_PATH="$stage" \
      -DCMAKE_BUILD_TYPE=Release -DCMAKE_CXX_FLAGS="$consumer_flags" >"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; fail "configuring the consumer with find_package(ptc)"; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "building the consumer (CMake)"; }
end=$EPOCHREALTIME
"$work/cmake/consumer" >"$work/cmake.out" || fail "the CMake-built consumer exited with $?"
expect_output "$work/cmake.out" CMake
printf 'consumer (find_package): configured and built in %.1f s; it printed: %s\n' \
  "$(awk "BEGIN{print $end - $start}")" "$(cat "$work/cmake.out")"

# pkg-config, one line.
start=$EPOCHREALTIME
# shellcheck disable=SC2046,SC2086
PKG_CONFIG_PATH=$stage/lib/pkgconfig g++ -std=c++20 -Wall -Wextra -Werror $consumer_flags \
  "$src/examples/consumer/main.cpp" -o "$work/consumer_pc" $(PKG_CONFIG_PATH=$stage/lib/pkgconfig pkg-config --cflags --libs ptc) ||
  fail "building the consumer with pkg-config"
end=$EPOCHREALTIME
LD_LIBRARY_PATH=$stage/lib "$work/consumer_pc" >"$work/pc.out" || fail "the pkg-config-built consumer exited with $?"
expect_output "$work/pc.out" pkg-config
printf 'consumer (pkg-config): built in %.1f s\n' "$(awk "BEGIN{print $end - $start}")"

# SameMinorVersion: 0.<minor> is found, 0.<minor+1> is not.
IFS=. read -r major minor _ <<<"$version"
mkdir -p "$work/ver"
cat >"$work/ver/CMakeLists.txt" <<CMAKE
cmake_minimum_required(VERSION 3.16)
project(v LANGUAGES CXX)
find_package(ptc \${WANT} REQUIRED)
CMAKE
cmake -S "$work/ver" -B "$work/ver/a" -DCMAKE_PREFIX_PATH="$stage" -DWANT="$major.$minor" >/dev/null 2>&1 ||
  fail "find_package(ptc $major.$minor) did not find $version"
if cmake -S "$work/ver" -B "$work/ver/b" -DCMAKE_PREFIX_PATH="$stage" -DWANT="$major.$((minor + 1))" >/dev/null 2>&1; then
  fail "find_package(ptc $major.$((minor + 1))) accepted $version"
fi
echo "install test: all checks passed"
