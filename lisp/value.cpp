#include "ptc/lisp/value.hpp"

#include <bit>
#include <cstring>

#include "ptc/lisp/budget.hpp"
#include "ptc/lisp/date.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/list.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/set.hpp"
#include "ptc/lisp/string.hpp"
#include "ptc/lisp/vector.hpp"

namespace ptc::lisp {

const char* type_name(type t) {
  switch (t) {
    case type::nil: return "nil";
    case type::boolean: return "boolean";
    case type::integer: return "integer";
    case type::floating: return "double";
    case type::character: return "character";
    case type::date: return "date";
    case type::string: return "string";
    case type::keyword: return "keyword";
    case type::symbol: return "symbol";
    case type::list: return "list";
    case type::vector: return "vector";
    case type::map: return "map";
    case type::set: return "set";
    case type::function: return "function";
    case type::regex: return "regex";
    case type::lazy_seq: return "lazy sequence";
    case type::var: return "var";
    case type::reduced: return "reduced value";
    case type::exception: return "exception";
  }
  return "value";
}

namespace {

// Equality, hashing and comparison walk nested collections with an explicit stack, so no
// nesting depth can overflow the native stack (fiber stacks are small). The walk stops with a
// limit error past max_depth levels. A few steps call back into these functions (a set's
// membership test, a map lookup by a collection key); such nested calls are counted and
// bounded too.
constexpr std::size_t max_depth = 10'000;
constexpr int max_nested_calls = 100;

// Nested walks outside any run (no budget: nothing can suspend the walk, so a thread-local
// count is exact). Inside a run the walk may suspend and resume on another thread (the budget's
// time slice), so the run's budget counts them instead.
thread_local int tls_nested_calls = 0;

[[noreturn]] void too_deep(const char* what) {
  raise(error_kind::limit, std::string("cannot ") + what + " a value nested this deeply");
}

// One walk over a value. Context: a value can be a DAG of shared collections (a 40-level
// doubling vector is 2^40 nodes when walked), so a walk must pay for what it visits. Decision:
// the walk counts the nodes it visits and charges them to the run's budget every `batch`
// nodes and at its end: the step limit, the deadline and the time slice then hold inside it.
// The budget pointer is taken once per walk (it is the run's, valid across a suspension); the
// per-node cost is an increment and a compare. A nested walk (a set's membership test inside
// an equality) is a nested call of the run, so the native stack stays bounded.
class walk_scope {
 public:
  explicit walk_scope(const char* what) : b_(budget::active()) {
    if (b_) {
      b_->enter_call();
    } else if (++tls_nested_calls > max_nested_calls) {
      --tls_nested_calls;
      too_deep(what);
    }
  }
  ~walk_scope() {
    if (b_) b_->leave_call();
    else --tls_nested_calls;
  }
  walk_scope(const walk_scope&) = delete;
  walk_scope& operator=(const walk_scope&) = delete;

  /// One node visited.
  void step() {
    if (++n_ >= batch) flush();
  }
  /// `units` of work at once (a long string compared).
  void add(std::uint64_t units) {
    n_ += units;
    if (n_ >= batch) flush();
  }
  /// Charges what is left; called when the walk ends normally.
  void finish() { flush(); }

