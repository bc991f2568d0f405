// The JSON ↔ value mapping at the host boundary (json.hpp). Both directions recurse over the
// data with a depth guard, so hostile nesting is an error instead of a stack overflow.
#include "ptc/lisp/json.hpp"

#include <cmath>
#include <limits>
#include <memory>
#include <string>
#include <utility>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

[[noreturn]] void too_deep() {
  raise(error_kind::limit, "JSON nested more than " + std::to_string(max_json_depth) +
                               " levels deep");
}

/// Work done by a conversion, charged to the active run's budget (if any) every 256 units:
/// one per node, one per 64 bytes of string text.
struct work_counter {
  std::uint64_t pending = 0;
  void add(std::uint64_t units) {
    pending += units;
    if (pending >= 256) flush();
  }
  void flush() {
    if (pending) charge_work(std::exchange(pending, 0));
  }
};

/// One string value per text among the short strings of a conversion (issue 18: short strings
/// interned). Context: JSON rows repeat the same few short texts ("status": "shipped", a
/// region, a date), and each was its own string object (64 bytes or more, charged to the run's
/// memory limit). Decision: a direct-mapped table of texts per conversion: a repeat shares the
/// first one's object (strings are immutable and their identity cannot be seen). A text found
/// again is marked; a new text takes a marked slot only on its second try (the first clears
/// the mark), so unique texts (ids) passing through do not evict the repeating ones. The
/// table makes no allocation per string, and a text it does not hold is simply made again.
/// The table (12 KB) is made only once a document has more short strings than a tool result
/// of a few fields: making and clearing it for each such result cost more than the result.
class short_strings {
 public:
  static constexpr std::size_t max_bytes = 40;
  static constexpr std::uint32_t made_directly = 16;  ///< the first short strings, before the table

  value make(const std::string& text) {
    if (text.size() > max_bytes) return make_string(text);
    if (!slots_) {
      if (++direct_ <= made_directly) return make_string(text);
      slots_ = std::make_unique<slot[]>(slot_count);
    }
    const std::uint64_t h = hash_text(text);
    slot& s = slots_[(h ^ (h >> 32)) & (slot_count - 1)];
    if (s.text.is(type::string) && string_text(s.text) == text) {
      s.found_again = true;
      return s.text;
    }
    if (s.found_again) {
      s.found_again = false;
      return make_string(text);
    }
    s.text = make_string(text);
    return s.text;
  }

 private:
  struct slot {
    value text;
    bool found_again = false;
  };
  static constexpr std::size_t slot_count = 512;
  std::unique_ptr<slot[]> slots_;  ///< made with the short string after the first made_directly
  std::uint32_t direct_ = 0;
};

value from_json_at(const nlohmann::ordered_json& j, int depth, work_counter& w, short_strings& strings) {
  if (depth > max_json_depth) too_deep();
  w.add(1);
  using t = nlohmann::ordered_json::value_t;
  switch (j.type()) {
    case t::null:
    case t::discarded:
      return {};
    case t::boolean:
      return value::boolean(j.get<bool>());
    case t::number_integer:
      return value::integer(j.get<std::int64_t>());
    case t::number_unsigned: {
      auto u = j.get<std::uint64_t>();
      if (u <= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max()))
        return value::integer(static_cast<std::int64_t>(u));
      return value::floating(static_cast<double>(u));
    }
    case t::number_float:
      return value::floating(j.get<double>());
    case t::string:
      w.add(j.get_ref<const std::string&>().size() >> 6);
      return strings.make(j.get_ref<const std::string&>());
    case t::array: {
      std::vector<value> items;
      items.reserve(j.size());
      for (const auto& e : j) items.push_back(from_json_at(e, depth + 1, w, strings));
      return vector_obj::from(std::move(items));
    }
    case t::object: {
      std::vector<map_obj::entry> entries;
      entries.reserve(j.size());
      for (auto it = j.begin(); it != j.end(); ++it) {
        const std::string& k = it.key();
        value key = valid_keyword_text(k) ? keyword(k) : strings.make(k);
        entries.emplace_back(std::move(key), from_json_at(it.value(), depth + 1, w, strings));
      }
      return map_obj::from(std::move(entries));
    }
    case t::binary: {
      std::vector<value> items;
      for (std::uint8_t b : j.get_binary()) items.push_back(value::integer(b));
      return vector_obj::from(std::move(items));
    }
  }
  return {};
}

