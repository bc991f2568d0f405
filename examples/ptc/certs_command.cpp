#include "examples/ptc/certs_command.hpp"

#include <sys/stat.h>

#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <arpa/inet.h>

#include "examples/ptc/cli_common.hpp"
#include "ptc/actors/openssl_api.hpp"

namespace ptc::cli {
namespace {

namespace fs = std::filesystem;

/// OpenSSL, loaded on first use (ptc does not link it: actors/openssl_api.hpp).
const ptc::actors::detail::openssl_api& openssl() { return ptc::actors::detail::openssl_lib(); }

struct certs_flags {
  std::string dir;
  std::vector<std::string> hosts;  ///< the node certificate's names and addresses
  int days = 825;                  ///< validity of the node and client certificates
  bool force = false;
};

/// The OpenSSL error queue as text, for an exception naming what failed.
[[noreturn]] void fail(const std::string& what) {
  std::string detail;
  while (unsigned long e = openssl().ERR_get_error()) {
    char buf[256];
    openssl().ERR_error_string_n(e, buf, sizeof buf);
    detail += (detail.empty() ? "" : "; ") + std::string(buf);
  }
  throw std::runtime_error(what + (detail.empty() ? "" : " (" + detail + ")"));
}

using key_ptr = std::unique_ptr<EVP_PKEY, decltype(&::EVP_PKEY_free)>;
using cert_ptr = std::unique_ptr<X509, decltype(&::X509_free)>;

/// An ECDSA P-256 key: small, fast, and accepted by every TLS 1.2 and 1.3 peer.
key_ptr new_key() {
  key_ptr key(openssl().ec_key("P-256"), openssl().EVP_PKEY_free);
  if (!key) fail("cannot make a key");
  return key;
}

/// Adds an X.509 v3 extension given in OpenSSL's configuration syntax, e.g.
/// ("basicConstraints", "critical,CA:TRUE").
void add_extension(X509* cert, X509* issuer, int nid, const std::string& value) {
  X509V3_CTX ctx;
  X509V3_set_ctx_nodb(&ctx);
  openssl().X509V3_set_ctx(&ctx, issuer, cert, nullptr, nullptr, 0);
  X509_EXTENSION* ext = openssl().X509V3_EXT_conf_nid(nullptr, &ctx, nid, value.c_str());
  if (!ext) fail("cannot make the extension " + std::string(openssl().OBJ_nid2sn(nid)) + " = " + value);
  const int ok = openssl().X509_add_ext(cert, ext, -1);
  openssl().X509_EXTENSION_free(ext);
  if (!ok) fail("cannot add the extension " + std::string(openssl().OBJ_nid2sn(nid)));
}

/// A certificate for `key` named `common_name`, signed by `issuer_key` (the certificate itself
/// when `issuer` is null: self-signed). A random 128-bit serial.
cert_ptr new_cert(EVP_PKEY* key, const std::string& common_name, X509* issuer, EVP_PKEY* issuer_key, int days,
                  const std::vector<std::pair<int, std::string>>& extensions) {
  cert_ptr cert(openssl().X509_new(), openssl().X509_free);
  if (!cert || !openssl().X509_set_version(cert.get(), 2)) fail("cannot make a certificate");
  unsigned char serial[16];
  if (openssl().RAND_bytes(serial, sizeof serial) != 1) fail("no random bytes for a serial number");
  serial[0] &= 0x7f;  // positive
  BIGNUM* bn = openssl().BN_bin2bn(serial, sizeof serial, nullptr);
  if (!bn || !openssl().BN_to_ASN1_INTEGER(bn, openssl().X509_get_serialNumber(cert.get()))) fail("cannot set the serial number");
  openssl().BN_free(bn);
  // Valid from an hour ago (clocks of two machines differ a little).
  openssl().X509_gmtime_adj(openssl().X509_getm_notBefore(cert.get()), -3600);
  openssl().X509_gmtime_adj(openssl().X509_getm_notAfter(cert.get()), static_cast<long>(days) * 24 * 3600);
  X509_NAME* name = openssl().X509_get_subject_name(cert.get());
  openssl().X509_NAME_add_entry_by_txt(name, "O", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>("ptc"), -1, -1, 0);
  openssl().X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, reinterpret_cast<const unsigned char*>(common_name.c_str()),
                             -1, -1, 0);
  openssl().X509_set_issuer_name(cert.get(), issuer ? openssl().X509_get_subject_name(issuer) : name);
  if (!openssl().X509_set_pubkey(cert.get(), key)) fail("cannot set the public key");
  X509* signer = issuer ? issuer : cert.get();
  for (const auto& [nid, value] : extensions) add_extension(cert.get(), signer, nid, value);
  if (!openssl().X509_sign(cert.get(), issuer_key ? issuer_key : key, openssl().EVP_sha256())) fail("cannot sign " + common_name);
  return cert;
}

/// "DNS:node1.example.com,IP:127.0.0.1,...": each host as an IP address when it is one.
std::string alt_names(const std::vector<std::string>& hosts) {
  std::string out;
  for (const auto& h : hosts) {
    unsigned char buf[16];
    const bool ip = inet_pton(AF_INET, h.c_str(), buf) == 1 || inet_pton(AF_INET6, h.c_str(), buf) == 1;
    out += (out.empty() ? "" : ",") + std::string(ip ? "IP:" : "DNS:") + h;
  }
  return out;
}

/// Writes `text` to `path`, created with `mode` (a key: 0600, never readable by others even
/// for a moment).
void write_file(const fs::path& path, const std::string& text, mode_t mode) {
  FILE* f = std::fopen(path.c_str(), "wx");  // x: never over an existing file
  if (!f) throw std::runtime_error("cannot create " + path.string() + ": " + std::strerror(errno));
  ::fchmod(fileno(f), mode);
  const bool ok = std::fwrite(text.data(), 1, text.size(), f) == text.size();
  if (std::fclose(f) != 0 || !ok) throw std::runtime_error("cannot write " + path.string());
}

std::string pem_of(X509* cert) {
  std::unique_ptr<BIO, decltype(&::BIO_free)> bio(openssl().BIO_new(openssl().BIO_s_mem()), openssl().BIO_free);
  if (!bio || !openssl().PEM_write_bio_X509(bio.get(), cert)) fail("cannot write a certificate");
  char* data = nullptr;
  const long n = openssl().bio_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(n));
}