 private:
  static constexpr std::uint64_t batch = 64;
  void flush() {
    std::uint64_t n = n_;
    n_ = 0;
    if (b_ && n) b_->tick(n);
  }
  budget* b_;
  std::uint64_t n_ = 0;
};

// Comparing two texts costs about one unit per this many bytes.
constexpr std::size_t text_bytes_per_unit = 256;

// ---- cached hashes ---------------------------------------------------------------------------

// A collection's hash_cache holds its hash (62 bits) with two flags: present (0 is "not
// computed") and pure: no sorted collection anywhere inside. Sorted collections look keys up
// with their comparator, so (= [(sorted-set 1)] [#{1.0}]) holds although the hashes differ;
// only between two pure values do different hashes prove inequality.
constexpr std::uint64_t cache_present = 1ull << 63;
constexpr std::uint64_t cache_pure = 1ull << 62;
constexpr std::uint64_t hash_mask = cache_pure - 1;

const detail::hash_cache* cache_of(const value& v) {
  switch (v.kind()) {
    case type::list: return &v.as<list_obj>().cached_hash();
    case type::vector: return &v.as<vector_obj>().cached_hash();
    case type::map: return &v.as<map_obj>().cached_hash();
    case type::set: return &v.as<set_obj>().cached_hash();
    default: return nullptr;
  }
}

// The cache bits of a collection (0 when not computed or not a collection).
std::uint64_t cached_bits(const value& v) {
  const detail::hash_cache* c = cache_of(v);
  return c ? c->load() : 0;
}

// True when two collections are certainly unequal by their cached hashes.
bool hashes_differ(const value& a, const value& b) {
  std::uint64_t x = cached_bits(a);
  if (!(x & cache_pure)) return false;  // pure implies present
  std::uint64_t y = cached_bits(b);
  return (y & cache_pure) && ((x ^ y) & hash_mask) != 0;
}

using detail::mix;

bool sequential(type t) { return t == type::list || t == type::vector; }

// Walks a list or a vector item by item.
class seq_walk {
 public:
  seq_walk() = default;
  explicit seq_walk(const value& v) {
    if (v.is(type::list)) {
      const auto& l = v.as<list_obj>();
      cell_ = l.size() ? &l : nullptr;
    } else {
      vec_ = &v.as<vector_obj>();
    }
  }
  const value& next() {
    if (vec_) return vec_->at(i_++);
    const value& x = cell_->first();
    cell_ = cell_->next_cell();
    return x;
  }

