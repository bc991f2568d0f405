#include "ptc/config/secret.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>
#include <memory>
#include <mutex>
#include <streambuf>
#include <vector>

#include <nlohmann/json.hpp>

namespace ptc::config {
namespace {

using secret_list = std::vector<std::string>;

/// The registry: an immutable snapshot, replaced whole when a secret is added (rare), so that
/// a writer only copies a shared_ptr under the lock.
struct registry {
  std::mutex mutex;
  std::shared_ptr<const secret_list> secrets = std::make_shared<const secret_list>();
  std::atomic<bool> any{false};
};

registry& the_registry() {
  static auto* r = new registry;  // never destroyed: writers may run during static destruction
  return *r;
}

std::shared_ptr<const secret_list> snapshot() {
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  return r.secrets;
}

void add_locked(registry& r, secret_list& list, std::string text) {
  if (text.size() < min_secret_size) return;
  if (std::find(list.begin(), list.end(), text) != list.end()) return;
  list.push_back(std::move(text));
}

/// Where the single-pass scan finds its next secret at or after `from`: the leftmost
/// occurrence, the longest secret among those starting there (`list` is sorted longest first).
struct next_hit {
  std::size_t at = std::string_view::npos;
  std::size_t size = 0;
};

/// Rewrites `text` when it holds a secret; returns false when it holds none.
bool scan(std::string& text, const secret_list& list) {
  const std::string_view view(text);
  // Next occurrence of each secret at or after the cursor (npos: none left).
  std::vector<std::size_t> next(list.size());
  bool found = false;
  for (std::size_t k = 0; k < list.size(); ++k) {
    next[k] = view.find(list[k]);
    found = found || next[k] != std::string_view::npos;
  }
  if (!found) return false;
  std::string out;
  out.reserve(text.size());
  std::size_t cursor = 0;
  for (;;) {
    next_hit hit;
    for (std::size_t k = 0; k < list.size(); ++k) {
      if (next[k] != std::string_view::npos && next[k] < cursor) next[k] = view.find(list[k], cursor);
      if (next[k] < hit.at) hit = {next[k], list[k].size()};  // strict: the longer one wins ties
    }
    if (hit.at == std::string_view::npos) break;
    out.append(view.substr(cursor, hit.at - cursor));
    out.append(redaction_mark);
    cursor = hit.at + hit.size;
  }
  out.append(view.substr(cursor));
  text = std::move(out);
  return true;
}

struct standard_streams {
  redacting_buffer* out = nullptr;
  redacting_buffer* err = nullptr;
  redacting_buffer* log = nullptr;
};

standard_streams& streams() {
  static standard_streams s;
  return s;
}

}  // namespace

secret::secret(std::string value) : value_(std::move(value)) { register_secret(value_); }

std::string secret::redacted() const {
  if (value_.empty()) return "<none>";
  return "<redacted, " + std::to_string(value_.size()) + " chars>";
}

void to_json(nlohmann::json& j, const secret& s) {
  j = s.empty() ? nlohmann::json(nullptr) : nlohmann::json("<redacted>");
}

void to_json(nlohmann::ordered_json& j, const secret& s) {
  j = s.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json("<redacted>");
}

void register_secret(std::string_view text) {
  if (text.size() < min_secret_size) return;
  const std::string dumped = nlohmann::json(std::string(text)).dump(-1, ' ', false,
                                                                     nlohmann::json::error_handler_t::replace);
  registry& r = the_registry();
  std::lock_guard lock(r.mutex);
  auto list = std::make_shared<secret_list>(*r.secrets);
  add_locked(r, *list, std::string(text));
  add_locked(r, *list, dumped.substr(1, dumped.size() - 2));  // without the quotes
  std::stable_sort(list->begin(), list->end(), [](const auto& a, const auto& b) { return a.size() > b.size(); });
  r.secrets = std::move(list);
  r.any.store(true, std::memory_order_release);
}

bool secrets_registered() { return the_registry().any.load(std::memory_order_acquire); }

bool redact_in_place(std::string& text) {
  if (!secrets_registered()) return false;
  return scan(text, *snapshot());
}

std::string redact(std::string text) {
  redact_in_place(text);
  return text;
}

std::size_t secret_prefix_at_end(std::string_view text) {
  if (!secrets_registered()) return 0;
  std::size_t longest = 0;
  for (const std::string& s : *snapshot())
    for (std::size_t n = std::min(s.size() - 1, text.size()); n > longest; --n)
      if (text.ends_with(std::string_view(s).substr(0, n))) {
        longest = n;
        break;
      }
  return longest;
}

redacting_buffer::redacting_buffer(std::streambuf& target) : target_(&target) {}

void redacting_buffer::emit(bool all) {
  std::lock_guard lock(mutex_);
  emit_locked(all);
}

redacting_buffer::int_type redacting_buffer::overflow(int_type c) {
  if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
  std::lock_guard lock(mutex_);
  pending_ += traits_type::to_char_type(c);
  if (pending_.size() >= flush_size) emit_locked(false);
  return c;
}

std::streamsize redacting_buffer::xsputn(const char* s, std::streamsize n) {
  std::lock_guard lock(mutex_);
  pending_.append(s, static_cast<std::size_t>(n));
  if (pending_.size() >= flush_size) emit_locked(false);
  return n;
}

int redacting_buffer::sync() {
  std::lock_guard lock(mutex_);
  emit_locked(false);
  return target_->pubsync();
}

void redacting_buffer::emit_locked(bool all) {
  if (pending_.empty()) return;
  const auto list = snapshot();
  std::size_t cut = all ? pending_.size() : pending_.size() - secret_prefix_at_end(pending_);
  if (cut == 0) return;
  // A secret that starts before the cut and ends after it is written whole (it is redacted).
  const std::string_view view(pending_);
  for (const std::string& s : *list)
    for (std::size_t at = view.find(s); at != std::string_view::npos && at < cut; at = view.find(s, at + 1))
      if (at + s.size() > cut) cut = at + s.size();
  std::string out = pending_.substr(0, cut);
  pending_.erase(0, cut);
  scan(out, *list);
  target_->sputn(out.data(), static_cast<std::streamsize>(out.size()));
  if (all) target_->pubsync();
}

void redact_standard_streams() {
  standard_streams& s = streams();
  if (s.out) return;
  // Never destroyed: the streams are flushed during static destruction.
  s.out = new redacting_buffer(*std::cout.rdbuf());
  s.err = new redacting_buffer(*std::cerr.rdbuf());
  s.log = new redacting_buffer(*std::clog.rdbuf());
  std::cout.rdbuf(s.out);
  std::cerr.rdbuf(s.err);
  std::clog.rdbuf(s.log);
}

void flush_redacted_streams() {
  standard_streams& s = streams();
  if (!s.out) return;
  std::cout.flush();
  std::clog.flush();
  std::cerr.flush();
  for (redacting_buffer* b : {s.out, s.log, s.err}) b->emit(true);
}

}  // namespace ptc::config
