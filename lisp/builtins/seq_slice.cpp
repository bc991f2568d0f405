// Cutting and regrouping sequences: take, drop and their -while/-last/-nth forms, split-at,
// split-with, partition, partition-all, partition-by, interleave, interpose, dedupe, distinct,
// flatten, tree-seq. Most are written once as a cursor (realise_or_lazy) so that they work the
// same over lazy inputs (staying lazy) and finite ones (realised now).
#include <deque>

#include "ptc/lisp/builtins/seq_support.hpp"
#include "ptc/lisp/builtins/value_set.hpp"

namespace ptc::lisp {
namespace seq_detail {
namespace {

using args_t = std::span<const value>;

value b_take(context& c, args_t a) {
  if (a.size() == 1) return xf_take(c, a);
  std::int64_t n = arg::walked_count("take", a, 0);
  require_seqable("take", a, 1);
  std::vector<value> out;
  if (n <= 0) return list_obj::empty();
  auto limit = static_cast<std::size_t>(n);
  for_each_item(c, a[1], "take", [&](const value& x) {
    push_checked(c, out, x);
    return out.size() < limit;
  });
  return list_of(std::move(out));
}

value b_drop(context& c, args_t a) {
  if (a.size() == 1) return xf_drop(c, a);
  std::int64_t n = arg::walked_count("drop", a, 0);
  require_seqable("drop", a, 1);
  const value& coll = a[1];
  if (is_lazy(coll)) return n <= 0 ? coll : lazy_drop(coll, static_cast<std::size_t>(n));
  std::vector<value> out;
  std::int64_t i = 0;
  for_each_item(c, coll, "drop", [&](const value& x) {
    if (i++ >= n) out.push_back(x);
    return true;
  });
  return list_of(std::move(out));
}

value take_while(context& c, const value& f, const value& coll) {
  return realise_or_lazy(c, is_lazy(coll), [f, coll] {
    return make_cursor([f, src = source(coll), done = false](context& c, value& out) mutable {
      if (done || !src.next(c, out)) return false;
      if (call1(c, f, out).truthy()) return true;
      done = true;
      return false;
    });
  });
}

value drop_while(context& c, const value& f, const value& coll) {
  return realise_or_lazy(c, is_lazy(coll), [f, coll] {
    return make_cursor([f, src = source(coll), dropping = true](context& c, value& out) mutable {
      while (src.next(c, out)) {
        if (dropping && call1(c, f, out).truthy()) continue;
        dropping = false;
        return true;
      }
      return false;
    });
  });
}

value b_take_while(context& c, args_t a) {
  if (a.size() == 1) return xf_take_while(c, a);
  const value& f = arg::function("take-while", a, 0);
  require_seqable("take-while", a, 1);
  return take_while(c, f, a[1]);
}

value b_drop_while(context& c, args_t a) {
  if (a.size() == 1) return xf_drop_while(c, a);
  const value& f = arg::function("drop-while", a, 0);
  require_seqable("drop-while", a, 1);
  return drop_while(c, f, a[1]);
}

value b_take_last(context& c, args_t a) {
  std::int64_t n = arg::walked_count("take-last", a, 0);
  require_seqable("take-last", a, 1);
  std::vector<value> items = to_items(c, a[1], "take-last");
  if (n <= 0 || items.empty()) return value::nil();  // Clojure: nil, not ()
  std::size_t k = std::min(items.size(), static_cast<std::size_t>(n));
  return list_obj::from(items.data() + (items.size() - k), k);
}

value b_drop_last(context& c, args_t a) {
  std::int64_t n = a.size() == 2 ? arg::walked_count("drop-last", a, 0) : 1;
  require_seqable("drop-last", a, a.size() - 1);
  const value& coll = a.back();
  std::size_t keep_back = n > 0 ? static_cast<std::size_t>(n) : 0;
  // Each item is released once n more have been seen: a lookahead buffer of n items.
  return realise_or_lazy(c, is_lazy(coll), [coll, keep_back] {
    return make_cursor([src = source(coll), keep_back, buf = std::deque<value>()](context& c, value& out) mutable {
      value x;
      while (buf.size() < keep_back + 1) {
        if (!src.next(c, x)) return false;
        buf.push_back(std::move(x));
      }
      out = std::move(buf.front());
      buf.pop_front();
      return true;
    });
  });
}

value b_take_nth(context& c, args_t a) {
  if (a.size() == 1) return xf_take_nth(c, a);
  std::int64_t n = arg::walked_count("take-nth", a, 0);
  require_seqable("take-nth", a, 1);
  const value& coll = a[1];
  if (n <= 0) {  // Clojure repeats the first item forever
    value first;
    if (!source(coll).next(c, first)) return list_obj::empty();
    return lazy_repeat(first);
  }
  return realise_or_lazy(c, is_lazy(coll), [coll, n] {
    return make_cursor([src = source(coll), n, started = false](context& c, value& out) mutable {
      if (started)
        for (std::int64_t i = 1; i < n; ++i)
          if (!src.next(c, out)) return false;
      started = true;
      return src.next(c, out);
    });
  });
}

value pair(value x, value y) {
  value xy[2] = {std::move(x), std::move(y)};
  return vector_obj::from(xy, 2);
}

value b_split_at(context& c, args_t a) {
  // Checked here, so that an error names split-at rather than the take and drop it runs.
  arg::walked_count("split-at", a, 0);
  require_seqable("split-at", a, 1);
  value take_args[2] = {a[0], a[1]};
  value first = b_take(c, take_args);
  return pair(std::move(first), b_drop(c, take_args));
}

value b_split_with(context& c, args_t a) {
  const value& f = arg::function("split-with", a, 0);
  require_seqable("split-with", a, 1);
  return pair(take_while(c, f, a[1]), drop_while(c, f, a[1]));
}

/// partition and partition-all: windows of n items every `step` items. `pad` (partition with a
/// pad collection) completes the last short window from its items; `all` keeps short windows.
value partition_impl(context& c, const value& coll, std::int64_t n, std::int64_t step,
                     const value* pad, bool all) {
  struct state {
    source src;
    std::deque<value> buf;
    bool done = false;
  };
  value pad_coll = pad ? *pad : value();
  bool has_pad = pad != nullptr;
  auto size = static_cast<std::size_t>(std::max<std::int64_t>(n, 0));
  auto stride = static_cast<std::size_t>(std::max<std::int64_t>(step, 0));
  // A zero step repeats the first window forever (as Clojure does): lazy even over a finite input.
  bool lazy = is_lazy(coll) || (stride == 0 && size > 0);
  return realise_or_lazy(c, lazy, [=] {
    return make_cursor([st = state{source(coll), {}, false}, pad_coll, has_pad, size, stride, all](
                           context& c, value& out) mutable {
      if (st.done) return false;
      value x;
      while (st.buf.size() < size && st.src.next(c, x)) st.buf.push_back(std::move(x));
      if (st.buf.empty()) return false;
      if (st.buf.size() < size) {  // the input ended inside this window
        st.done = true;
        std::vector<value> part(st.buf.begin(), st.buf.end());
        if (has_pad) {
          source p(pad_coll);
          while (part.size() < size && p.next(c, x)) part.push_back(std::move(x));
        } else if (!all) {
          return false;
        }
        out = list_of(std::move(part));
        return true;
      }
      out = list_of(std::vector<value>(st.buf.begin(), st.buf.begin() + static_cast<std::ptrdiff_t>(size)));
      if (stride <= st.buf.size()) {
        st.buf.erase(st.buf.begin(), st.buf.begin() + static_cast<std::ptrdiff_t>(stride));
      } else {
        std::size_t skip = stride - st.buf.size();
        st.buf.clear();
        for (std::size_t i = 0; i < skip; ++i)
          if (!st.src.next(c, x)) {
            st.done = true;
            break;
          }
      }
      return true;
    });
  });
}

value b_partition(context& c, args_t a) {
  std::int64_t n = arg::integer("partition", a, 0);
  std::int64_t step = a.size() >= 3 ? arg::integer("partition", a, 1) : n;
  std::size_t ci = a.size() - 1;
  require_seqable("partition", a, ci);
  if (a.size() == 4) require_seqable("partition", a, 2);
  return partition_impl(c, a[ci], n, step, a.size() == 4 ? &a[2] : nullptr, false);
}

value b_partition_all(context& c, args_t a) {
  if (a.size() == 1) return xf_partition_all(c, a);
  std::int64_t n = arg::walked_count("partition-all", a, 0);
  std::int64_t step = a.size() == 3 ? arg::walked_count("partition-all", a, 1) : n;
  require_seqable("partition-all", a, a.size() - 1);
  return partition_impl(c, a.back(), n, step, nullptr, true);
}

value b_partition_by(context& c, args_t a) {
  if (a.size() == 1) return xf_partition_by(c, a);
  const value& f = arg::function("partition-by", a, 0);
  require_seqable("partition-by", a, 1);
  const value& coll = a[1];
  return realise_or_lazy(c, is_lazy(coll), [f, coll] {
    return make_cursor([f, src = source(coll), pending = value(), pending_key = value(), has_pending = false,
                        started = false](context& c, value& out) mutable {
      if (!started) {
        started = true;
        if ((has_pending = src.next(c, pending))) pending_key = call1(c, f, pending);
      }
      if (!has_pending) return false;
      std::vector<value> run{std::move(pending)};
      value key = std::move(pending_key);
      has_pending = false;
      value x;
      while (src.next(c, x)) {
        value k = call1(c, f, x);
        if (!equal(k, key)) {
          pending = std::move(x);
          pending_key = std::move(k);
          has_pending = true;
          break;
        }
        push_checked(c, run, std::move(x));
      }
      out = list_of(std::move(run));
      return true;
    });
  });
}

value b_interleave(context& c, args_t a) {
  bool all_lazy = !a.empty();
  for (std::size_t i = 0; i < a.size(); ++i) {
    require_seqable("interleave", a, i);
    all_lazy = all_lazy && is_lazy(a[i]);
  }
  std::vector<value> colls(a.begin(), a.end());
  // One round pulls an item from every input; a round cut short by an input's end is dropped.
  return realise_or_lazy(c, all_lazy, [colls] {
    std::vector<source> srcs;
    for (const value& x : colls) srcs.emplace_back(x);
    return make_cursor([srcs = std::move(srcs), round = std::vector<value>(), i = std::size_t{0}](
                           context& c, value& out) mutable {
      if (i == round.size()) {
        round.assign(srcs.size(), value());
        for (std::size_t k = 0; k < srcs.size(); ++k)
          if (!srcs[k].next(c, round[k])) return false;
        i = 0;
        if (round.empty()) return false;
      }
      out = std::move(round[i++]);
      return true;
    });
  });
}

value b_interpose(context& c, args_t a) {
  if (a.size() == 1) return xf_interpose(c, a);
  require_seqable("interpose", a, 1);
  const value& coll = a[1];
  return realise_or_lazy(c, is_lazy(coll), [sep = a[0], coll] {
    return make_cursor([sep, src = source(coll), next = value(), has_next = false, started = false](
                           context& c, value& out) mutable {
      if (!started) {
        started = true;
        if (!src.next(c, out)) return false;
        return true;
      }
      if (has_next) {
        has_next = false;
        out = std::move(next);
        return true;
      }
      if (!src.next(c, next)) return false;
      has_next = true;
      out = sep;
      return true;
    });
  });
}

value b_dedupe(context& c, args_t a) {
  if (a.empty()) return xf_dedupe(c, a);
  require_seqable("dedupe", a, 0);
  const value& coll = a[0];
  return realise_or_lazy(c, is_lazy(coll), [coll] {
    return make_cursor([src = source(coll), prev = value(), started = false](context& c, value& out) mutable {
      while (src.next(c, out)) {
        if (started && equal(out, prev)) continue;
        started = true;
        prev = out;
        return true;
      }
      return false;
    });
  });
}

value b_distinct(context& c, args_t a) {
  if (a.empty()) return xf_distinct(c, a);
  require_seqable("distinct", a, 0);
  const value& coll = a[0];
  return realise_or_lazy(c, is_lazy(coll), [coll] {
    return make_cursor([src = source(coll), seen = value_set()](context& c, value& out) mutable {
      while (src.next(c, out)) {
        if (!seen.insert(c.limits(), out).fresh) continue;
        return true;
      }
      return false;
    });
  });
}

bool is_sequential(const value& v) {
  return v.is(type::list) || v.is(type::vector) || v.is(type::lazy_seq);
}

/// Depth-first leaves of nested sequential collections; a stack of cursors, not recursion, so
/// deep nesting cannot overflow the native stack.
value b_flatten(context& c, args_t a) {
  const value& x = a[0];
  if (!is_sequential(x)) return list_obj::empty();
  return realise_or_lazy(c, is_lazy(x), [x] {
    std::vector<source> stack;
    stack.emplace_back(x);
    return make_cursor([stack = std::move(stack)](context& c, value& out) mutable {
      while (!stack.empty()) {
        if (!stack.back().next(c, out)) {
          stack.pop_back();
          continue;
        }
        if (!is_sequential(out)) return true;
        // One cursor per level of nesting: a million-deep value must meet the memory limit.
        if (stack.size() == stack.capacity()) c.limits().preflight((stack.size() * 2 + 16) * sizeof(source));
        stack.emplace_back(std::move(out));
      }
      return false;
    });
  });
}

/// Pre-order walk of a tree: each node, then (when (branch? node)) the nodes of (children node).
value b_tree_seq(context& c, args_t a) {
  const value& branch = arg::function("tree-seq", a, 0);
  const value& children = arg::function("tree-seq", a, 1);
  return realise_or_lazy(c, false, [branch, children, root = a[2]] {
    return make_cursor([branch, children, root, started = false, stack = std::vector<source>()](
                           context& c, value& out) mutable {
      if (!started) {
        started = true;
        out = root;
      } else {
        for (;;) {
          if (stack.empty()) return false;
          if (stack.back().next(c, out)) break;
          stack.pop_back();
        }
      }
      if (call1(c, branch, out).truthy()) {
        value kids = call1(c, children, out);
        if (!is_seqable(kids)) errors::argument("tree-seq", 1, "a function returning collections", kids);
        if (stack.size() == stack.capacity()) c.limits().preflight((stack.size() * 2 + 16) * sizeof(source));
        stack.emplace_back(std::move(kids));
      }
      return true;
    });
  });
}

const builtin_def seq_slice_table[] = {
    {"take", 1, 2, b_take},
    {"drop", 1, 2, b_drop},
    {"take-while", 1, 2, b_take_while},
    {"drop-while", 1, 2, b_drop_while},
    {"take-last", 2, 2, b_take_last},
    {"drop-last", 1, 2, b_drop_last},
    {"take-nth", 1, 2, b_take_nth},
    {"split-at", 2, 2, b_split_at},
    {"split-with", 2, 2, b_split_with},
    {"partition", 2, 4, b_partition},
    {"partition-all", 1, 3, b_partition_all},
    {"partition-by", 1, 2, b_partition_by},
    {"interleave", 0, -1, b_interleave},
    {"interpose", 1, 2, b_interpose},
    {"dedupe", 0, 1, b_dedupe},
    {"distinct", 0, 1, b_distinct},
    {"flatten", 1, 1, b_flatten},
    {"tree-seq", 3, 3, b_tree_seq},
};

}  // namespace

std::span<const builtin_def> slice_defs() { return seq_slice_table; }

}  // namespace seq_detail
}  // namespace ptc::lisp
