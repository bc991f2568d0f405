#pragma once
// The PTC-Lisp value model.
//
// Context: programs are small but run by the thousand, and LLM code leans on maps, vectors and
// strings built in loops (`reduce` + `assoc`). Values cross threads (a run may be resumed on
// another thread; results travel between actors).
//
// Decision: a 16-byte tagged `value`. nil, booleans, 64-bit integers, doubles and characters
// live inline; everything else is an immutable heap `object` with an atomic intrusive reference
// count. Keywords are interned (pointer identity is keyword equality) and immortal. Collections
// are persistent (structural sharing), so `assoc` in a loop is O(log n), never a full copy.
// Maps and sets keep insertion order (a documented difference from Clojure's hash maps).
//
// Consequences: copying a value is a refcount increment; nothing is ever mutated after it is
// published. Freeing is iterative (see object.hpp), so a million-deep nested value cannot
// overflow the stack when it dies. Every heap allocation is charged to the budget of the run that
// made it (memory limit), and credited back when freed during that run.
#include <atomic>
#include <cstdint>
#include <new>
#include <string>
#include <string_view>
#include <utility>

#include "ptc/lisp/object.hpp"

namespace ptc::lisp {

/// The kinds of value a program can see. The order is part of no contract.
enum class type : std::uint8_t {
  nil,
  boolean,
  integer,
  floating,
  character,
  date,      ///< java.time.LocalDate: inline, the payload is the epoch day (date.hpp)
  // Keywords and symbols point to interned, immortal names (string.cpp): a copy counts no
  // reference, so they sit before the counted kinds.
  keyword,
  symbol,
  // counted heap kinds below
  string,
  list,      ///< realised seq; prints as (a b c)
  vector,
  map,
  set,
  function,  ///< builtins, closures, and function-like helpers (juxt, partial, ...)
  regex,
  lazy_seq,  ///< infinite or generated sequence (range, iterate, repeat, cycle, repeatedly)
  var,       ///< what def returns: #'user/name
  reduced,   ///< (reduced x), the box that stops reduce (seq.hpp)
  exception, ///< what (ex-info ...) makes and catch binds (exception.hpp)
};

/// The user-facing name of a type, as error messages show it ("integer", "map", ...).
const char* type_name(type t);

class value {
 public:
  value() noexcept : tag_(type::nil), i_(0) {}
  value(const value& o) noexcept : tag_(o.tag_), i_(o.i_) {
    if (is_heap()) o_->retain();
  }
  value(value&& o) noexcept : tag_(o.tag_), i_(o.i_) { o.tag_ = type::nil; }
  // Both assignments read the source before releasing the old payload: `o` may live inside
  // the object this value is about to release (acc = (reduced-value acc)).
  [[gnu::always_inline]] value& operator=(const value& o) noexcept {
    const type t = o.tag_;
    const std::int64_t bits = o.i_;
    if (o.is_heap()) o.o_->retain();
    release();
    tag_ = t;
    i_ = bits;
    return *this;
  }
  [[gnu::always_inline]] value& operator=(value&& o) noexcept {
    if (this != &o) {
      const type t = o.tag_;
      const std::int64_t bits = o.i_;
      o.tag_ = type::nil;
      release();
      tag_ = t;
      i_ = bits;
    }
    return *this;
  }
  [[gnu::always_inline]] ~value() { release(); }

