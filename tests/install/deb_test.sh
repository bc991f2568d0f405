#!/usr/bin/env bash
# INSTALL-005: `cpack -G DEB` makes ptc_X.Y.Z_ARCH.deb (command line + shared libraries, its
# Depends from dpkg-shlibdeps) and ptc-dev_X.Y.Z_ARCH.deb (headers, CMake package, ptc.pc). As
# root (CI), both are installed with apt-get, then the offline demo and the consumer
# (examples/consumer, with find_package and with pkg-config) run with nothing else given, and the
# packages are removed again. Prints each package's installed size and the consumer's figures.
#
#   deb_test.sh BUILD_DIR SOURCE_DIR
# Exit 77 (skipped): a static build (no runtime libraries to package), or not root.
set -euo pipefail
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd)
fail() { echo "FAIL: $*" >&2; exit 1; }
grep -q '^BUILD_SHARED_LIBS:BOOL=ON' "$build/CMakeCache.txt" || { echo "skipped: a static build"; exit 77; }
command -v dpkg-shlibdeps >/dev/null || fail "dpkg-shlibdeps not found (Debian: dpkg-dev; config/install-deps.sh installs it)"
work=$(mktemp -d /tmp/ptc_deb_test.XXXXXX)
installed=0
cleanup() {
  if ((installed)); then
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -qq ptc-dev ptc >/dev/null 2>&1 || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 143' TERM INT  # a timeout still removes the packages

(cd "$work" && cpack -G DEB --config "$build/CPackConfig.cmake" -B "$work/out" >"$work/cpack.log" 2>&1) ||
  { cat "$work/cpack.log"; fail "cpack -G DEB"; }
runtime=$(ls "$work"/out/ptc_*.deb 2>/dev/null) || fail "no ptc_*.deb: $(ls "$work/out")"
dev=$(ls "$work"/out/ptc-dev_*.deb 2>/dev/null) || fail "no ptc-dev_*.deb: $(ls "$work/out")"

field() { dpkg-deb -f "$1" "$2"; }
depends=$(field "$runtime" Depends)
for lib in libcaf-core libcaf-io libcurl4 libre2 libboost-context libssl3 libedit2 libspdlog libstdc++6; do
  grep -q "$lib" <<<"$depends" || fail "ptc's Depends lacks $lib: $depends"
done
grep -q "ptc (= $(field "$runtime" Version))" <<<"$(field "$dev" Depends)" || fail "ptc-dev does not depend on its ptc: $(field "$dev" Depends)"
runtime_files=$(dpkg-deb -c "$runtime") dev_files=$(dpkg-deb -c "$dev")
grep -q ' ./usr/bin/ptc$' <<<"$runtime_files" || fail "ptc.deb has no /usr/bin/ptc"
grep -q 'libptc_actors[.]so[.][0-9]*[.][0-9]*[.][0-9]*$' <<<"$runtime_files" || fail "ptc.deb has no libptc_actors.so.X.Y.Z"
grep -q ' ./usr/share/ptc/demo_script.json$' <<<"$runtime_files" || fail "ptc.deb has no demo script"
grep -q ' ./usr/lib/ptc/ptc_commands[.]so$' <<<"$runtime_files" || fail "ptc.deb has no commands module (lib/ptc/ptc_commands.so)"
! grep -q '/include/\|[.]so -> ' <<<"$runtime_files" || fail "ptc.deb holds headers or development links"
grep -q ' ./usr/include/ptc/ptc.hpp$' <<<"$dev_files" || fail "ptc-dev.deb has no ptc/ptc.hpp"
grep -q ' ./usr/lib/cmake/ptc/ptcConfig.cmake$' <<<"$dev_files" || fail "ptc-dev.deb has no ptcConfig.cmake"
grep -q ' ./usr/lib/pkgconfig/ptc.pc$' <<<"$dev_files" || fail "ptc-dev.deb has no ptc.pc"
grep -q '/usr/lib/libptc_actors[.]so -> ' <<<"$dev_files" || fail "ptc-dev.deb has no libptc_actors.so link"
echo "ptc Depends: $depends"
for deb in "$runtime" "$dev"; do
  printf '%s: %s KiB installed, %s KiB file\n' "$(basename "$deb")" "$(field "$deb" Installed-Size)" \
    "$(( $(stat -c %s "$deb") / 1024 ))"
done

if [[ $(id -u) != 0 ]]; then echo "skipped: installing the packages needs root"; exit 77; fi
if dpkg-query -W -f='${Status}' ptc 2>/dev/null | grep -q "install ok installed"; then
  echo "skipped: a ptc package is installed on this machine already; not replacing it"; exit 77
fi
installed=1
DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$runtime" "$dev" >"$work/apt.log" 2>&1 ||
  { cat "$work/apt.log"; fail "apt-get install of the two packages"; }

version=$(field "$runtime" Version)
ptc --version | grep -q "^ptc $version" || fail "ptc --version: $(ptc --version)"
(cd "$work" && ptc run >demo.out 2>demo.err) || { cat "$work/demo.err"; fail "ptc run (the offline demo) from the package"; }
grep -q '"region": "NA"' "$work/demo.out" || fail "the demo's answer: $(cat "$work/demo.out")"

expect_output() {
  grep -Eq "^ptc $version: converter returned \{:amount 90(\.0)?, :currency \"EUR\"\} after 2 turns and 1 tool call\(s\)\$" "$1" ||
    fail "$2 consumer printed: $(cat "$1")"
}
start=$EPOCHREALTIME
cmake -S "$src/examples/consumer" -B "$work/cmake" -G Ninja -DCMAKE_BUILD_TYPE=Release >"$work/cmake.log" 2>&1 ||
  { cat "$work/cmake.log"; fail "configuring the consumer against the packages"; }
cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1 || { cat "$work/cmake.log"; fail "building the consumer against the packages"; }
end=$EPOCHREALTIME
"$work/cmake/consumer" >"$work/cmake.out" || fail "the consumer exited with $?"
expect_output "$work/cmake.out" "CMake (.deb)"
printf 'consumer against the packages (find_package): %.1f s; it printed: %s\n' \
  "$(awk "BEGIN{print $end - $start}")" "$(cat "$work/cmake.out")"
# shellcheck disable=SC2046
g++ -std=c++20 -Wall -Wextra -Werror "$src/examples/consumer/main.cpp" -o "$work/consumer_pc" $(pkg-config --cflags --libs ptc) ||
  fail "building the consumer with pkg-config against the packages"
"$work/consumer_pc" >"$work/pc.out" || fail "the pkg-config-built consumer exited with $?"
expect_output "$work/pc.out" "pkg-config (.deb)"
echo "deb test: all checks passed"
