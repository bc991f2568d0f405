#pragma once
// Callable heap objects: builtins, closures, and function values made by builtins (comp,
// partial, juxt, ...). Anything else callable (keywords, maps, sets, vectors) is dispatched by
// context::call.
#include <span>
#include <string>

#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class context;

class closure_obj;

class function_obj : public object {
 public:
  /// Calls the function. Implementations check their own arity.
  virtual value invoke(context& c, std::span<const value> args) const = 0;
  /// Calls the function with arguments the callee may move from (the caller's temporaries).
  /// Closures move them into their locals, so a value passed along keeps a single owner.
  virtual value invoke_owned(context& c, std::span<value> args) const {
    return invoke(c, std::span<const value>(args.data(), args.size()));
  }
  /// The name shown in errors and printing: "inc", "my-fn", or "fn" when anonymous.
  virtual std::string name() const = 0;
  /// This function as a user closure, or null (a builtin, a native closure): cheaper than a
  /// dynamic_cast in loops that look once per call (call_loop).
  virtual const closure_obj* as_closure() const { return nullptr; }
};

/// A function value implemented by a C++ callable (used by comp, partial, juxt, ...).
template <class F>
class native_closure final : public function_obj {
 public:
  native_closure(std::string name, F f) : name_(std::move(name)), f_(std::move(f)) {}
  value invoke(context& c, std::span<const value> args) const override { return f_(c, args); }
  std::string name() const override { return name_; }

 private:
  std::string name_;
  F f_;
};

/// Makes a function value from a C++ callable `value(context&, std::span<const value>)`.
template <class F>
value make_native_fn(std::string name, F f) {
  return value::adopt(type::function,
                      make_object<native_closure<F>>(0, std::move(name), std::move(f)));
}

/// What def returns: prints as #'user/name.
class var_obj final : public object {
 public:
  explicit var_obj(std::string name) : name_(std::move(name)) {}
  const std::string& name() const { return name_; }

 private:
  std::string name_;
};

}  // namespace ptc::lisp
