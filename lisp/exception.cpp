#include "ptc/lisp/exception.hpp"

namespace ptc::lisp {

value make_exception(std::string message, value data, error_kind kind) {
  std::size_t extra = message.size();
  return value::adopt(type::exception, make_object<exception_obj>(extra, std::move(message), std::move(data), kind));
}

}  // namespace ptc::lisp
