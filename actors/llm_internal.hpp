#pragma once
// Pieces shared by the LLM actor's source files (llm_*.cpp); not part of the actor's contract.
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/actors/llm.hpp"

namespace ptc::actors::llm_detail {

/// Reads what to_json(llm_request) wrote; throws std::exception naming the bad field.
llm_request request_from_json(const nlohmann::ordered_json& j);
/// Reads what to_json(llm_response) wrote; throws std::exception naming the bad field.
llm_response response_from_json(const nlohmann::ordered_json& j);

/// `text` with every occurrence of the key replaced by "<redacted>": the last line of defence
/// for a provider that echoes the key back in an error body.
std::string scrub(std::string text, const config::secret& key);

/// The URL a provider's completions are posted to.
std::string completion_url(const config::llm_settings& s);

/// Hex SHA-256 of `data`.
std::string sha256_hex(const std::string& data);

/// A recorded session, loaded for the replay provider. Requests are matched on their
/// messages (cassette_key with empty provider and model), so a session recorded with any
/// provider replays; when the replaying settings name a model, the model must match too. The
/// n-th identical request gets the n-th recorded response (the last one repeats).
class cassette {
 public:
  /// Loads a JSONL cassette; throws config::config_error naming the file and line.
  explicit cassette(const std::filesystem::path& p);

  /// The recorded response for `req`, or nullptr. Advances the per-request cursor.
  const llm_response* find(const llm_request& req, const std::string& model);
  std::size_t size() const { return count_; }

  /// For a request find() has no recording of: how it differs from the recorded request of the
  /// same agent and turn (the first differing message, its differing lines as "- recorded" /
  /// "+ now" with context), or "" when nothing of that agent and turn was recorded.
  std::string divergence(const llm_request& req) const;

 private:
  struct recorded {
    std::string model;
    llm_response response;
  };
  struct slot {
    std::vector<recorded> entries;
    std::map<std::string, std::size_t> next;  ///< by model filter ("" = any)
  };
  std::map<std::string, slot> by_messages_;
  /// The first recorded request of each (agent, turn), for divergence().
  std::map<std::pair<std::string, std::size_t>, std::vector<messages::chat_message>> by_turn_;
  std::size_t count_ = 0;
};

/// Appends exchanges to a JSONL cassette, one line each, written by one write(2) under
/// O_APPEND and flock (append_file), so lines of concurrent writers never interleave, in this
/// process or another. Every registered secret is redacted from the line (config::redact); the
/// key of a request is taken over its redacted form, which replay matches on too.
class cassette_writer {
 public:
  /// The writer of `p` (opened for appending); throws config::config_error when it cannot be.
  static std::shared_ptr<cassette_writer> open(const std::filesystem::path& p);
  void append(const std::string& provider, const std::string& model, const llm_request& req,
              const llm_response& res);
  ~cassette_writer();

  struct impl;
  explicit cassette_writer(std::unique_ptr<impl> i);

 private:
  std::unique_ptr<impl> impl_;
};

}  // namespace ptc::actors::llm_detail
