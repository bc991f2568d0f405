// TLS contexts (see tls.hpp).
#include "ptc/actors/tls.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "ptc/actors/openssl_api.hpp"

namespace ptc::actors {
namespace {

/// OpenSSL's queued errors as one line, oldest first; empties the queue.
std::string openssl_errors() {
  const auto& ossl = detail::openssl_lib();
  std::string text;
  while (unsigned long e = ossl.ERR_get_error()) {
    char buf[256];
    ossl.ERR_error_string_n(e, buf, sizeof buf);
    // "error:0A000086:SSL routines::certificate verify failed" -> the reason after the last ':'.
    std::string line = buf;
    if (auto p = line.rfind(':'); p != std::string::npos) line = line.substr(p + 1);
    if (text.find(line) == std::string::npos) text += (text.empty() ? "" : "; ") + line;
  }
  return text;
}

void check_readable(const std::string& setting, const std::string& path) {
  std::ifstream in(path);
  if (!in) throw tls_error(setting + " " + path + ": cannot read (" + std::strerror(errno) + ")");
}

int passphrase_callback(char* buf, int size, int, void* user) {
  const auto* pass = static_cast<const std::string*>(user);
  if (pass == nullptr || pass->empty() || static_cast<int>(pass->size()) >= size) return 0;
  std::memcpy(buf, pass->data(), pass->size());
  return static_cast<int>(pass->size());
}

}  // namespace

tls_context::tls_context(const tls_files& f, tls_side side) : side_{side} {
  if (f.cert.empty() || f.key.empty() || f.ca.empty())
    throw tls_error(
        "TLS needs all three of --tls-cert, --tls-key and --tls-ca (node.tls.cert, node.tls.key, node.tls.ca); "
        "missing: " +
        std::string(f.cert.empty() ? "--tls-cert " : "") + (f.key.empty() ? "--tls-key " : "") +
        (f.ca.empty() ? "--tls-ca" : "") + " (`ptc certs init DIR` makes a set)");
  check_readable("--tls-cert", f.cert);
  check_readable("--tls-key", f.key);
  check_readable("--tls-ca", f.ca);
  const auto& ossl = detail::openssl_lib();  // throws when libssl cannot be loaded
  ossl.ERR_clear_error();
  ctx_ = ossl.SSL_CTX_new(side == tls_side::server ? ossl.TLS_server_method() : ossl.TLS_client_method());
  if (ctx_ == nullptr) throw tls_error("cannot make a TLS context: " + openssl_errors());
  try {
    ossl.set_min_proto_version(ctx_, TLS1_2_VERSION);
    ossl.set_mode(ctx_, SSL_MODE_ENABLE_PARTIAL_WRITE | SSL_MODE_ACCEPT_MOVING_WRITE_BUFFER);
    // Copies of the passphrase live only as long as loading the key.
    std::string pass = f.passphrase;
    ossl.SSL_CTX_set_default_passwd_cb(ctx_, passphrase_callback);
    ossl.SSL_CTX_set_default_passwd_cb_userdata(ctx_, &pass);
    if (ossl.SSL_CTX_use_certificate_chain_file(ctx_, f.cert.c_str()) != 1)
      throw tls_error("--tls-cert " + f.cert + ": not a PEM certificate (" + openssl_errors() + ")");
    if (ossl.SSL_CTX_use_PrivateKey_file(ctx_, f.key.c_str(), SSL_FILETYPE_PEM) != 1) {
      const std::string why = openssl_errors();
      if (why.find("key values mismatch") != std::string::npos)
        throw tls_error("--tls-key " + f.key + " does not belong to --tls-cert " + f.cert + " (" + why + ")");
      throw tls_error("--tls-key " + f.key + ": cannot load the key (" + why +
                      (f.passphrase.empty() ? "; an encrypted key needs its passphrase" : "; wrong passphrase?") + ")");
    }
    ossl.SSL_CTX_set_default_passwd_cb_userdata(ctx_, nullptr);
    if (ossl.SSL_CTX_check_private_key(ctx_) != 1)
      throw tls_error("--tls-key " + f.key + " does not belong to --tls-cert " + f.cert + " (" + openssl_errors() + ")");
    if (ossl.SSL_CTX_load_verify_locations(ctx_, f.ca.c_str(), nullptr) != 1)
      throw tls_error("--tls-ca " + f.ca + ": not a PEM CA certificate (" + openssl_errors() + ")");
    // Both sides require the other's certificate, signed by the CA.
    ossl.SSL_CTX_set_verify(ctx_, SSL_VERIFY_PEER | SSL_VERIFY_FAIL_IF_NO_PEER_CERT, nullptr);
    ossl.SSL_CTX_set_verify_depth(ctx_, 4);
    if (side == tls_side::server) {
      // The CA names go to clients in the certificate request.
      if (auto* names = ossl.SSL_load_client_CA_file(f.ca.c_str())) ossl.SSL_CTX_set_client_CA_list(ctx_, names);
      ossl.set_session_cache_mode(ctx_, SSL_SESS_CACHE_OFF);
      ossl.SSL_CTX_set_num_tickets(ctx_, 0);
    }
  } catch (...) {
    ossl.SSL_CTX_free(ctx_);
    ctx_ = nullptr;
    ossl.ERR_clear_error();
    throw;
  }
}

tls_context::~tls_context() {
  if (ctx_ != nullptr) detail::openssl_lib().SSL_CTX_free(ctx_);
}

std::string tls_failure(ssl_st* ssl, int code) {
  const auto& ossl = detail::openssl_lib();
  std::string why;
  if (ssl != nullptr) {
    const long verdict = ossl.SSL_get_verify_result(ssl);
    if (verdict != X509_V_OK) {
      why = ossl.X509_verify_cert_error_string(verdict);
      switch (verdict) {
        case X509_V_ERR_SELF_SIGNED_CERT_IN_CHAIN:
        case X509_V_ERR_DEPTH_ZERO_SELF_SIGNED_CERT:
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT_LOCALLY:
        case X509_V_ERR_UNABLE_TO_GET_ISSUER_CERT:
        case X509_V_ERR_UNABLE_TO_VERIFY_LEAF_SIGNATURE:
          why = "the peer's certificate is not signed by the CA of --tls-ca (" + why + ")";
          break;
        case X509_V_ERR_HOSTNAME_MISMATCH:
        case X509_V_ERR_IP_ADDRESS_MISMATCH:
          why = "the peer's certificate is not for the host name or address dialled (" + why +
                "; `ptc certs init --host` names them)";
          break;
        case X509_V_ERR_CERT_HAS_EXPIRED:
        case X509_V_ERR_CERT_NOT_YET_VALID:
          why = "the peer's certificate " + why;
          break;
        default:
          break;
      }
    }
  }
  // OpenSSL's queued reason, unless it only repeats the verdict ("certificate verify failed").
  const std::string queued = openssl_errors();
  const bool repeats = !why.empty() && (queued == "certificate verify failed" || why.find(queued) != std::string::npos);
  if (!queued.empty() && !repeats) why = why.empty() ? queued : why + " (" + queued + ")";
  if (why.empty()) {
    if (code == SSL_ERROR_SYSCALL || code == SSL_ERROR_ZERO_RETURN)
      why = errno != 0 && code == SSL_ERROR_SYSCALL ? std::string("connection failed: ") + std::strerror(errno)
                                                    : "the peer closed the connection";
    else
      why = "TLS error " + std::to_string(code);
  }
  return why;
}

}  // namespace ptc::actors
