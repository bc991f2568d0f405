#pragma once
// TLS for connections between nodes and clients: OpenSSL contexts made from the node.tls.*
// settings (`--tls-cert`, `--tls-key`, `--tls-ca`), and the sentences that explain a failure.
//
// Decision: both sides authenticate (mutual TLS, TLS 1.2 or newer): a node accepts only
// clients whose certificate its CA signed, a client only nodes whose certificate that CA signed
// for the host name or IP it dialled. Every file is read and checked when the context is made,
// so a wrong path, a key that does not match its certificate or a wrong passphrase is an error
// at start naming the setting, not a failure at the first connection.
#include <memory>
#include <stdexcept>
#include <string>

struct ssl_ctx_st;
struct ssl_st;

namespace ptc::actors {

struct tls_files {
  std::string cert;        ///< PEM certificate (chain) of this side
  std::string key;         ///< PEM private key of that certificate
  std::string ca;          ///< PEM CA certificate(s) the peer's certificate must chain to
  std::string passphrase;  ///< of the key, if it is encrypted
  /// Any of cert, key, ca given: TLS is on (and then all three are required).
  bool enabled() const { return !cert.empty() || !key.empty() || !ca.empty(); }
};

class tls_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class tls_side { server, client };

/// An OpenSSL context, shared by every connection of a gate.
class tls_context {
 public:
  /// Throws tls_error naming the setting at fault ("--tls-key /x: ...").
  tls_context(const tls_files& files, tls_side side);
  ~tls_context();
  tls_context(const tls_context&) = delete;
  tls_context& operator=(const tls_context&) = delete;

  ssl_ctx_st* get() const { return ctx_; }
  tls_side side() const { return side_; }

 private:
  ssl_ctx_st* ctx_ = nullptr;
  tls_side side_;
};

/// Why a TLS operation on `ssl` failed (`code` from SSL_get_error): OpenSSL's reason, with the
/// certificate check's verdict when that was the cause. Empties the thread's error queue.
std::string tls_failure(ssl_st* ssl, int code);

}  // namespace ptc::actors
