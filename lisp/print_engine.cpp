// The printing engine: one iterative walk shared by pr-str, print, str and the prompt formatter.
//
// Collections are opened onto an explicit stack of frames; each frame yields its items one at a
// time, so depth costs heap, not native stack. Truncation (TRN-004) is a per-frame item limit:
// nested collections truncate independently because each frame counts its own items.
#include "ptc/lisp/print_engine.hpp"

#include <algorithm>
#include <charconv>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/context.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/exception.hpp"
#include "ptc/lisp/function.hpp"
#include "ptc/lisp/lazy_seq.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/regex.hpp"
#include "ptc/lisp/seq.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {
namespace {

/// Without a context a lazy seq prints at most this many items (then "...").
constexpr std::size_t lazy_print_cap = 10'000;

const char* char_name(char32_t ch) {
  switch (ch) {
    case '\n': return "newline";
    case ' ': return "space";
    case '\t': return "tab";
    case '\r': return "return";
    case '\b': return "backspace";
    case '\f': return "formfeed";
    default: return nullptr;
  }
}

/// Sets print sorted when every pair of items is comparable; otherwise in insertion order.
std::vector<value> set_print_order(const set_obj& s) {
  std::vector<value> items = s.items();
  if (items.size() < 2 || s.sorted()) return items;  // a sorted set is in its own order
  std::vector<value> sorted = items;
  try {
    std::stable_sort(sorted.begin(), sorted.end(),
                     [](const value& a, const value& b) { return compare_values(a, b) < 0; });
  } catch (const lisp_exception&) {
    return items;
  }
  return sorted;
}

/// One open collection being printed.
struct print_frame {
  enum class source : std::uint8_t { vector, list, items, lazy };
  source src = source::items;
  const vector_obj* vec = nullptr;
  const list_obj* cell = nullptr;
  std::vector<value> items;  // map entries flattened k, v, k, v; set items; a reduced's value
  std::unique_ptr<lazy_seq_obj::cursor> cursor;
  value owner;  // keeps the collection alive while `vec`/`cell`/`cursor` point into it
  std::size_t index = 0;  // items yielded so far (for maps: keys and values)
  std::optional<std::size_t> total;  // number of items (entries for maps) when known
  const char* closer = ")";
  bool is_map = false;
  bool counted = true;  // whether a cut shows " (N items, showing first M)"
  std::size_t limit = 0;         // items (map entries) shown before the cut
  std::size_t item_budget = 0;   // printable limit of the items (map values) inside

  bool next(context* c, value& out) {
    switch (src) {
      case source::vector:
        if (index >= vec->size()) return false;
        out = vec->at(index);
        break;
      case source::list:
        if (!cell || index >= *total) return false;
        out = cell->first();
        cell = cell->next_cell();
        break;
      case source::items:
        if (index >= items.size()) return false;
        out = std::move(items[index]);
        break;
      case source::lazy:
        if (!cursor->next(*c, out)) return false;
        break;
    }
    ++index;
    return true;
  }
};

class engine {
 public:
  engine(std::string& out, const print_options& o, context* c) : out_(out), o_(o), c_(c) {}

  void run(const value& root) {
    emit(root, o_.printable_limit);
    if (over_max()) return;
    value item;
    while (!stack_.empty()) {
      print_frame& f = stack_.back();
      std::size_t shown = f.is_map ? f.index / 2 : f.index;
      bool at_entry_start = !f.is_map || f.index % 2 == 0;
      if (at_entry_start && shown >= item_limit(f)) {
        close(f, shown, has_more(f));
        continue;
      }
      if (!f.next(ctx(f), item)) {
        close(f, shown, false);
        continue;
      }
      tick();
      if (f.index > 1) {
        if (f.is_map)
          out_ += (f.index % 2 == 0) ? " " : (o_.map_commas ? ", " : " ");
        else
          out_ += ' ';
      }
      // Map keys print whole (the reference formatter never cut a key); values and items get
      // the frame's budget.
      bool is_key = f.is_map && f.index % 2 == 1;
      emit(item, is_key ? print_options::unlimited : f.item_budget);  // may push a frame
      if (over_max()) return;
    }
    if (pending_) charge_work(pending_);
  }

 private:
  std::size_t item_limit(const print_frame& f) const {
    if (f.src == print_frame::source::lazy && (!c_ || o_.discard) && f.limit > lazy_print_cap)
      return lazy_print_cap;
    return f.limit;
  }

