#pragma once
// Exception values: what (ex-info msg data) makes, what `throw` raises, and what `catch` binds
// (for builtin errors too, so (ex-message e) works on a caught type error).
#include <string>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/value.hpp"

namespace ptc::lisp {

class exception_obj final : public object {
 public:
  exception_obj(std::string message, value data, error_kind kind)
      : message_(std::move(message)), data_(std::move(data)), kind_(kind) {}
  const std::string& message() const { return message_; }
  const value& data() const { return data_; }
  /// exception for ex-info; the builtin error's kind otherwise.
  error_kind kind() const { return kind_; }

 private:
  std::string message_;
  value data_;
  error_kind kind_;
};

value make_exception(std::string message, value data, error_kind kind = error_kind::exception);

}  // namespace ptc::lisp
