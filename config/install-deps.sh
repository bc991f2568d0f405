#!/usr/bin/env bash
# Installs the Debian 12 packages ptc needs to build and test. Idempotent: packages that are
# already installed are skipped, so a second run is fast and needs no network.
set -euo pipefail

packages=(
  build-essential cmake ninja-build pkg-config
  libcaf-dev              # actor framework (0.17)
  nlohmann-json3-dev      # JSON
  libspdlog-dev           # logging
  catch2                  # tests (v2)
  libcurl4-openssl-dev    # HTTP client for LLM providers
  libssl-dev              # OpenSSL: `ptc certs` makes the certificates of mutual TLS
  openssl                 # its command line: tests check those certificates and handshakes
  libre2-dev              # regular expressions for PTC-Lisp
  libboost-context-dev    # fibers for resumable program runs
  libcli11-dev            # command line parsing
  libedit-dev             # line editing and history of `ptc repl`
  libmimalloc-dev         # the process allocator of ptc's programs (README, "Allocator")
  tmux                    # tests drive `ptc repl` in a terminal
  chromium                # tests open `ptc trace html` pages headless
  clojure                 # the oracle for language conformance expectations
  jq                      # test scripts check JSON lines (traces, cassettes)
  dpkg-dev file           # cpack -G DEB: dpkg-shlibdeps computes the package's dependencies
)
if [[ "${PTC_WITH_FUZZ:-0}" == 1 ]]; then packages+=(clang libclang-rt-14-dev); fi

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
