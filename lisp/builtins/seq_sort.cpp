// Ordering and counting: sort, sort-by, distinct?, group-by, frequencies.
#include <algorithm>
#include <bit>
#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/builtins/value_set.hpp"
#include "ptc/lisp/map.hpp"
#include "ptc/lisp/sorted_order.hpp"
#include "ptc/lisp/string.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

using args_t = std::span<const value>;

/// "a before b" under a user comparator, as Clojure uses a fn as a java.util.Comparator: a
/// boolean result means "a before b" when true; a number orders by its sign.
bool comes_before(context& c, std::string_view fn, std::size_t argi, const value& cmp, const value& x,
                  const value& y) {
  c.tick();
  value r = c.call(cmp, {x, y});
  if (r.is(type::boolean)) return r.as_bool();
  if (r.is_number()) return r.as_number() < 0;
  errors::argument(fn, argi, "a comparator returning a number or boolean", r);
}

/// std::stable_sort under the budget: n log n steps charged before the work, and a sort of
/// more than one block done as sorted blocks and merge passes with the budget (so the clock)
/// checked between them: a sort of millions meets the time limit while it sorts, and a small
/// one costs nothing per comparison.
template <class T, class Less>
void budgeted_stable_sort(budget& b, std::vector<T>& v, Less less) {
  constexpr std::size_t block = std::size_t{1} << 15;
  const std::size_t n = v.size();
  auto sort_range = [&](std::size_t from, std::size_t to) {
    b.tick((to - from) * std::bit_width(to - from));
    std::stable_sort(v.begin() + static_cast<std::ptrdiff_t>(from), v.begin() + static_cast<std::ptrdiff_t>(to), less);
  };
  if (n <= block) return sort_range(0, n);
  for (std::size_t i = 0; i < n; i += block) sort_range(i, std::min(n, i + block));
  for (std::size_t width = block; width < n; width *= 2) {
    for (std::size_t i = 0; i + width < n; i += 2 * width) {
      const std::size_t mid = i + width, end = std::min(n, i + 2 * width);
      b.tick(end - i);
      std::inplace_merge(v.begin() + static_cast<std::ptrdiff_t>(i), v.begin() + static_cast<std::ptrdiff_t>(mid),
                         v.begin() + static_cast<std::ptrdiff_t>(end), less);
    }
  }
}

/// How a comparator orders numbers when it is one of the builtins whose answer for two numbers
/// is known (`<` and `compare`: ascending, `>`: descending); none for anything else. No
/// comparator means `compare`.
enum class num_order { none, ascending, descending };

num_order builtin_order(const value* cmp) {
  if (!cmp) return num_order::ascending;
  if (!cmp->is(type::function)) return num_order::none;
  const auto* b = dynamic_cast<const builtin_fn*>(&cmp->as<function_obj>());
  if (!b) return num_order::none;
  const std::string name = b->name();
  if (name == "<" || name == "compare") return num_order::ascending;
  if (name == ">") return num_order::descending;
  return num_order::none;
}

/// Runs step(i) for i in [0, n), reading the clock every 65,536 items. Filling a sort's native
/// buffers and its result touches fresh memory (hundreds of MB for millions of items, page
/// faults that took half a second on a slow host) where no step is charged (they were charged
/// already): the time limit holds there too.
template <class Step>
void clocked_fill(budget& b, std::size_t n, Step step) {
  constexpr std::size_t clock_every = std::size_t{1} << 16;
  for (std::size_t i = 0; i < n; ++i) {
    if (i % clock_every == clock_every - 1) b.check_time();
    step(i);
  }
}

/// Sorts by number keys without calling the comparator: the keys are decorated with their
/// positions and sorted stably as the builtin would order them (integers as integers,
/// doubles as doubles, NaN comparing false both ways).
template <class K, class Get>
std::vector<value> sorted_numbers(budget& b, std::vector<value>& items, const std::vector<value>& k, bool descending,
                                  Get get) {
  std::vector<std::pair<K, std::uint32_t>> d;
  b.preflight(k.size() * sizeof(d[0]));  // a native buffer the budget does not see otherwise
  d.reserve(k.size());
  clocked_fill(b, k.size(), [&](std::size_t i) { d.emplace_back(get(k[i]), static_cast<std::uint32_t>(i)); });
  if (descending) {
    budgeted_stable_sort(b, d, [](const auto& x, const auto& y) { return x.first > y.first; });
  } else {
    budgeted_stable_sort(b, d, [](const auto& x, const auto& y) { return x.first < y.first; });
  }
  std::vector<value> out;
  out.reserve(items.size());
  clocked_fill(b, d.size(), [&](std::size_t i) { out.push_back(std::move(items[d[i].second])); });
  return out;
}

