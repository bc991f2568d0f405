#pragma once
// Internal to messages/serialization*.cpp: reading fields of a JSON object with errors that name
// the field by its path ("turn.tool_calls[2].name: expected a string").
#include <cstdint>
#include <stdexcept>
#include <string>

#include <nlohmann/json.hpp>

#include "ptc/lisp/run.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::messages::json_detail {

using json = nlohmann::ordered_json;

[[noreturn]] inline void bad(const std::string& path, const std::string& what) {
  throw std::invalid_argument(path + ": " + what);
}

inline std::string at_index(const std::string& path, std::size_t i) {
  return path + "[" + std::to_string(i) + "]";
}

/// One JSON object being read. Absent optional fields take their default; a present field of
/// the wrong type is an error.
class fields {
 public:
  fields(const json& j, std::string path) : j_(j), path_(std::move(path)) {
    if (!j_.is_object()) bad(path_, "expected an object, got " + std::string(j_.type_name()));
  }

  const std::string& path() const { return path_; }
  std::string path(const char* key) const { return path_ + "." + key; }

  const json* find(const char* key) const {
    auto it = j_.find(key);
    return it == j_.end() ? nullptr : &*it;
  }
  const json& required(const char* key) const {
    const json* f = find(key);
    if (!f) bad(path(key), "missing");
    return *f;
  }

  std::string str(const char* key, bool is_required = false) const {
    const json* f = is_required ? &required(key) : find(key);
    if (!f) return {};
    if (!f->is_string()) bad(path(key), "expected a string, got " + std::string(f->type_name()));
    return f->get<std::string>();
  }

  std::uint64_t u64(const char* key, std::uint64_t fallback = 0, bool is_required = false) const {
    const json* f = is_required ? &required(key) : find(key);
    if (!f) return fallback;
    if (f->is_number_unsigned()) return f->get<std::uint64_t>();
    if (f->is_number_integer() && f->get<std::int64_t>() >= 0) return static_cast<std::uint64_t>(f->get<std::int64_t>());
    bad(path(key), "expected a non-negative integer, got " + f->dump());
  }

  std::int64_t i64(const char* key) const {
    const json* f = find(key);
    if (!f) return 0;
    if (f->is_number_integer()) return f->get<std::int64_t>();
    bad(path(key), "expected an integer, got " + f->dump());
  }

  bool boolean(const char* key) const {
    const json* f = find(key);
    if (!f) return false;
    if (!f->is_boolean()) bad(path(key), "expected true or false, got " + f->dump());
    return f->get<bool>();
  }

  /// The array at `key` (empty when absent).
  const json& array(const char* key) const {
    static const json empty = json::array();
    const json* f = find(key);
    if (!f) return empty;
    if (!f->is_array()) bad(path(key), "expected an array, got " + std::string(f->type_name()));
    return *f;
  }

  std::vector<std::string> strings(const char* key) const {
    const json& a = array(key);
    std::vector<std::string> out;
    out.reserve(a.size());
    for (std::size_t i = 0; i < a.size(); ++i) {
      if (!a[i].is_string()) bad(at_index(path(key), i), "expected a string");
      out.push_back(a[i].get<std::string>());
    }
    return out;
  }

 private:
  const json& j_;
  std::string path_;
};

/// value_from_json / memory_from_json with errors under `path` (serialization_values.cpp).
lisp::value value_at(const json& j, const std::string& path);
lisp::memory_ptr memory_at(const json& j, const std::string& path);

}  // namespace ptc::messages::json_detail
