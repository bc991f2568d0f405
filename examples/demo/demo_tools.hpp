#pragma once
// The demo's tools: a few host functions over the demo data (examples/demo/demo_data.hpp), the
// kind a company would expose to an analyst agent. Each is a lisp::tool_fn (JSON object in,
// JSON out; a bad argument throws, which the program sees as a tool error it can catch or fix).
//
//   find-orders        orders matching optional filters (status, region, customer, dates, product)
//   get-product        one product by id
//   find-employees     employees by department, office or manager
//   employee-expenses  one employee's expense claims, optionally by status
//   exchange-rate      a fixed table of rates between EUR, USD, GBP, SGD, CHF and JPY
#include <memory>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "ptc/lisp/run.hpp"

namespace ptc::demo {

/// One tool as an agent declares it.
struct demo_tool {
  std::string name;
  std::string description;
  std::string signature;  ///< e.g. "(id :int) -> {name :string, price :float}"
  lisp::tool_fn fn;
};

/// Every demo tool, working on `data` (an object with "orders", "products", "employees",
/// "expenses"; a missing list reads as empty).
std::vector<demo_tool> demo_tools(std::shared_ptr<const nlohmann::ordered_json> data);

/// The tools named in `names`, in that order (empty: all of them). Throws std::invalid_argument
/// naming an unknown tool and listing the known ones.
std::vector<demo_tool> select_tools(const std::vector<demo_tool>& all,
                                    const std::vector<std::string>& names);

}  // namespace ptc::demo
