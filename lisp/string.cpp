#include "ptc/lisp/string.hpp"

#include <array>
#include <cstring>
#include <functional>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "ptc/lisp/error.hpp"

namespace ptc::lisp {

// ---- limits --------------------------------------------------------------------------------

void string_limit_error(std::string_view what, std::uint64_t limit) {
  const std::uint64_t mb = limit >> 20;
  const std::string shown = mb > 0 && (mb << 20) == limit ? std::to_string(mb) + " MB"
                                                          : std::to_string(limit) + " bytes";
  raise(error_kind::limit,
        "string limit reached: " + std::string(what) + " would make a string longer than " + shown +
            " (max_string_bytes)",
        "Build less text: take or filter the data first, print counts and samples instead of "
        "whole values, or return the data itself rather than its text");
}

std::uint64_t active_string_limit() {
  if (const budget* b = budget::active()) return b->config().max_string_bytes;
  return limits{}.max_memory_bytes;
}

void charge_scan(std::uint64_t bytes) { charge_work(bytes >> 5); }

// ---- UTF-8 ---------------------------------------------------------------------------------

void append_utf8(std::string& out, char32_t c) {
  if (c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) c = 0xFFFD;
  if (c < 0x80) {
    out += static_cast<char>(c);
  } else if (c < 0x800) {
    out += static_cast<char>(0xC0 | (c >> 6));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else if (c < 0x10000) {
    out += static_cast<char>(0xE0 | (c >> 12));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (c >> 18));
    out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (c & 0x3F));
  }
}

char32_t decode_utf8(std::string_view s, std::size_t& pos) {
  auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
  unsigned char b0 = byte(pos);
  if (b0 < 0x80) {
    ++pos;
    return b0;
  }
  std::size_t need;
  char32_t c;
  char32_t min;
  if ((b0 & 0xE0) == 0xC0) {
    need = 1, c = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    need = 2, c = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    need = 3, c = b0 & 0x07, min = 0x10000;
  } else {
    ++pos;  // stray continuation byte or invalid lead byte
    return 0xFFFD;
  }
  std::size_t i = pos + 1;
  for (std::size_t k = 0; k < need; ++k, ++i) {
    if (i >= s.size() || (byte(i) & 0xC0) != 0x80) {
      pos = i;  // resynchronise at the first byte that does not continue the sequence
      return 0xFFFD;
    }
    c = (c << 6) | (byte(i) & 0x3F);
  }
  pos = i;
  if (c < min || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) return 0xFFFD;
  return c;
}

std::size_t utf8_length(std::string_view s) {
  // ASCII runs are counted eight bytes at a time; only other bytes need decoding.
  std::size_t pos = 0;
  while (pos + 8 <= s.size()) {
    std::uint64_t w;
    std::memcpy(&w, s.data() + pos, 8);
    if (w & 0x8080808080808080ull) break;
    pos += 8;
  }
  std::size_t n = pos;
  while (pos < s.size()) {
    if (static_cast<unsigned char>(s[pos]) < 0x80) {
      ++pos;
    } else {
      decode_utf8(s, pos);
    }
    ++n;
  }
  return n;
}

std::uint64_t hash_text(std::string_view s) {
  std::uint64_t h = std::hash<std::string_view>{}(s);
  // Keep 0 free: string_obj uses it to mean "not computed yet".
  return h ? h : 0x9E3779B97F4A7C15ull;
}

// ---- strings -------------------------------------------------------------------------------

namespace {

// Freed string_obj blocks of this thread, reused by the next ones made here. A block freed on
// another thread than the one that made it simply joins that thread's list. Bounded, and
// returned to the allocator when the thread ends.
struct string_block_pool {
  static constexpr std::size_t max_blocks = 1024;
  struct block {
    block* next;
  };
  block* head = nullptr;
  std::size_t count = 0;
  ~string_block_pool() {
    while (head) {
      block* b = head;
      head = b->next;
      ::operator delete(b);  // unsized: clang before 19 has no sized delete by default
    }
    count = max_blocks;  // strings freed later in the thread's exit go straight to the allocator
  }
};
thread_local string_block_pool string_pool;

}  // namespace

void* string_obj::operator new(std::size_t size) {
  string_block_pool& pool = string_pool;
  if (size == sizeof(string_obj) && pool.head) {
    string_block_pool::block* b = pool.head;
    pool.head = b->next;
    --pool.count;
    return b;
  }
  return ::operator new(size);
}

