#!/usr/bin/env bash
# `ptc certs init`: the certificates are what mutual TLS needs, as OpenSSL itself sees them: a CA
# that verifies the node and client certificates for their purposes (server / client), the
# node's names and addresses, keys that match and are readable by their owner only, no file
# replaced without --force, and a real TLS handshake (openssl s_server / s_client) that succeeds
# with both certificates and is refused without the client's.
set -u
ptc="$1"
tmp=$(mktemp -d)
server_pid=
trap '[[ -n $server_pid ]] && kill $server_pid 2>/dev/null; rm -rf "$tmp"' EXIT
source "$(dirname "$0")/check_lib.sh"

certs() {
  timeout 60 "$ptc" certs init "$@" >"$tmp/out" 2>"$tmp/err"
  echo $? >"$tmp/code"
}
d="$tmp/certs"
certs "$d" --host node1.example.com --host 10.0.0.5 --host localhost
check init 0
stdout_has init-says "node.pem, node.key   a node's certificate for DNS:node1.example.com,IP:10.0.0.5,DNS:localhost"

# The chain, and each certificate for its purpose only (the client's cannot serve).
if openssl verify -CAfile "$d/ca.pem" -purpose sslserver "$d/node.pem" >/dev/null 2>&1; then ok; else bad "node.pem verifies as a server"; fi
if openssl verify -CAfile "$d/ca.pem" -purpose sslclient "$d/node.pem" >/dev/null 2>&1; then ok; else bad "node.pem verifies as a client (node to node)"; fi
if openssl verify -CAfile "$d/ca.pem" -purpose sslclient "$d/client.pem" >/dev/null 2>&1; then ok; else bad "client.pem verifies as a client"; fi
if ! openssl verify -CAfile "$d/ca.pem" -purpose sslserver "$d/client.pem" >/dev/null 2>&1; then ok; else bad "client.pem must not serve"; fi
if openssl x509 -in "$d/node.pem" -noout -ext subjectAltName | grep -q 'DNS:node1.example.com, IP Address:10.0.0.5, DNS:localhost'; then ok; else bad "node names: $(openssl x509 -in "$d/node.pem" -noout -ext subjectAltName)"; fi
if openssl x509 -in "$d/ca.pem" -noout -ext basicConstraints | grep -q 'CA:TRUE'; then ok; else bad "the CA is a CA"; fi
# Keys: each matches its certificate; private keys are 0600.
for n in ca node client; do
  if [[ $(openssl x509 -in "$d/$n.pem" -noout -pubkey) == $(openssl pkey -in "$d/$n.key" -pubout) ]]; then ok; else bad "$n.key matches $n.pem"; fi
  if [[ $(stat -c %a "$d/$n.key") == 600 ]]; then ok; else bad "$n.key mode $(stat -c %a "$d/$n.key")"; fi
done
# Another CA made separately does not verify these.
certs "$tmp/other"
check other 0
if ! openssl verify -CAfile "$tmp/other/ca.pem" "$d/node.pem" >/dev/null 2>&1; then ok; else bad "another CA must not verify node.pem"; fi

# Existing files are never replaced without --force.
serial=$(openssl x509 -in "$d/node.pem" -noout -serial)
certs "$d"
check no-overwrite 2 "ca.pem exists; ptc certs init never replaces keys (--force does)"
certs "$d" --force
check force 0
if [[ $(openssl x509 -in "$d/node.pem" -noout -serial) != "$serial" ]]; then ok; else bad "--force made new certificates"; fi
certs
if [[ $(cat "$tmp/code") != 0 ]] && grep -q "dir is required" "$tmp/err"; then ok; else bad "DIR is required"; fi

# A real mutual-TLS handshake with these files: accepted with the client's certificate,
# refused without one.
# A free port: a random one, another if it is taken.
for _ in $(seq 1 20); do
  port=$((20000 + RANDOM % 30000))
  openssl s_server -accept "127.0.0.1:$port" -cert "$d/node.pem" -key "$d/node.key" -CAfile "$d/ca.pem" -Verify 1 \
    -verify_return_error -rev >"$tmp/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do grep -q ACCEPT "$tmp/server.log" && break; kill -0 $server_pid 2>/dev/null || break; sleep 0.05; done
  grep -q ACCEPT "$tmp/server.log" && break
done
echo hello | timeout 10 openssl s_client -connect "127.0.0.1:$port" -cert "$d/client.pem" -key "$d/client.key" \
  -CAfile "$d/ca.pem" -verify_return_error -verify_hostname localhost -quiet >"$tmp/tls.out" 2>"$tmp/tls.err"
if grep -q olleh "$tmp/tls.out"; then ok; else bad "TLS with both certificates: $(cat "$tmp/tls.err")"; fi
echo hello | timeout 10 openssl s_client -connect "127.0.0.1:$port" -CAfile "$d/ca.pem" -verify_return_error -quiet \
  >"$tmp/tls.out" 2>"$tmp/tls.err"
if ! grep -q olleh "$tmp/tls.out"; then ok; else bad "TLS without a client certificate must be refused"; fi
echo hello | timeout 10 openssl s_client -connect "127.0.0.1:$port" -cert "$d/client.pem" -key "$d/client.key" \
  -CAfile "$d/ca.pem" -verify_return_error -verify_hostname elsewhere.example.com -quiet >"$tmp/tls.out" 2>"$tmp/tls.err"
if ! grep -q olleh "$tmp/tls.out"; then ok; else bad "a name the node certificate lacks must fail verification"; fi

echo "ptc certs: $passed passed, $failed failed"
[[ $failed == 0 ]]
