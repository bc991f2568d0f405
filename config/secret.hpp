#pragma once
// An API key that cannot be printed by accident, and the process-wide list of secret texts
// that every writer of ptc redacts.
//
// Context: provider keys pass through settings, traces, logs and error messages. Decision: the
// key lives in a type with no stream operator, no implicit conversion and a JSON form of
// "<redacted>"; the one way to the text is reveal(), called only where a request header is
// built. Consequence: `log << settings.llm.api_key` does not compile, and a grep for reveal()
// lists every place a key can leave the process.
//
// The type cannot stop a key that comes back as data: a model that repeats it in its reply, a
// tool whose result holds it, a provider that echoes it in an error body. So every secret text
// is also registered process-wide (constructing a non-empty `secret` registers it; config::load
// registers every key variable of the environment; the MCP client registers its bearer tokens
// with register_secret), and each place where ptc writes outside the process passes its text
// through redact(): stdout and stderr (redact_standard_streams), the spdlog logger, the trace
// file, cassettes. Consequence: there is one redaction function and four writers that call it,
// instead of checks scattered over everything that might carry a key.
#include <cstddef>
#include <iosfwd>
#include <mutex>
#include <streambuf>
#include <string>
#include <string_view>

#include <nlohmann/json_fwd.hpp>

namespace ptc::config {

/// A credential (API key). Empty means "no key".
class secret {
 public:
  secret() = default;
  /// Registers `value` with register_secret, so that its text is redacted from every output.
  explicit secret(std::string value);

  bool empty() const { return value_.empty(); }
  std::size_t size() const { return value_.size(); }

  /// A printable stand-in: "<none>" when empty, else "<redacted, N chars>" (the length helps
  /// tell a truncated paste from a good key without showing any of it).
  std::string redacted() const;

  /// The key itself. Only the HTTP layer calls this, to build the authorization header.
  const std::string& reveal() const { return value_; }

  friend bool operator==(const secret&, const secret&) = default;

  /// Deleted so that streaming a key into a log line is a compile error.
  friend std::ostream& operator<<(std::ostream&, const secret&) = delete;

 private:
  std::string value_;
};

/// JSON form for traces: "<redacted>" when a key is set, null when not.
void to_json(nlohmann::json& j, const secret& s);
void to_json(nlohmann::ordered_json& j, const secret& s);

/// What a redacted secret is replaced with.
inline constexpr std::string_view redaction_mark = "<redacted>";

/// Texts shorter than this are not registered: no provider issues keys that short, and masking
/// a short word everywhere would garble the output.
inline constexpr std::size_t min_secret_size = 8;

/// Adds `text` to the process-wide registry of secrets (thread-safe; duplicates and texts
/// shorter than min_secret_size are ignored). Its JSON-escaped spelling is registered too, so a
/// key with a quote or backslash is also found inside JSON. Secrets stay registered for the
/// life of the process.
void register_secret(std::string_view text);

/// True when at least one secret is registered (one atomic load: the fast path of writers).
bool secrets_registered();

/// `text` with every occurrence of a registered secret replaced by redaction_mark, in one
/// left-to-right pass (the longest secret wins where several start at the same place, and a
/// mark is never scanned again).
std::string redact(std::string text);

/// Like redact; returns false (and leaves `text` alone) when it holds no secret.
bool redact_in_place(std::string& text);

/// The length of the longest suffix of `text` that is a proper prefix of a registered secret:
/// a writer that emits text in pieces holds that much back until it knows whether a secret
/// follows.
std::size_t secret_prefix_at_end(std::string_view text);

/// A stream buffer that writes what passes through it to `target` with every secret redacted,
/// even a secret written in several pieces: a flush writes all but a tail that may be the start
/// of a secret (usually nothing is held back), emit(true) writes everything. Thread-safe.
class redacting_buffer : public std::streambuf {
 public:
  explicit redacting_buffer(std::streambuf& target);
  /// Writes what is pending to the target; with `all` false, holds back a tail that may
  /// start a secret. With `all`, the target is flushed too.
  void emit(bool all);

 protected:
  int_type overflow(int_type c) override;
  std::streamsize xsputn(const char* s, std::streamsize n) override;
  int sync() override;

 private:
  /// Pending output written even without a flush (a program that prints much without flushing
  /// still streams).
  static constexpr std::size_t flush_size = 1 << 16;
  void emit_locked(bool all);

  std::mutex mutex_;
  std::streambuf* target_;
  std::string pending_;
};

/// Routes std::cout and std::cerr (and std::clog) through redacting buffers: a secret is
/// replaced even when it is written in several pieces. Text is held back only while it could
/// be the start of a secret. Call once, early in main; call flush_redacted_streams before
/// exiting to write what is held back.
void redact_standard_streams();
void flush_redacted_streams();

}  // namespace ptc::config