void string_obj::operator delete(void* p, std::size_t size) noexcept {
  string_block_pool& pool = string_pool;
  if (size == sizeof(string_obj) && pool.count < string_block_pool::max_blocks) {
    auto* b = static_cast<string_block_pool::block*>(p);
    b->next = pool.head;
    pool.head = b;
    ++pool.count;
    return;
  }
  ::operator delete(p);
}

string_obj::string_obj(std::string s) : text_(std::move(s)), length_(utf8_length(text_)) {}
string_obj::string_obj(std::string s, std::size_t length) : text_(std::move(s)), length_(length) {}
namespace {
// Flips the case of the letters first..first+25 in the sizeof(W) ASCII bytes at p at once:
// adding 0x80 - c to a byte below 0x80 sets its high bit exactly when the byte is >= c, without
// a carry into the next byte; bit 5 of the bytes in range is flipped.
template <class W>
void flip_case(char* p, unsigned char first) {
  constexpr W ones = static_cast<W>(0x0101010101010101ull), highs = static_cast<W>(ones * 0x80);
  const W from_first = static_cast<W>(ones * (0x80 - first)), past_last = static_cast<W>(ones * (0x80 - (first + 26)));
  W w;
  std::memcpy(&w, p, sizeof w);
  const W letters = static_cast<W>(static_cast<W>(w + from_first) & ~static_cast<W>(w + past_last) & highs);
  w = static_cast<W>(w ^ (letters >> 2));
  std::memcpy(p, &w, sizeof w);
}
}  // namespace

string_obj::string_obj(std::string_view s, std::size_t length, ascii_case mapping) : text_(s), length_(length) {
  if (mapping == ascii_case::keep) return;
  // ASCII text only: eight bytes at a time, then the rest in at most three steps.
  const unsigned char first = mapping == ascii_case::upper ? 'a' : 'A';
  char* p = text_.data();
  const std::size_t n = text_.size();
  std::size_t i = 0;
  for (; i + 8 <= n; i += 8) flip_case<std::uint64_t>(p + i, first);
  if (i + 4 <= n) flip_case<std::uint32_t>(p + i, first), i += 4;
  if (i + 2 <= n) flip_case<std::uint16_t>(p + i, first), i += 2;
  if (i < n) flip_case<std::uint8_t>(p + i, first);
}

std::size_t string_obj::byte_offset(std::size_t i) const {
  if (ascii()) return i;
  std::size_t pos = 0;
  for (std::size_t k = 0; k < i && pos < text_.size(); ++k) decode_utf8(text_, pos);
  return pos;
}

char32_t string_obj::char_at(std::size_t i) const {
  if (ascii()) return static_cast<unsigned char>(text_[i]);
  std::size_t pos = byte_offset(i);
  return decode_utf8(text_, pos);
}

std::uint64_t string_obj::hash() const {
  std::uint64_t h = hash_.load(std::memory_order_relaxed);
  if (h == 0) {
    h = hash_text(text_);
    hash_.store(h, std::memory_order_relaxed);
  }
  return h;
}

value make_string(std::string s) {
  std::size_t extra = s.capacity() > 15 ? s.capacity() : 0;  // beyond the small-string buffer
  return value::adopt(type::string, make_object<string_obj>(extra, std::move(s)));
}

value make_string_copy(std::string_view s, std::size_t length, ascii_case mapping) {
  std::size_t extra = s.size() > 15 ? s.size() : 0;  // beyond the small-string buffer
  return value::adopt(type::string, make_object<string_obj>(extra, s, length, mapping));
}

value make_string(std::string s, std::size_t length) {
  std::size_t extra = s.capacity() > 15 ? s.capacity() : 0;
  return value::adopt(type::string, make_object<string_obj>(extra, std::move(s), length));
}

// ---- keywords and symbols ------------------------------------------------------------------

