#include "ptc/lisp/closure.hpp"

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/list.hpp"

namespace ptc::lisp {

const fn_arity* fn_template::arity_for(std::size_t n) const {
  const fn_arity* variadic = nullptr;
  for (const auto& a : arities) {
    if (!a.variadic && static_cast<std::size_t>(a.fixed) == n) return &a;
    if (a.variadic && n >= static_cast<std::size_t>(a.fixed)) variadic = &a;
  }
  return variadic;
}

std::string fn_template::arity_description() const {
  std::string out;
  for (std::size_t i = 0; i < arities.size(); ++i) {
    if (i) out += (i + 1 == arities.size()) ? " or " : ", ";
    out += std::to_string(arities[i].fixed);
    if (arities[i].variadic) out += " or more";
  }
  return out;
}

value make_letfn_member(const closure_obj& self, int j) {
  const letfn_group* g = self.tmpl().group;
  std::shared_ptr<const fn_template> t(self.tmpl_ptr(), g->members[static_cast<std::size_t>(j)].get());
  return value::adopt(type::function, make_object<closure_obj>(self.captures().size() * sizeof(value), std::move(t), self.captures()));
}

value closure_obj::invoke(context& c, std::span<const value> args) const { return call(c, args, false); }

value closure_obj::invoke_owned(context& c, std::span<value> args) const { return call(c, args, true); }


template <class Args>
value closure_obj::call(context& c, Args args, bool owned) const {
  const fn_arity* a = tmpl_->arity_for(args.size());
  if (!a) errors::arity(tmpl_->name, args.size(), tmpl_->arity_description());
  budget& b = c.limits();
  detail::depth_guard guard(b);
  b.tick();

  // Slots on the stack; only the ones this arity uses are constructed.
  constexpr std::size_t inline_slots = 12;
  alignas(value) unsigned char inline_buf[inline_slots * sizeof(value)];
  std::unique_ptr<value[]> heap;
  const auto count = static_cast<std::size_t>(a->slot_count);
  const auto fixed = static_cast<std::size_t>(a->fixed);  // the first slots (count >= fixed)
  // Arguments the caller keeps (not handed over) are lent to an arity that only reads them.
  const bool lend = !owned && a->params_read_only && count <= inline_slots;
  value* slots;
  if (count > inline_slots) {
    heap.reset(new value[count]);
    slots = heap.get();
    if constexpr (std::is_same_v<Args, std::span<value>>) {
      if (owned) {
        for (std::size_t i = 0; i < fixed; ++i) slots[i] = std::move(args[i]);
      } else {
        for (std::size_t i = 0; i < fixed; ++i) slots[i] = args[i];
      }
    } else {
      for (std::size_t i = 0; i < fixed; ++i) slots[i] = args[i];
    }
  } else if (lend) {
    // The arguments lent, as a loop lends its items (call_loop): their bits, no count.
    slots = reinterpret_cast<value*>(inline_buf);
    for (std::size_t i = 0; i < fixed; ++i) new (&slots[i]) value(value::borrowed(args[i]));
    for (std::size_t i = fixed; i < count; ++i) new (&slots[i]) value();
  } else {
    // Parameters are constructed straight from the arguments (no nil-then-assign).
    slots = reinterpret_cast<value*>(inline_buf);
    if constexpr (std::is_same_v<Args, std::span<value>>) {
      if (owned) {
        for (std::size_t i = 0; i < fixed; ++i) new (&slots[i]) value(std::move(args[i]));
      } else {
        for (std::size_t i = 0; i < fixed; ++i) new (&slots[i]) value(args[i]);
      }
    } else {
      for (std::size_t i = 0; i < fixed; ++i) new (&slots[i]) value(args[i]);
    }
    for (std::size_t i = fixed; i < count; ++i) new (&slots[i]) value();
  }
  struct slot_guard {
    value* s;
    std::size_t lent;  ///< the first slots hold lent bits: dropped, not released
    std::size_t n;
    bool inline_storage;
    ~slot_guard() {
      if (inline_storage) for (std::size_t i = lent; i < n; ++i) s[i].~value();
    }
  } guard_slots{slots, lend ? fixed : 0, count, count <= inline_slots};
  if (a->variadic && args.size() > fixed) slots[fixed] = list_obj::from(args.data() + fixed, args.size() - fixed);

  return run_body(*a, slots, c);
}

void closure_obj::note_return(const value& r) const {
  fill_shape(r, last_return_);
  called_ = true;
}

call_loop::call_loop(context& c, const value& f, std::size_t nargs) : c_(c), f_(f) {
  if (!f.is(type::function)) return;
  const auto& fn = static_cast<const function_obj&>(*f.obj());
  const closure_obj* clo = fn.as_closure();
  if (!clo) {
    if (const auto* b = dynamic_cast<const builtin_fn*>(&fn)) {
      native_ = b->entry_for(nargs);
      if (native_ && nargs == 2) native_owned_ = b->def().owned;
    }
    return;
  }
  const fn_arity* a = clo->tmpl().arity_for(nargs);
  if (!a || a->variadic || static_cast<std::size_t>(a->slot_count) > max_slots) return;
  c.limits().enter_call();  // throws when too deep: then there is nothing to undo
  closure_ = clo;
  arity_ = a;
  lend_ = a->params_read_only;
}

call_loop::~call_loop() {
  if (closure_) c_.limits().leave_call();
}

}  // namespace ptc::lisp