/// value -> JSON in two passes: measure() walks the value without building anything, charging
/// a unit of work per node and counting a lower bound of the text, so a value with too many
/// nodes (a DAG of shared collections) or too much text stops before a single JSON node is
/// made; then walk() builds. (One pass that built as it counted ended a DAG at the time limit
/// with millions of JSON nodes made, and freeing them took as long again.) A lazy sequence's
/// items are measured as walk realises them, once.
class to_json_walker {
 public:
  /// Charges the work left over (below one batch).
  void finish() { work_.flush(); }

  void measure(const value& v, int depth) {
    if (depth > max_json_depth) return;  // walk raises it, in its order
    work_.add(1);
    text_bytes_ += 2;
    switch (v.kind()) {
      case type::string: {
        const std::size_t n = string_text(v).size();
        work_.add(n >> 6);
        text_bytes_ += n;
        break;
      }
      case type::vector:
        check_text();
        v.as<vector_obj>().each([&](const value& x) {
          measure(x, depth + 1);
          return true;
        });
        break;
      case type::list:
        check_text();
        for (const value& x : v.as<list_obj>()) measure(x, depth + 1);
        break;
      case type::set:
        check_text();
        for (const value& x : v.as<set_obj>().items()) measure(x, depth + 1);
        break;
      case type::map:
        check_text();
        v.as<map_obj>().each([&](const value& k, const value& x) {
          text_bytes_ += k.is(type::string) ? string_text(k).size() : k.is(type::keyword) ? named(k).full().size() : 1;
          measure(x, depth + 1);
          return true;
        });
        break;
      default: break;
    }
    check_text();
  }

  nlohmann::ordered_json walk(const value& v, std::string& path, int depth) {
    if (depth > max_json_depth) too_deep();
    switch (v.kind()) {
      case type::nil: return nullptr;
      case type::boolean: return v.as_bool();
      case type::integer: return v.as_int();
      case type::floating: {
        double d = v.as_double();
        if (!std::isfinite(d)) return nullptr;
        return d;
      }
      case type::character: {
        std::string s;
        append_utf8(s, v.as_char());
        return s;
      }
      case type::string: return string_text(v);
      case type::date: return date::iso_text(v.as_epoch_day());  // ISO text, as toString
      case type::keyword:
      case type::symbol: return named(v).full();
      case type::vector: {
        nlohmann::ordered_json arr = nlohmann::ordered_json::array();
        std::size_t i = 0;
        v.as<vector_obj>().each([&](const value& x) {
          arr.push_back(item(x, path, i++, depth));
          return true;
        });
        return arr;
      }
      case type::list: {
        nlohmann::ordered_json arr = nlohmann::ordered_json::array();
        std::size_t i = 0;
        for (const value& x : v.as<list_obj>()) arr.push_back(item(x, path, i++, depth));
        return arr;
      }
      case type::set: {
        nlohmann::ordered_json arr = nlohmann::ordered_json::array();
        std::size_t i = 0;
        for (const value& x : v.as<set_obj>().items()) arr.push_back(item(x, path, i++, depth));
        return arr;
      }
      case type::lazy_seq: return lazy(v, path, depth);
      case type::map: {
        nlohmann::ordered_json obj = nlohmann::ordered_json::object();
        v.as<map_obj>().each([&](const value& k, const value& x) {
          std::string key = k.is(type::string)    ? string_text(k)
                            : k.is(type::keyword) ? named(k).full()
                                                  : pr_str(k);
          std::size_t mark = path.size();
          path += '.';
          path += key;
          obj[key] = walk(x, path, depth + 1);
          path.resize(mark);
          return true;
        });
        return obj;
      }
      case type::function:
      case type::regex:
      case type::var:
      case type::reduced:
      case type::exception:
        break;
    }
    raise(error_kind::type, "cannot convert " + errors::describe_type(v) + " to JSON (at " +
                                (path.empty() ? std::string("the top level") : "$" + path) + ")");
  }