  /// Whether a frame that reached its limit has items left (pulls one from a lazy cursor).
  bool has_more(print_frame& f) {
    if (f.total) return (f.is_map ? f.index / 2 : f.index) < *f.total;
    value probe;
    return f.next(ctx(f), probe);
  }

  /// Writes the closing bracket; a cut frame gets "..." before it and maybe a count after it.
  void close(print_frame& f, std::size_t shown, bool was_cut) {
    if (was_cut) out_ += shown ? " ..." : "...";
    out_ += f.closer;
    if (was_cut && f.counted && f.total)
      out_ += " (" + std::to_string(*f.total) + " items, showing first " + std::to_string(shown) +
              ")";
    stack_.pop_back();
  }

  context* ctx(print_frame& f) {
    if (f.src != print_frame::source::lazy || c_) return c_;
    if (!own_ctx_) {
      // Inside a run (an error message describing a lazy seq) its realisation is the run's
      // work, under the run's limits; outside one, a private budget bounds it.
      budget* b = budget::active();
      if (!b) {
        own_budget_ = std::make_unique<budget>();
        b = own_budget_.get();
      }
      own_ctx_ = std::make_unique<context>(*b, nullptr);
    }
    return own_ctx_.get();
  }

  /// One item printed. With a context its budget ticks (inline); without one the work is
  /// charged to the thread's active budget every 256 items (charge_work is out of line).
  void tick() {
    if (!c_) {
      if (++pending_ >= 256) {
        charge_work(pending_);
        pending_ = 0;
      }
      return;
    }
    c_->tick();
    if ((++ticks_ & 1023) == 0) c_->limits().preflight(out_.size());
  }
  /// Copying string text: one unit per 64 bytes, so printing one long string many times is
  /// charged for its length.
  void charge_bytes(std::size_t n) {
    if (n < 64) return;
    if (c_) c_->limits().tick(n >> 6);
    else pending_ += n >> 6;
  }

  /// After each item: drops the text in discard mode, and reacts to passing max_bytes (the
  /// string limit error, or a stop with "..."). True when printing must stop.
  bool over_max() {
    if (o_.discard && out_.size() > 4096) {
      dropped_ += out_.size();
      out_.clear();
    }
    if (dropped_ + out_.size() <= o_.max_bytes) return false;
    if (pending_) charge_work(std::exchange(pending_, 0));
    if (!o_.stop_at_max) string_limit_error(o_.what, o_.max_bytes);
    out_ += "...";
    stack_.clear();
    return true;
  }

  /// Opens `f`. Under a finite printable limit (the prompt formatter) a map shares its budget
  /// among its values, as the reference formatter did (TRN-001/002): it shows at most
  /// max(budget / 30, 1) entries, and each value gets max((budget - 10 * shown) / shown, 10)
  /// characters of its own, so a nested sample stays about as long as its budget.
  void push(print_frame&& f, const value& owner, const char* opener, std::size_t budget) {
    f.limit = o_.limit;
    f.item_budget = budget;
    if (f.is_map && budget != print_options::unlimited) {
      f.limit = std::min(f.limit, std::max<std::size_t>(budget / 30, 1));
      std::size_t shown = std::min(f.limit, f.total.value_or(f.limit));
      if (shown > 0) {
        std::size_t overhead = 10 * shown;
        f.item_budget = std::max<std::size_t>(budget > overhead ? (budget - overhead) / shown : 0, 10);
      }
    }
    f.owner = owner;
    out_ += opener;
    stack_.push_back(std::move(f));
  }