/// Stable sort of `items` by `keys` (the items themselves when keys is null), with the default
/// order (compare) or a user comparator.
std::vector<value> sorted(context& c, std::string_view fn, std::vector<value> items,
                          const std::vector<value>* keys, const value* cmp, std::size_t cmp_argi) {
  const std::vector<value>& k = keys ? *keys : items;
  budget& b = c.limits();
  if (num_order o = builtin_order(cmp); o != num_order::none && items.size() > 1 && items.size() < 0xFFFFFFFFu) {
    // All integers or all doubles (a mix would compare pairs of integers exactly and other
    // pairs as doubles, which one key type cannot express): compare the numbers directly.
    bool ints = true, doubles = true;
    for (const value& x : k) {
      ints = ints && x.is(type::integer);
      doubles = doubles && x.is(type::floating);
      if (!ints && !doubles) break;
    }
    if (ints || doubles) {
      b.tick(items.size());
      bool desc = o == num_order::descending;
      if (ints) return sorted_numbers<std::int64_t>(b, items, k, desc, [](const value& x) { return x.as_int(); });
      return sorted_numbers<double>(b, items, k, desc, [](const value& x) { return x.as_double(); });
    }
  }
  b.preflight(items.size() * sizeof(std::size_t));
  std::vector<std::size_t> order;
  order.reserve(items.size());
  clocked_fill(b, items.size(), [&](std::size_t i) { order.push_back(i); });
  if (cmp) {
    // A program's comparator may contradict itself (or throw): merge_sort checks its own
    // bounds, and only positions move, so an exception leaves `items` as it was.
    detail::merge_sort(order, [&](std::size_t i, std::size_t j) {
      return comes_before(c, fn, cmp_argi, *cmp, k[i], k[j]);
    });
  } else if (std::all_of(k.begin(), k.end(), [](const value& x) { return x.is(type::string); })) {
    // Strings, the common case after numbers: their texts compared directly.
    b.tick(items.size());
    b.preflight(items.size() * sizeof(std::string_view));
    std::vector<std::string_view> text;
    text.reserve(k.size());
    clocked_fill(b, k.size(), [&](std::size_t i) { text.push_back(string_text(k[i])); });
    budgeted_stable_sort(b, order,
                         [&](std::size_t i, std::size_t j) { return compare_strings(text[i], text[j]) < 0; });
  } else {
    b.tick(items.size());
    budgeted_stable_sort(b, order, [&](std::size_t i, std::size_t j) { return compare_values(k[i], k[j]) < 0; });
  }
  std::vector<value> out;
  out.reserve(items.size());
  clocked_fill(b, order.size(), [&](std::size_t i) { out.push_back(std::move(items[order[i]])); });
  return out;
}

value b_sort(context& c, args_t a) {
  std::size_t ci = a.size() - 1;
  require_seqable("sort", a, ci);
  const value* cmp = a.size() == 2 ? &arg::function("sort", a, 0) : nullptr;
  return list_of(sorted(c, "sort", to_items(c, a[ci], "sort"), nullptr, cmp, 0));
}

value b_sort_by(context& c, args_t a) {
  const value& keyfn = arg::function("sort-by", a, 0);
  std::size_t ci = a.size() - 1;
  require_seqable("sort-by", a, ci);
  const value* cmp = a.size() == 3 ? &arg::function("sort-by", a, 1) : nullptr;
  std::vector<value> items = to_items(c, a[ci], "sort-by");
  std::vector<value> keys;
  keys.reserve(items.size());
  for (const value& x : items) keys.push_back(call1(c, keyfn, x));
  return list_of(sorted(c, "sort-by", std::move(items), &keys, cmp, 1));
}

value b_distinct_p(context& c, args_t a) {
  value_set seen;
  for (const value& x : a) {
    c.tick();
    if (!seen.insert(x).fresh) return value::boolean(false);
  }
  return value::boolean(true);
}

/// Groups items by a key, keeping first-seen key order (a key's position in `seen` is its
/// group's in `groups`).
template <class Add>
value grouped(context& c, const value& coll, std::string_view fn, Add add) {
  value_set seen;
  std::vector<std::vector<value>> groups;
  std::size_t items = 0;
  for_each_item(c, coll, fn, [&](const value& x) {
    const auto [pos, fresh] = seen.insert(add.key(c, x));
    if (fresh) {
      c.limits().preflight_growth(groups.size(), value_set::bytes_per_entry + sizeof(groups[0]));
      groups.emplace_back();
    }
    c.limits().preflight_growth(++items, 2 * sizeof(value));  // the groups' vectors, at most half full
    groups[pos].push_back(x);
    return true;
  });
  return seen.take_as_map([&](std::size_t i) { return add.finish(std::move(groups[i])); });
}

value b_group_by(context& c, args_t a) {
  const value& f = arg::function("group-by", a, 0);
  require_seqable("group-by", a, 1);
  struct by_fn {
    const value& f;
    value key(context& c, const value& x) const { return call1(c, f, x); }
    value finish(std::vector<value>&& items) const { return vector_obj::from(std::move(items)); }
  };
  return grouped(c, a[1], "group-by", by_fn{f});
}

value b_frequencies(context& c, args_t a) {
  require_seqable("frequencies", a, 0);
  value_set seen;
  std::vector<std::int64_t> counts;  // by the key's position in `seen`
  for_each_item(c, a[0], "frequencies", [&](const value& x) {
    const auto [pos, fresh] = seen.insert(x);
    if (fresh) {
      c.limits().preflight_growth(counts.size(),
                                  value_set::bytes_per_entry + 2 * sizeof(counts[0]));
      counts.push_back(0);
    }
    ++counts[pos];
    return true;
  });
  return seen.take_as_map([&](std::size_t i) { return value::integer(counts[i]); });
}

const builtin_def seq_sort_table[] = {
    {"sort", 1, 2, b_sort},
    {"sort-by", 2, 3, b_sort_by},
    {"distinct?", 1, -1, b_distinct_p},
    {"group-by", 2, 2, b_group_by},
    {"frequencies", 1, 1, b_frequencies},
};

}  // namespace

std::span<const builtin_def> sort_defs() { return seq_sort_table; }

}  // namespace seq_detail
}  // namespace ptc::lisp