 private:
  work_counter work_;
  std::uint64_t text_bytes_ = 0;  // a lower bound of the JSON text's size
  std::uint64_t max_bytes_ = active_string_limit();

  void check_text() {
    if (text_bytes_ > max_bytes_) {
      work_.flush();
      string_limit_error("converting a value to JSON", max_bytes_);
    }
  }

  nlohmann::ordered_json item(const value& x, std::string& path, std::size_t i, int depth) {
    std::size_t mark = path.size();
    path += '[' + std::to_string(i) + ']';
    nlohmann::ordered_json j = walk(x, path, depth + 1);
    path.resize(mark);
    return j;
  }

  nlohmann::ordered_json lazy(const value& v, std::string& path, int depth) {
    const auto& lz = v.as<lazy_seq_obj>();
    auto n = lz.known_size();
    if (!n)
      raise(error_kind::type, "cannot convert an infinite sequence to JSON (at " +
                                  (path.empty() ? std::string("the top level") : "$" + path) +
                                  "); use take to bound it");
    // Inside a run, the run's budget; outside one, a private budget.
    budget detached;
    budget* active = budget::active();
    context c(active ? *active : detached, nullptr);
    auto cur = lz.start();
    nlohmann::ordered_json arr = nlohmann::ordered_json::array();
    value x;
    for (std::size_t i = 0; i < *n && cur->next(c, x); ++i) {
      measure(x, depth + 1);
      arr.push_back(item(x, path, i, depth));
    }
    return arr;
  }
};

}  // namespace

std::string too_deep_text() {
  return "nests arrays and objects more than " + std::to_string(max_json_depth) + " levels deep (ptc's limit)";
}

bool json_too_deep(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;  // the escaped character is skipped with it
      else if (c == '"') in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > max_json_depth) return true;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return false;
}

value from_json(const nlohmann::ordered_json& j) {
  work_counter w;
  short_strings strings;
  value v = from_json_at(j, 0, w, strings);
  w.flush();
  return v;
}

nlohmann::ordered_json to_json(const value& v) {
  std::string path;
  to_json_walker w;
  w.measure(v, 0);
  nlohmann::ordered_json j = w.walk(v, path, 0);
  w.finish();
  return j;
}

bool valid_keyword_text(std::string_view s) {
  // Text the reader reads back as this very keyword: no whitespace, no delimiters or reader
  // macro characters, no ':' (so no "::"), at most one '/' with text on both sides.
  if (s.empty()) return false;
  std::size_t slashes = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    unsigned char c = static_cast<unsigned char>(s[i]);
    if (c <= ' ' || c == 0x7F) return false;
    switch (c) {
      case '(': case ')': case '[': case ']': case '{': case '}': case '"': case ';':
      case '@': case '^': case '`': case '~': case '\\': case ',': case ':': case '#':
      case '\'':
        return false;
      case '/':
        ++slashes;
        break;
      default:
        if (c >= 0x80) {
          // Non-ASCII letters are fine; Unicode whitespace is not (and bad UTF-8 stays a string).
          std::size_t p = i;
          char32_t cp = decode_utf8(s, p);
          if (cp == 0xFFFD || cp == 0xA0 || cp == 0x1680 || (cp >= 0x2000 && cp <= 0x200B) ||
              cp == 0x2028 || cp == 0x2029 || cp == 0x202F || cp == 0x205F || cp == 0x3000 ||
              cp == 0xFEFF)
            return false;
          i = p - 1;
        }
    }
  }
  if (slashes > 1) return false;
  if (slashes == 1 && (s.front() == '/' || s.back() == '/')) return false;
  return true;
}

}  // namespace ptc::lisp