  void emit(const value& v, std::size_t budget) {
    switch (v.kind()) {
      case type::nil: out_ += "nil"; return;
      case type::boolean: out_ += v.as_bool() ? "true" : "false"; return;
      case type::integer: {
        char buf[24];
        auto r = std::to_chars(buf, buf + sizeof buf, v.as_int());
        out_.append(buf, r.ptr);
        return;
      }
      case type::floating: out_ += format_double(v.as_double()); return;
      case type::character: emit_char(v.as_char()); return;
      case type::date:
        // Clojure: #object[java.time.LocalDate 0x1b2c3d4e "2024-01-15"]; the identity hash is
        // left out (it differs on every run). print leaves the text unquoted, as Clojure does.
        out_ += "#object[java.time.LocalDate ";
        if (o_.readably) out_ += '"';
        out_ += date::iso_text(v.as_epoch_day());
        if (o_.readably) out_ += '"';
        out_ += ']';
        return;
      case type::string: emit_string(v.as<string_obj>(), budget); return;
      case type::keyword: out_ += ':'; out_ += named(v).full(); return;
      case type::symbol: out_ += named(v).full(); return;
      case type::function:
        out_ += "#function[";
        out_ += v.as<function_obj>().name();
        out_ += ']';
        return;
      case type::regex:
        out_ += "#\"";
        out_ += v.as<regex_obj>().source();
        out_ += '"';
        return;
      case type::var: {
        const std::string& name = v.as<var_obj>().name();
        out_ += "#'";
        if (name.find('/') == std::string::npos || name == "/") out_ += "user/";
        out_ += name;
        return;
      }
      case type::reduced: {
        print_frame f;
        f.items.push_back(reduced_value(v));
        f.total = 1;
        f.closer = "]";
        f.counted = false;
        push(std::move(f), v, "#reduced[", budget);
        return;
      }
      case type::exception: {
        // Clojure prints a multi-line #error {:cause ... :via ... :trace ...}; we keep the
        // parts a program can see: the message and the ex-data.
        const auto& e = v.as<exception_obj>();
        print_frame f;
        f.items = {keyword("cause"), make_string(e.message())};
        if (!e.data().is_nil()) {
          f.items.push_back(keyword("data"));
          f.items.push_back(e.data());
        }
        f.total = f.items.size() / 2;
        f.closer = "}";
        f.is_map = true;
        f.counted = false;
        push(std::move(f), v, "#error {", budget);
        return;
      }
      case type::vector: {
        print_frame f;
        f.src = print_frame::source::vector;
        f.vec = &v.as<vector_obj>();
        f.total = f.vec->size();
        f.closer = "]";
        push(std::move(f), v, "[", budget);
        return;
      }
      case type::list: {
        print_frame f;
        f.src = print_frame::source::list;
        f.cell = &v.as<list_obj>();
        f.total = f.cell->size();
        push(std::move(f), v, "(", budget);
        return;
      }
      case type::lazy_seq: {
        const auto& lz = v.as<lazy_seq_obj>();
        print_frame f;
        f.src = print_frame::source::lazy;
        f.cursor = lz.start();
        f.total = lz.known_size();
        push(std::move(f), v, "(", budget);
        return;
      }
      case type::map: {
        print_frame f;
        const auto& m = v.as<map_obj>();
        f.total = m.size();
        f.items.reserve(m.size() * 2);
        m.each([&](const value& k, const value& val) {
          f.items.push_back(k);
          f.items.push_back(val);
          return true;
        });
        f.closer = "}";
        f.is_map = true;
        f.counted = false;  // maps show "..." without a count (TRN-004)
        push(std::move(f), v, "{", budget);
        return;
      }
      case type::set: {
        print_frame f;
        f.items = set_print_order(v.as<set_obj>());
        f.total = f.items.size();
        f.closer = "}";
        push(std::move(f), v, "#{", budget);
        return;
      }
    }
  }

  void emit_char(char32_t ch) {
    if (!o_.readably) {
      append_utf8(out_, ch);
      return;
    }
    out_ += '\\';
    if (const char* name = char_name(ch))
      out_ += name;
    else
      append_utf8(out_, ch);
  }

  void emit_string(const string_obj& s, std::size_t budget) {
    std::string_view text = s.text();
    charge_bytes(text.size());
    bool cut = s.length() > budget;
    if (cut) text = text.substr(0, s.byte_offset(budget));
    if (o_.readably) {
      append_quoted(out_, text);
      if (cut) out_.insert(out_.size() - 1, "...");
    } else {
      out_ += text;
      if (cut) out_ += "...";
    }
  }

  std::string& out_;
  const print_options& o_;
  context* c_;
  std::vector<print_frame> stack_;
  std::uint64_t ticks_ = 0;
  std::uint64_t pending_ = 0;  // work not charged yet (no context)
  std::size_t dropped_ = 0;    // bytes dropped in discard mode
  std::unique_ptr<budget> own_budget_;
  std::unique_ptr<context> own_ctx_;
};

}  // namespace

void append_quoted(std::string& out, std::string_view s) {
  out += '"';
  for (char ch : s) {
    switch (ch) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      case '\b': out += "\\b"; break;
      case '\f': out += "\\f"; break;
      default: out += ch;
    }
  }
  out += '"';
}

void print_value(std::string& out, const value& v, const print_options& o, context* c) {
  engine(out, o, c).run(v);
}

}  // namespace ptc::lisp