  static value nil() { return {}; }
  static value boolean(bool b) { value v; v.tag_ = type::boolean; v.i_ = b ? 1 : 0; return v; }
  static value integer(std::int64_t i) { value v; v.tag_ = type::integer; v.i_ = i; return v; }
  static value floating(double d) { value v; v.tag_ = type::floating; v.d_ = d; return v; }
  static value character(char32_t c) { value v; v.tag_ = type::character; v.i_ = static_cast<std::int64_t>(c); return v; }
  /// A LocalDate: days since 1970-01-01. The caller has checked the range (date::make_date).
  static value date(std::int64_t epoch_day) { value v; v.tag_ = type::date; v.i_ = epoch_day; return v; }
  /// Takes over one reference to `o` (a freshly made object has count 1). `o` must not be null.
  static value adopt(type t, object* o) { value v; v.tag_ = t; v.o_ = o; return v; }
  /// Shares `o`: adds a reference.
  static value share(type t, object* o) { o->retain(); return adopt(t, o); }
  /// x's tag and payload with no reference counted: a loan (closure.hpp), whose holder puts
  /// nil back before x can go, without running this value's destructor. Copied field by field
  /// as values are written: a 16-byte block copy of a value just written as its two fields
  /// waits for both stores to retire (no store-to-load forwarding), ~15% of a fused pipeline.
  static value borrowed(const value& x) noexcept { value v; v.tag_ = x.tag_; v.i_ = x.i_; return v; }
  /// Sets this value, which the caller knows is nil (a fresh temporary, as eval_ref's `tmp`),
  /// to v: an assignment without its test of the old value. (A value that is not nil here is a
  /// bug the sanitizer build reports: UBSan checks __builtin_unreachable.)
  [[gnu::always_inline]] void fill(value&& v) noexcept {
    if (!is_nil()) __builtin_unreachable();
    tag_ = v.tag_;
    i_ = v.i_;
    v.tag_ = type::nil;
  }

  /// Takes over the payload of `src`, a value made in raw storage (placement new) that is then
  /// treated as raw storage again: neither destroyed nor read. An assignment without the
  /// moved-from source's nil store and destructor test (recur's argument temporaries).
  [[gnu::always_inline]] void take_from_raw(value& src) noexcept {
    const type t = src.tag_;
    const std::int64_t bits = src.i_;
    release();
    tag_ = t;
    i_ = bits;
  }

  /// Sets this value to the long i (an assignment of value::integer(i) without its temporary).
  [[gnu::always_inline]] void set_integer(std::int64_t i) noexcept {
    release();
    tag_ = type::integer;
    i_ = i;
  }

  type kind() const { return tag_; }
  bool is_nil() const { return tag_ == type::nil; }
  bool is(type t) const { return tag_ == t; }
  bool is_heap() const { return tag_ >= type::string; }
  bool is_number() const { return tag_ == type::integer || tag_ == type::floating; }
  /// Only nil and false are falsy.
  bool truthy() const { return !(tag_ == type::nil || (tag_ == type::boolean && !b_)); }

  bool as_bool() const { return b_; }
  std::int64_t as_int() const { return i_; }
  double as_double() const { return d_; }
  /// Integer or double as double.
  double as_number() const { return tag_ == type::integer ? static_cast<double>(i_) : d_; }
  char32_t as_char() const { return c_; }
  std::int64_t as_epoch_day() const { return i_; }
  object* obj() const { return o_; }
  /// The heap object as its concrete type; the caller has checked kind().
  template <class T>
  const T& as() const { return *static_cast<const T*>(o_); }

  /// Identity of the payload (pointer or bits); used for interned keywords and fast paths.
  std::uint64_t raw_bits() const { return static_cast<std::uint64_t>(i_); }

 private:
  [[gnu::always_inline]] void release() noexcept {
    if (!is_heap()) return;
    if (!o_) __builtin_unreachable();  // a heap tag always has its object (tells GCC's -Wnonnull)
    o_->release();
  }
  type tag_;
  union {
    bool b_;
    std::int64_t i_;
    double d_;
    char32_t c_;
    object* o_;
  };
};
static_assert(sizeof(value) == 16);

/// Storage for one value evaluated straight into it (make) and moved out with
/// value::take_from_raw: no temporary's destructor runs, and the assignment does not test
/// whether the target is the temporary. Whoever made a value here and does not move it out
/// destroys it (get().~value()).
class raw_value {
 public:
  raw_value() = default;
  raw_value(const raw_value&) = delete;
  raw_value& operator=(const raw_value&) = delete;
  template <class Make>
  [[gnu::always_inline]] value& make(Make m) {
    return *new (buf_) value(m());
  }
  value& get() { return *std::launder(reinterpret_cast<value*>(buf_)); }