 private:
  const list_obj* cell_ = nullptr;
  const vector_obj* vec_ = nullptr;
  std::size_t i_ = 0;
};

std::size_t seq_size(const value& v) {
  return v.is(type::list) ? v.as<list_obj>().size() : v.as<vector_obj>().size();
}

// ---- equality --------------------------------------------------------------------------------

// A pair of collections whose items are being compared: sequential (lists and vectors, mixed)
// or maps.
struct eq_frame {
  bool is_map;
  seq_walk wa, wb;
  std::size_t left = 0;
  const map_obj* ma = nullptr;
  const map_obj* mb = nullptr;
  std::size_t pos = 0;
};

bool set_eq(const set_obj& sa, const set_obj& sb, walk_scope* scope) {
  if (sa.size() != sb.size()) return false;
  // Clojure walks the right-hand set and asks the left one (which matters only when one is a
  // sorted set that cannot compare the other's items: then Clojure answers false or throws).
  return sb.each([&](const value& x) {
    if (scope) scope->step();
    return sa.contains(x);
  });
}

// False when a and b are certainly unequal; true when equal so far (a frame may be pushed).
// `scope` is null only for two scalars (nothing to walk).
bool eq_step(const value& a, const value& b, std::vector<eq_frame>& stack, walk_scope* scope) {
  if (a.kind() != b.kind()) {
    if (!sequential(a.kind()) || !sequential(b.kind())) return false;
  } else {
    switch (a.kind()) {
      case type::nil: return true;
      case type::boolean: return a.as_bool() == b.as_bool();
      case type::integer: return a.as_int() == b.as_int();
      case type::floating: return a.as_double() == b.as_double();  // NaN differs; -0.0 == 0.0
      case type::character: return a.as_char() == b.as_char();
      case type::date: return a.as_epoch_day() == b.as_epoch_day();
      default: break;
    }
    if (a.obj() == b.obj()) return true;
  }
  switch (a.kind()) {
    case type::string: {
      const auto& sa = a.as<string_obj>();
      const auto& sb = b.as<string_obj>();
      return sa.text().size() == sb.text().size() && sa.hash() == sb.hash() &&
             sa.text() == sb.text();
    }
    case type::list:
    case type::vector: {
      if (hashes_differ(a, b)) return false;
      std::size_t n = seq_size(a);
      if (n != seq_size(b)) return false;
      if (n == 0) return true;
      if (stack.size() >= max_depth) too_deep("compare");
      stack.push_back({false, seq_walk(a), seq_walk(b), n});
      return true;
    }
    case type::map: {
      const auto& ma = a.as<map_obj>();
      const auto& mb = b.as<map_obj>();
      if (ma.size() != mb.size() || hashes_differ(a, b)) return false;
      if (stack.size() >= max_depth) too_deep("compare");
      stack.push_back({true, seq_walk(), seq_walk(), 0, &ma, &mb, 0});
      return true;
    }
    case type::set:
      return !hashes_differ(a, b) && set_eq(a.as<set_obj>(), b.as<set_obj>(), scope);
    // Keywords and symbols are interned; functions, regexes, vars and lazy seqs compare by
    // identity. (A lazy seq is a recipe, not data: callers realise it before comparing it with
    // a collection, so a lazy seq equals only itself here.)
    default: return false;
  }
}

bool eq_walk(const value& a, const value& b, walk_scope& scope) {
  std::vector<eq_frame> stack;
  if (!eq_step(a, b, stack, &scope)) return false;
  while (!stack.empty()) {
    scope.step();
    eq_frame& f = stack.back();
    if (!f.is_map) {
      if (f.left == 0) {
        stack.pop_back();
        continue;
      }
      --f.left;
      const value& x = f.wa.next();
      const value& y = f.wb.next();
      if (!eq_step(x, y, stack, &scope)) return false;  // f may be invalid from here on
    } else {
      if (f.pos >= f.ma->positions()) {
        stack.pop_back();
        continue;
      }
      const value* k = f.ma->entry_at(f.pos++);
      if (!k) continue;
      const value* w = f.mb->find(*k);
      if (!w || !eq_step(k[1], *w, stack, &scope)) return false;
    }
  }
  return true;
}

// ---- hashing ---------------------------------------------------------------------------------

// Child hashes fold into their parent's accumulator, so a frame stays until its children are done.
struct hash_frame {
  type kind;  // list/vector, map or set
  seq_walk walk;
  std::size_t left = 0;
  const object* coll = nullptr;
  std::size_t pos = 0;
  const value* key = nullptr;  // map: the current entry's key
  bool want_value = false;     // map: the key is hashed (key_hash), the value is next
  std::uint64_t key_hash = 0;
  std::uint64_t acc = 0;
  const detail::hash_cache* cache = nullptr;  // where the result goes
  bool pure = true;                           // no sorted collection inside (cache_pure)
};

// The hash of a scalar or of a collection whose hash is cached into `out` (true), or pushes a
// frame for a collection (false). `pure` is cleared when a sorted collection is inside.
bool hash_start(const value& v, std::uint64_t& out, bool& pure, std::vector<hash_frame>& stack) {
  switch (v.kind()) {
    case type::nil: out = 0x6E696C; return true;
    case type::boolean: out = v.as_bool() ? 0x74727565 : 0x66616C7365; return true;
    case type::integer: out = detail::hash_integer(v.as_int()); return true;
    case type::floating: {
      double d = v.as_double();
      if (d == 0) d = 0.0;  // -0.0 equals 0.0, so they must hash alike
      out = mix(std::bit_cast<std::uint64_t>(d) ^ 0xD0B1E);
      return true;
    }
    case type::character:
      out = mix(static_cast<std::uint64_t>(v.as_char()) ^ (0xC4A5ull << 32));
      return true;
    case type::date: out = mix(static_cast<std::uint64_t>(v.as_epoch_day()) ^ 0xDA7E0000ull); return true;
    case type::string:  // the text's hash: map.cpp's flex lookup relies on it
      out = v.as<string_obj>().hash();
      return true;
    case type::keyword: out = mix(named(v).hash() + 1); return true;
    case type::symbol: out = mix(named(v).hash() + 2); return true;
    case type::list:
    case type::vector:
    case type::map:
    case type::set: {
      const detail::hash_cache* cache = cache_of(v);
      if (std::uint64_t bits = cache->load()) {
        out = bits & hash_mask;
        if (!(bits & cache_pure)) pure = false;
        return true;
      }
      if (stack.size() >= max_depth) too_deep("hash");
      hash_frame f{v.kind(), sequential(v.kind()) ? seq_walk(v) : seq_walk()};
      f.coll = v.obj();
      f.cache = cache;
      if (v.is(type::map)) f.pure = !v.as<map_obj>().sorted();
      else if (v.is(type::set)) f.pure = !v.as<set_obj>().sorted();
      if (sequential(v.kind())) {
        f.left = seq_size(v);
        f.acc = 0x5EB1;  // the same for lists and vectors: equal ones must hash alike
      } else {
        f.acc = v.is(type::map) ? 0x4D4150 : 0x534554;
      }
      stack.push_back(f);
      return false;
    }
    default: out = mix(reinterpret_cast<std::uintptr_t>(v.obj())); return true;
  }
}

// Folds a child's hash into f. Maps and sets sum their entries, so order does not matter.
void hash_fold(hash_frame& f, std::uint64_t h) {
  if (f.kind == type::map) {
    if (!f.want_value) {
      f.key_hash = h;
      f.want_value = true;
    } else {
      f.acc += mix(f.key_hash * 31 + h);
      f.want_value = false;
    }
  } else if (f.kind == type::set) {
    f.acc += mix(h);
  } else {
    f.acc = f.acc * 31 + h;
  }
}

// The next child to hash, or null when the frame is done.
const value* hash_next(hash_frame& f) {
  switch (f.kind) {
    case type::map: {
      if (f.want_value) return f.key + 1;  // a map entry's value follows its key
      const auto* m = static_cast<const map_obj*>(f.coll);
      while (f.pos < m->positions())
        if ((f.key = m->entry_at(f.pos++))) return f.key;
      return nullptr;
    }
    case type::set: {
      const auto* s = static_cast<const set_obj*>(f.coll);
      while (f.pos < s->positions())
        if (const value* x = s->entry_at(f.pos++)) return x;
      return nullptr;
    }
    default:
      if (f.left == 0) return nullptr;
      --f.left;
      return &f.walk.next();
  }
}

// Hashes a collection whose hash is not cached yet, caching it and every collection inside
// that had none: each distinct collection is hashed once, however often it is shared.
std::uint64_t hash_walk(const value& v, walk_scope& scope) {
  std::vector<hash_frame> stack;
  std::uint64_t h;
  bool pure = true;
  if (hash_start(v, h, pure, stack)) return h;
  for (;;) {
    scope.step();
    hash_frame& f = stack.back();
    const value* child = hash_next(f);
    if (!child) {
      h = (sequential(f.kind) ? mix(f.acc) : f.acc) & hash_mask;
      pure = f.pure;
      f.cache->store(h | cache_present | (pure ? cache_pure : 0));
      stack.pop_back();
      if (stack.empty()) return h;
      hash_frame& parent = stack.back();
      parent.pure = parent.pure && pure;
      hash_fold(parent, h);
      continue;
    }
    pure = true;
    if (hash_start(*child, h, pure, stack)) {
      hash_frame& parent = stack.back();
      parent.pure = parent.pure && pure;
      hash_fold(parent, h);
    }
  }
}

// ---- compare ---------------------------------------------------------------------------------

// Java's String.compareTo over UTF-16 units, which Clojure's compare returns as is: the
// difference of the first differing units, else the difference of the lengths. `i` is where
// the comparison starts: the start of a character, with a and b equal before it.
int compare_text_from(std::string_view a, std::string_view b, std::size_t i) {
  std::size_t j = i;
  while (i < a.size() && j < b.size()) {
    unsigned char x = static_cast<unsigned char>(a[i]), y = static_cast<unsigned char>(b[j]);
    if (x < 0x80 && y < 0x80) {
      if (x != y) return int(x) - int(y);
      ++i, ++j;
      continue;
    }
    char32_t ca = decode_utf8(a, i), cb = decode_utf8(b, j);
    if (ca == cb) continue;
    auto unit = [](char32_t c, int k) -> int {
      if (c < 0x10000) return k == 0 ? int(c) : -1;
      c -= 0x10000;
      return k == 0 ? int(0xD800 + (c >> 10)) : int(0xDC00 + (c & 0x3FF));
    };
    if (unit(ca, 0) != unit(cb, 0)) return unit(ca, 0) - unit(cb, 0);
    return unit(ca, 1) - unit(cb, 1);  // equal high surrogates: both are astral
  }
  auto units = [](std::string_view s, std::size_t pos) {
    int n = 0;
    while (pos < s.size()) n += decode_utf8(s, pos) >= 0x10000 ? 2 : 1;
    return n;
  };
  return units(a, i) - units(b, j);
}

// The common prefix a word at a time (sorting strings compares many equal and
// equal-prefixed texts), then the unit comparison from the start of the character that differs.
int compare_text(std::string_view a, std::string_view b) {
  const std::size_t n = std::min(a.size(), b.size());
  std::size_t k = 0;
  bool differs = false;
  for (; k + 8 <= n; k += 8) {
    std::uint64_t x, y;
    std::memcpy(&x, a.data() + k, 8);
    std::memcpy(&y, b.data() + k, 8);
    if (const std::uint64_t d = x ^ y) {  // the first differing byte of the word
      k += static_cast<std::size_t>(std::endian::native == std::endian::little ? std::countr_zero(d)
                                                                                : std::countl_zero(d)) / 8;
      differs = true;
      break;
    }
  }
  if (!differs) {
    while (k < n && a[k] == b[k]) ++k;
    if (k == n && a.size() == b.size()) return 0;
  }
  if (k < n) {
    const auto x = static_cast<unsigned char>(a[k]), y = static_cast<unsigned char>(b[k]);
    if (x < 0x80 && y < 0x80) return int(x) - int(y);
  }
  // a[0, k) == b[0, k): back up to the first byte of the character at k (a continuation byte
  // in either text means the character began earlier, identically in both).
  auto continuation = [](std::string_view s, std::size_t p) {
    return p < s.size() && (static_cast<unsigned char>(s[p]) & 0xC0) == 0x80;
  };
  while (k > 0 && (continuation(a, k) || continuation(b, k))) --k;
  return compare_text_from(a, b, k);
}

// Clojure's Symbol.compareTo (keywords compare their symbols): no namespace first.
int compare_named(const named_obj& a, const named_obj& b) {
  if (&a == &b) return 0;
  if (a.ns().empty() && !b.ns().empty()) return -1;
  if (!a.ns().empty()) {
    if (b.ns().empty()) return 1;
    if (int c = compare_text(a.ns(), b.ns())) return c;
  }
  return compare_text(a.name(), b.name());
}

const char* plural(type t) {
  switch (t) {
    case type::list: return "lists";
    case type::map: return "maps";
    case type::set: return "sets";
    case type::function: return "functions";
    case type::regex: return "regexes";
    case type::lazy_seq: return "lazy sequences";
    case type::var: return "vars";
    case type::exception: return "exceptions";
    default: return "values of this type";
  }
}

[[noreturn]] void incomparable(const value& a, const value& b) {
  if (a.kind() == b.kind())
    raise(error_kind::type, std::string("cannot compare ") + plural(a.kind()) +
                                ": compare works on numbers, strings, keywords, symbols, "
                                "characters, booleans, nil and vectors");
  raise(error_kind::type, "cannot compare " + errors::describe_type(a) + " with " +
                              errors::describe_type(b));
}

// Compares two values without looking inside vectors; for two vectors of equal size it pushes
// a frame (pushed = true) whose items are compared next.
struct cmp_frame {
  const vector_obj* a;
  const vector_obj* b;
  std::size_t i;
};

// `scope` is null for a comparison that cannot walk (no vector on either side).
int cmp_step(const value& a, const value& b, std::vector<cmp_frame>& stack, bool& pushed,
             walk_scope* scope) {
  pushed = false;
  if (a.kind() >= type::keyword && a.kind() == b.kind() && a.obj() == b.obj()) return 0;  // as Clojure: k1 == k2
  if (a.is_nil()) return b.is_nil() ? 0 : -1;
  if (b.is_nil()) return 1;
  if (a.is_number()) {
    if (!b.is_number()) incomparable(a, b);
    if (a.is(type::integer) && b.is(type::integer))
      return a.as_int() < b.as_int() ? -1 : a.as_int() > b.as_int() ? 1 : 0;
    double x = a.as_number(), y = b.as_number();
    return x < y ? -1 : y < x ? 1 : 0;  // NaN compares as 0 with anything, as in Clojure
  }
  if (a.kind() != b.kind()) incomparable(a, b);
  switch (a.kind()) {
    case type::boolean: return a.as_bool() == b.as_bool() ? 0 : a.as_bool() ? 1 : -1;
    case type::character:
      return static_cast<int>(a.as_char()) - static_cast<int>(b.as_char());
    case type::date: return date::compare(a.as_epoch_day(), b.as_epoch_day());
    case type::string: {
      const std::string& x = string_text(a);
      const std::string& y = string_text(b);
      if (!scope) return compare_strings(x, y);
      if (std::size_t n = std::min(x.size(), y.size()); n >= text_bytes_per_unit) scope->add(n / text_bytes_per_unit);
      return compare_text(x, y);
    }
    case type::keyword:
    case type::symbol: return compare_named(named(a), named(b));
    case type::vector: {
      const auto& va = a.as<vector_obj>();
      const auto& vb = b.as<vector_obj>();
      if (va.size() != vb.size()) return va.size() < vb.size() ? -1 : 1;  // length first
      if (stack.size() >= max_depth) too_deep("compare");
      stack.push_back({&va, &vb, 0});
      pushed = true;
      return 0;
    }
    default: incomparable(a, b);
  }
}

int cmp_walk(const value& a, const value& b, walk_scope& scope) {
  std::vector<cmp_frame> stack;
  bool pushed;
  int c = cmp_step(a, b, stack, pushed, &scope);
  if (!pushed) return c;
  while (!stack.empty()) {
    scope.step();
    cmp_frame& f = stack.back();
    if (f.i == f.a->size()) {
      stack.pop_back();
      continue;
    }
    std::size_t i = f.i++;
    c = cmp_step(f.a->at(i), f.b->at(i), stack, pushed, &scope);  // f may be invalid from here on
    if (!pushed && c != 0) return c;
  }
  return 0;
}

}  // namespace

bool equal(const value& a, const value& b) {
  // Fast paths for what map lookups and grouping compare most: same object, strings, scalars.
  if (a.kind() == b.kind()) {
    switch (a.kind()) {
      case type::nil: return true;
      case type::boolean: return a.as_bool() == b.as_bool();
      case type::integer: return a.as_int() == b.as_int();
      case type::floating: return a.as_double() == b.as_double();
      case type::character: return a.as_char() == b.as_char();
      case type::date: return a.as_epoch_day() == b.as_epoch_day();
      case type::keyword:
      case type::symbol: return a.obj() == b.obj();
      case type::string: return same_text(a, b);
      default:
        if (a.obj() == b.obj()) return true;
        break;
    }
  }
  if (!a.is_heap() || !b.is_heap()) {
    std::vector<eq_frame> none;  // scalars push nothing and allocate nothing
    return eq_step(a, b, none, nullptr);
  }
  if (hashes_differ(a, b)) return false;
  walk_scope scope("compare");
  bool r = eq_walk(a, b, scope);
  scope.finish();
  return r;
}

bool numeric_equal(const value& a, const value& b) {
  if (a.is(type::integer) && b.is(type::integer)) return a.as_int() == b.as_int();
  return a.as_number() == b.as_number();
}

int compare_strings(std::string_view a, std::string_view b) {
  if (std::size_t n = std::min(a.size(), b.size()); n >= text_bytes_per_unit) charge_work(n / text_bytes_per_unit);
  return compare_text(a, b);
}

int compare_values(const value& a, const value& b) {
  if (!a.is(type::vector) || !b.is(type::vector)) {
    std::vector<cmp_frame> none;  // only two vectors push a frame
    bool pushed;
    return cmp_step(a, b, none, pushed, nullptr);
  }
  walk_scope scope("compare");
  int c = cmp_walk(a, b, scope);
  scope.finish();
  return c;
}

std::uint64_t detail::hash_any(const value& v) {
  if (const detail::hash_cache* cache = cache_of(v)) {
    if (std::uint64_t bits = cache->load()) return bits & hash_mask;
    walk_scope scope("hash");
    std::uint64_t h = hash_walk(v, scope);
    scope.finish();
    return h;
  }
  std::vector<hash_frame> none;  // scalars push nothing and allocate nothing
  std::uint64_t h = 0;
  bool pure = true;
  hash_start(v, h, pure, none);
  return h;
}

}  // namespace ptc::lisp