namespace {

// Splits "ns/name" at the first slash as Clojure does; "/" alone (and a leading slash) is a name.
std::pair<std::string_view, std::string_view> split_name(std::string_view text) {
  std::size_t slash = text.find('/');
  if (slash == std::string_view::npos || slash == 0 || text == "/") return {{}, text};
  return {text.substr(0, slash), text.substr(slash + 1)};
}

// A thread's cache of the names it interned lately, per kind: the reader and JSON conversion
// intern the same few names over and over, and the table's lock, key string and hash cost
// ~350 instructions a name.
// On the heap, not in thread-local storage itself: the library uses the initial-exec TLS model,
// whose block must fit the static TLS room glibc keeps for libraries loaded with dlopen (about
// 1.6 KiB); two 2 KiB arrays there made every dlopen of libptc_lisp fail ("cannot allocate
// memory in static TLS block").
using recent_names = std::array<named_obj*, 256>;
struct recent_caches {
  recent_names keywords{};
  recent_names symbols{};
};
thread_local recent_caches* tls_recent = nullptr;  // trivially destructible: readable during thread exit
struct recent_owner {
  ~recent_owner() {
    delete tls_recent;
    tls_recent = nullptr;
  }
};
thread_local recent_owner tls_recent_owner;

recent_caches& recent() {
  if (!tls_recent) {
    tls_recent = new recent_caches();
    static_cast<void>(&tls_recent_owner);  // constructs this thread's owner: it frees the caches at exit
  }
  return *tls_recent;
}

// One interning table per kind. Entries are immortal and never removed, so references handed
// out stay valid without locking.
class intern_table {
 public:
  named_obj* find(std::string_view ns, std::string_view name) {
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = table_.find(key(ns, name));
    return it == table_.end() ? nullptr : it->second.get();
  }

  /// The interned name: from this thread's cache of recent names when there, else from the
  /// table under its lock (the cache holds only immortal objects, so it never goes stale).
  named_obj* intern(std::string_view ns, std::string_view name, recent_names& recent) {
    std::uint64_t h = 14695981039346656037ull;  // FNV-1a over ns, a separator and name
    auto mix = [&h](std::string_view part) {
      for (char ch : part) h = (h ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
    };
    mix(ns);
    h = (h ^ 0xFFu) * 1099511628211ull;  // 0xFF: not a byte of UTF-8 text
    mix(name);
    named_obj*& slot = recent[(h ^ (h >> 29)) % recent.size()];
    if (slot && slot->name() == name && slot->ns() == ns) return slot;
    return slot = intern(ns, name);
  }

  named_obj* intern(std::string_view ns, std::string_view name) {
    std::string k = key(ns, name);
    std::lock_guard<std::mutex> lock(mutex_);
    auto it = table_.find(k);
    if (it != table_.end()) return it->second.get();
    // Not made with make_object: an immortal name is never credited back, so it is charged to
    // the active run once here (a program interning millions of names still hits the limit).
    auto* o = new named_obj(std::string(ns), std::string(name));
    o->make_immortal();
    charge_active_budget(sizeof(named_obj) + 2 * k.size());
    table_.emplace(std::move(k), std::unique_ptr<named_obj, deleter>(o));
    return o;
  }

 private:
  // Immortal objects ignore release(); the table frees them when the process exits.
  struct deleter {
    void operator()(named_obj* o) const { delete o; }
  };
  static std::string key(std::string_view ns, std::string_view name) {
    std::string k;
    k.reserve(ns.size() + name.size() + 1);
    k.append(ns);
    k += '\0';  // cannot appear in either part's meaning, unlike '/'
    k.append(name);
    return k;
  }
  std::mutex mutex_;
  std::unordered_map<std::string, std::unique_ptr<named_obj, deleter>> table_;
};

intern_table& keywords() {
  static auto* t = new intern_table();  // never destroyed: names outlive statics
  return *t;
}
intern_table& symbols() {
  static auto* t = new intern_table();
  return *t;
}

}  // namespace

named_obj::named_obj(std::string ns, std::string name)
    : ns_(std::move(ns)), name_(std::move(name)) {
  full_ = ns_.empty() ? name_ : ns_ + "/" + name_;
  hash_ = hash_text(full_);
}

value keyword(std::string_view text) {
  auto [ns, name] = split_name(text);
  return keyword(ns, name);
}

value keyword(std::string_view ns, std::string_view name) {
  return value::adopt(type::keyword, keywords().intern(ns, name, recent().keywords));
}

value symbol(std::string_view text) {
  auto [ns, name] = split_name(text);
  return value::adopt(type::symbol, symbols().intern(ns, name, recent().symbols));
}

value find_keyword(std::string_view text) {
  auto [ns, name] = split_name(text);
  named_obj* o = keywords().find(ns, name);
  return o ? value::adopt(type::keyword, o) : value();
}

}  // namespace ptc::lisp