std::string pem_of(EVP_PKEY* key) {
  std::unique_ptr<BIO, decltype(&::BIO_free)> bio(openssl().BIO_new(openssl().BIO_s_mem()), openssl().BIO_free);
  if (!bio || !openssl().PEM_write_bio_PrivateKey(bio.get(), key, nullptr, nullptr, 0, nullptr, nullptr)) fail("cannot write a key");
  char* data = nullptr;
  const long n = openssl().bio_mem_data(bio.get(), &data);
  return std::string(data, static_cast<std::size_t>(n));
}

int certs_init(const certs_flags& f) {
  const fs::path dir = f.dir;
  const std::vector<std::string> names{"ca.pem", "ca.key", "node.pem", "node.key", "client.pem", "client.key"};
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) {
    std::cerr << "Error: cannot create " << dir.string() << ": " << ec.message() << "\n";
    return exit_usage;
  }
  for (const auto& n : names) {
    if (!fs::exists(dir / n)) continue;
    if (!f.force) {
      std::cerr << "Error: " << (dir / n).string() << " exists; ptc certs init never replaces keys (--force does)\n";
      return exit_usage;
    }
    fs::remove(dir / n);
  }
  const std::vector<std::string> hosts = f.hosts.empty() ? std::vector<std::string>{"localhost", "127.0.0.1", "::1"} : f.hosts;
  try {
    key_ptr ca_key = new_key();
    cert_ptr ca = new_cert(ca_key.get(), "ptc CA", nullptr, nullptr, 3650,
                           {{NID_basic_constraints, "critical,CA:TRUE,pathlen:0"},
                            {NID_key_usage, "critical,keyCertSign,cRLSign"},
                            {NID_subject_key_identifier, "hash"}});
    key_ptr node_key = new_key();
    cert_ptr node = new_cert(node_key.get(), "ptc node " + hosts.front(), ca.get(), ca_key.get(), f.days,
                             {{NID_basic_constraints, "critical,CA:FALSE"},
                              {NID_key_usage, "critical,digitalSignature,keyAgreement"},
                              // A node also connects to other nodes (sub-agents placed there).
                              {NID_ext_key_usage, "serverAuth,clientAuth"},
                              {NID_subject_alt_name, alt_names(hosts)},
                              {NID_subject_key_identifier, "hash"},
                              {NID_authority_key_identifier, "keyid"}});
    key_ptr client_key = new_key();
    cert_ptr client = new_cert(client_key.get(), "ptc client", ca.get(), ca_key.get(), f.days,
                               {{NID_basic_constraints, "critical,CA:FALSE"},
                                {NID_key_usage, "critical,digitalSignature,keyAgreement"},
                                {NID_ext_key_usage, "clientAuth"},
                                {NID_subject_key_identifier, "hash"},
                                {NID_authority_key_identifier, "keyid"}});
    write_file(dir / "ca.pem", pem_of(ca.get()), 0644);
    write_file(dir / "ca.key", pem_of(ca_key.get()), 0600);
    write_file(dir / "node.pem", pem_of(node.get()), 0644);
    write_file(dir / "node.key", pem_of(node_key.get()), 0600);
    write_file(dir / "client.pem", pem_of(client.get()), 0644);
    write_file(dir / "client.key", pem_of(client_key.get()), 0600);
  } catch (const std::exception& e) {
    std::cerr << "Error: " << e.what() << "\n";
    return exit_failed;
  }
  std::cout << "ptc certs: wrote to " << dir.string() << ":\n"
            << "  ca.pem, ca.key       the CA every node and client trusts (keep ca.key offline: it signs)\n"
            << "  node.pem, node.key   a node's certificate for " << alt_names(hosts) << ", valid " << f.days
            << " days\n"
            << "  client.pem, client.key  a client's certificate, valid " << f.days << " days\n"
            << "Keys are readable by their owner only (0600).\n";
  return 0;
}

}  // namespace

void add_certs_command(CLI::App& app, int& exit_code) {
  auto f = std::make_shared<certs_flags>();
  CLI::App* certs = app.add_subcommand("certs", "Certificates for nodes and their clients (mutual TLS)");
  certs->require_subcommand(1);
  CLI::App* init = certs->add_subcommand(
      "init", "Make a CA, a node certificate and a client certificate (ECDSA P-256, SHA-256) in DIR");
  init->add_option("dir", f->dir, "The folder to write them to (created when missing)")->required();
  init->add_option("--host", f->hosts,
                   "A name or address the node is reached by, put in its certificate (repeatable; default: "
                   "localhost, 127.0.0.1, ::1)")
      ->allow_extra_args(false);
  init->add_option("--days", f->days, "Validity of the node and client certificates (default 825; the CA: 10 years)")
      ->check(CLI::Range(1, 36500));
  init->add_flag("--force", f->force, "Replace the files if DIR has them already");
  init->callback([f, &exit_code] { exit_code = certs_init(*f); });
}

}  // namespace ptc::cli
