#pragma once
// OpenSSL (libssl.so.3 and libcrypto.so.3), loaded when TLS is first used (private to
// actors/tls.cpp, actors/gate.cpp and `ptc certs`).
//
// Context: libssl and libcrypto were the largest libraries every `ptc` start mapped: about 140 of
// the ~590 page faults of `ptc eval -e nil`, a quarter of its start (each fault costs ~20 µs
// on a virtual machine), for TLS that only nodes and their clients speak. Decision: libptc_actors
// and the ptc command do not link OpenSSL; they call it through this table, which
// dlopen("libssl.so.3") fills on first use (once per process). The headers still come from
// libssl-dev (the table's types are OpenSSL's own: decltype of each function); the ptc package
// depends on libssl3. The macros of OpenSSL's headers used here (SSL_CTX_set_mode, ...) call
// SSL_CTX_ctrl and friends directly, so they are spelled out below as members.
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/ssl.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// Every OpenSSL function ptc calls: one slot each, bound by name.
#define PTC_OPENSSL_FUNCTIONS(X)                                                                         \
  X(ERR_get_error) X(ERR_error_string_n) X(ERR_clear_error)                                               \
  X(TLS_server_method) X(TLS_client_method) X(SSL_CTX_new) X(SSL_CTX_free) X(SSL_CTX_ctrl)                \
  X(SSL_CTX_set_default_passwd_cb) X(SSL_CTX_set_default_passwd_cb_userdata)                              \
  X(SSL_CTX_use_certificate_chain_file) X(SSL_CTX_use_PrivateKey_file) X(SSL_CTX_check_private_key)       \
  X(SSL_CTX_load_verify_locations) X(SSL_CTX_set_verify) X(SSL_CTX_set_verify_depth)                      \
  X(SSL_load_client_CA_file) X(SSL_CTX_set_client_CA_list) X(SSL_CTX_set_num_tickets)                     \
  X(SSL_new) X(SSL_free) X(SSL_ctrl) X(SSL_set_fd) X(SSL_set_accept_state) X(SSL_set_connect_state)       \
  X(SSL_get0_param) X(SSL_set1_host) X(SSL_do_handshake) X(SSL_is_init_finished) X(SSL_shutdown)          \
  X(SSL_read) X(SSL_write) X(SSL_get_error) X(SSL_get_verify_result)                                      \
  X(X509_VERIFY_PARAM_set1_ip_asc) X(X509_verify_cert_error_string)                                       \
  X(EVP_PKEY_Q_keygen) X(EVP_PKEY_free) X(EVP_sha256) X(RAND_bytes) X(BN_bin2bn) X(BN_free)               \
  X(BN_to_ASN1_INTEGER) X(OBJ_nid2sn) X(X509_new) X(X509_free) X(X509_set_version)                        \
  X(X509_get_serialNumber) X(X509_gmtime_adj) X(X509_getm_notBefore) X(X509_getm_notAfter)                \
  X(X509_get_subject_name) X(X509_NAME_add_entry_by_txt) X(X509_set_issuer_name) X(X509_set_pubkey)      \
  X(X509_sign) X(X509V3_set_ctx) X(X509V3_EXT_conf_nid) X(X509_add_ext) X(X509_EXTENSION_free)            \
  X(BIO_new) X(BIO_s_mem) X(BIO_free) X(BIO_ctrl) X(PEM_write_bio_X509) X(PEM_write_bio_PrivateKey)

namespace ptc::actors::detail {

struct openssl_api {
#define PTC_OPENSSL_SLOT(name) decltype(&::name) name;
  PTC_OPENSSL_FUNCTIONS(PTC_OPENSSL_SLOT)
#undef PTC_OPENSSL_SLOT

  // OpenSSL's macros over the functions above.
  long set_min_proto_version(SSL_CTX* ctx, int version) const {
    return SSL_CTX_ctrl(ctx, SSL_CTRL_SET_MIN_PROTO_VERSION, version, nullptr);
  }
  long set_mode(SSL_CTX* ctx, long mode) const { return SSL_CTX_ctrl(ctx, SSL_CTRL_MODE, mode, nullptr); }
  long set_session_cache_mode(SSL_CTX* ctx, long mode) const {
    return SSL_CTX_ctrl(ctx, SSL_CTRL_SET_SESS_CACHE_MODE, mode, nullptr);
  }
  long set_tlsext_host_name(SSL* ssl, const char* name) const {
    return SSL_ctrl(ssl, SSL_CTRL_SET_TLSEXT_HOSTNAME, TLSEXT_NAMETYPE_host_name, const_cast<char*>(name));
  }
  long bio_mem_data(BIO* bio, char** data) const { return BIO_ctrl(bio, BIO_CTRL_INFO, 0, data); }
  /// An EC key on the named curve ("P-256").
  EVP_PKEY* ec_key(const char* curve) const { return EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", curve); }
};

/// OpenSSL's functions, loaded on the first call (thread-safe). Throws std::runtime_error naming
/// the library and the loader's reason when it cannot be loaded.
const openssl_api& openssl_lib();

}  // namespace ptc::actors::detail