 private:
  alignas(value) unsigned char buf_[sizeof(value)];
};

/// Replaces each of n values in place, in order: slot_at(i) = value_at(i), each made in raw
/// storage and moved in without a temporary (raw_value). Answers whether light(v) held for
/// every new value; `light` sees each one before it is moved in. Should value_at throw, the
/// slots before it hold their new values, the rest their old ones.
template <class Slot, class Make, class Light>
[[gnu::always_inline]] inline bool refill_values(std::size_t n, Slot&& slot_at, Make&& value_at,
                                                 Light&& light) {
  bool all_light = true;
  for (std::size_t i = 0; i < n; ++i) {
    raw_value t;
    value& v = t.make([&] { return value_at(i); });
    all_light &= light(v);
    slot_at(i).take_from_raw(v);
  }
  return all_light;
}

namespace detail {

/// The hash of an immutable collection (list, vector, map, set), filled in the first time it is
/// asked for, as Clojure caches hasheq: hashing shared structure then costs O(distinct nodes),
/// not O(paths). 0 means "not computed yet"; value.cpp owns the encoding. A value may be read
/// by several threads once published; they compute the same bits, so relaxed loads and stores
/// suffice. A collection changed in place (only while the caller holds its sole reference)
/// resets it.
class hash_cache {
 public:
  hash_cache() = default;
  hash_cache(const hash_cache&) = delete;
  hash_cache& operator=(const hash_cache&) = delete;
  std::uint64_t load() const noexcept { return bits_.load(std::memory_order_relaxed); }
  void store(std::uint64_t bits) const noexcept { bits_.store(bits, std::memory_order_relaxed); }
  void reset() noexcept { bits_.store(0, std::memory_order_relaxed); }

 private:
  mutable std::atomic<std::uint64_t> bits_{0};
};

}  // namespace detail

/// Clojure `=`: structural; 1 and 1.0 differ; lists, vectors and seqs with equal items are equal.
bool equal(const value& a, const value& b);
/// Clojure `==` on numbers (the caller checked both are numbers).
bool numeric_equal(const value& a, const value& b);
/// Clojure `compare`: negative, zero or positive. Numbers numerically (ints and doubles mix),
/// strings lexicographically, keywords and symbols by namespace then name, booleans
/// false < true, nil before everything, vectors by length then item by item, characters by code,
/// dates chronologically (as LocalDate.compareTo: year, then month, then day difference).
/// Other mixes (a string and a number, lists, maps, sets) throw a `type` error as Clojure does.
int compare_values(const value& a, const value& b);
/// compare_values for two strings' texts (Java's compareTo over UTF-16 units), charged as it
/// charges them (a unit of work per 256 bytes compared).
int compare_strings(std::string_view a, std::string_view b);

namespace detail {
/// The splitmix64 finaliser every scalar hash goes through.
[[gnu::always_inline]] inline std::uint64_t mix(std::uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}
/// An integer's hash: hash() inline and the walk over a collection's items both use it, so an
/// integer hashes alike alone and inside a collection.
[[gnu::always_inline]] inline std::uint64_t hash_integer(std::int64_t i) {
  return mix(static_cast<std::uint64_t>(i));
}
std::uint64_t hash_any(const value& v);
}  // namespace detail
/// A hash consistent with `equal` (equal values hash alike; order-independent for maps/sets).
/// A collection's hash is computed once and cached in it (detail::hash_cache).
///
/// Equality, comparison and hashing of collections charge one unit of work per node they visit
/// to the budget active on this thread (budget.hpp), so they end with a `limit` error at the
/// step or time limit however much shared structure a value has; they may therefore throw.
/// Inline for integer keys (the common large-map key), whose hash is one mix: the general
/// path costs a call, a switch and an empty walk stack per key.
[[gnu::always_inline]] inline std::uint64_t hash(const value& v) {
  if (v.is(type::integer)) return detail::hash_integer(v.as_int());
  return detail::hash_any(v);
}

/// std::hash of a text, for unordered containers keyed by std::string that are searched with
/// string_views (no key string made per lookup): use with std::equal_to<>.
struct text_hash {
  using is_transparent = void;
  std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>{}(s); }
};

struct value_hash {
  std::size_t operator()(const value& v) const { return static_cast<std::size_t>(hash(v)); }
};
struct value_equal {
  bool operator()(const value& a, const value& b) const { return equal(a, b); }
};

}  // namespace ptc::lisp
