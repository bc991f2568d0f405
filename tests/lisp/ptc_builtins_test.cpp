#include <catch2/catch.hpp>

#include <string>
#include <string_view>

#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace lisp_ptc_builtins_test {

using namespace ptc::lisp;

namespace {

// Order data as a tool would return it: string and numeric fields, a missing total, tags.
const std::string orders =
    R"~((def orders [{:id 1 :customer "ann" :total 120 :status "shipped" :tags ["vip"]}
                     {:id 2 :customer "bob" :total 35.5 :status "pending" :tags []}
                     {:id 3 :customer "ann" :total nil :status "cancelled"}
                     {:id 4 :customer "cy" :total 80 :status "shipped" :tags ["new" "vip"]
                      :address {:city "Oslo"}}])
        (def json-orders [{"id" 1 "total" 10} {"id" 2 "total" 5}])
)~";

// The value of `src` evaluated after the order definitions, as pr-str, or "error <kind>: <message>".
std::string ev(std::string_view src) {
  run_result r = run(orders + std::string(src));
  if (r.err) return "error " + std::string(kind_name(r.err->kind)) + ": " + r.err->message;
  return pr_str(r.result);
}

struct example {
  const char* src;
  const char* want;
};

void check_all(std::initializer_list<example> cases) {
  for (const example& e : cases) {
    INFO(e.src);
    CHECK(ev(e.src) == e.want);
  }
}

}  // namespace

TEST_CASE("ptc helpers: sum-by and avg-by") {
  check_all({
      {"(sum-by :total orders)", "235.5"},
      {"(sum-by :id orders)", "10"},  // integers stay integers
      {"(sum-by :total (filter (where :status = \"shipped\") orders))", "200"},
      {"(sum-by :total json-orders)", "15"},  // flex: :total finds "total"
      {"(sum-by \"id\" orders)", "10"},
      {"(sum-by [:address :city] [])", "0"},
      {"(sum-by :total nil)", "0"},
      {"(sum-by count (pluck :tags orders))", "3"},
      {"(sum-by [:x :y] [{:x {:y 2}} {:x {:y 3}} {:x nil}])", "5"},
      {"(avg-by :total orders)", "78.5"},
      {"(avg-by :id orders)", "2.5"},
      {"(avg-by :total [])", "nil"},
      {"(avg-by :total [{:total nil}])", "nil"},
      {"(sum-by :a [{:a 9223372036854775807} {:a 1}])", "error arithmetic: sum-by: integer overflow"},
      {"(sum-by :customer orders)", R"~(error type: sum-by: the value of :customer must be a number, got a string "ann")~"},
      {"(sum-by :total (first orders))",
       "error type: sum-by: argument 2 must be a collection of maps (wrap a single map in a vector), got a map {:id 1 ...}"},
  });
}

TEST_CASE("ptc helpers: min-by, max-by, distinct-by, pluck") {
  check_all({
      {"(:id (max-by :total orders))", "1"},
      {"(:id (min-by :total orders))", "2"},  // nil totals are skipped
      {"(:id (max-by :customer orders))", "4"},  // strings compare too
      {"(min-by :a [{:a 1 :n 1} {:a 1 :n 2}])", "{:a 1, :n 1}"},  // ties: the first
      {"(max-by :a [{:a 5 :n 1} {:a 5 :n 2}])", "{:a 5, :n 1}"},
      {"(max-by :total [])", "nil"},
      {"(min-by :total nil)", "nil"},
      {"(max-by #(count (:tags %)) orders)", R"~({:id 4, :customer "cy", :total 80, :status "shipped", :tags ["new" "vip"], :address {:city "Oslo"}})~"},
      {"(map :id (distinct-by :customer orders))", "(1 2 4)"},
      {"(map :id (distinct-by :status orders))", "(1 2 3)"},
      {"(distinct-by :a nil)", "()"},
      {"(pluck :customer orders)", R"~(("ann" "bob" "ann" "cy"))~"},
      {"(pluck [:address :city] orders)", R"~((nil nil nil "Oslo"))~"},
      {"(pluck :id json-orders)", "(1 2)"},
      {"(pluck :id nil)", "()"},
      {"(pluck :id {:id 1})",
       "error type: pluck: argument 2 must be a collection of maps (wrap a single map in a vector), got a map {:id 1}"},
  });
}

TEST_CASE("ptc helpers: where with operators as functions, keywords or strings") {
  check_all({
      {"(map :id (filter (where :status = \"shipped\") orders))", "(1 4)"},
      {"(map :id (filter (where :status = :shipped) orders))", "(1 4)"},  // keyword ~ string
      {"(map :id (filter (where :status not= \"shipped\") orders))", "(2 3)"},
      {"(map :id (filter (where :total > 50) orders))", "(1 4)"},  // nil total: false
      {"(map :id (filter (where :total :<= 80) orders))", "(2 4)"},
      {"(map :id (filter (where :total \">=\" 80) orders))", "(1 4)"},
      {"(map :id (filter (where :total < 100) orders))", "(2 4)"},
      {"(map :id (filter (where :id = 1.0) orders))", "(1)"},  // numbers by value
      {"(map :id (filter (where :customer > \"b\") orders))", "(2 4)"},
      {"(map :id (filter (where :customer > 5) orders))", "()"},  // cannot be ordered: false
      {"(map :id (filter (where :tags :includes \"vip\") orders))", "(1 4)"},
      {"(map :id (filter (where :tags includes? \"vip\") orders))", "(1 4)"},
      {"(map :id (filter (where :customer :includes \"n\") orders))", "(1 3)"},
      {"(map :id (filter (where :customer :in [\"bob\" \"cy\"]) orders))", "(2 4)"},
      {"(map :id (filter (where :customer :in #{\"bob\"}) orders))", "(2)"},
      {"(map :id (filter (where :customer :not-in #{\"bob\"}) orders))", "(1 3 4)"},
      {"(map :id (filter (where :address) orders))", "(4)"},
      {"(map :id (filter (where [:address :city] = \"Oslo\") orders))", "(4)"},
      {"(map :id (filter (where :id (fn [a b] (zero? (mod a b))) 2) orders))", "(2 4)"},
      {"(map :id (filter (where \"total\" > 6) json-orders))", "(1)"},
      {"((where :a = 1) {:a 1})", "true"},
      {"((where :a = 1) {})", "false"},
      {"(where :a :like 1)", "error type: where: unknown operator :like"},
      {"(where :a 5 1)",
       "error type: where: argument 2 must be an operator (= not= > < >= <= includes in) or a function, got an integer 5"},
  });
  CHECK(ev("(where :a >)").rfind("error arity: ", 0) == 0);
  CHECK(ev("((where :a = 1) {:a 1} {:a 2})").rfind("error arity: ", 0) == 0);
}

TEST_CASE("ptc helpers: all-of, any-of, none-of combine any predicates") {
  check_all({
      {"(map :id (filter (all-of (where :status = \"shipped\") (where :total > 100)) orders))", "(1)"},
      {"(map :id (filter (any-of (where :customer = \"bob\") (where :total > 100)) orders))", "(1 2)"},
      {"(map :id (filter (none-of (where :status = \"shipped\") :address) orders))", "(2 3)"},
      {"(map :id (filter (all-of :tags #(seq (:tags %))) orders))", "(1 4)"},
      {"(filter (any-of #{1 2} odd?) [1 2 3 4])", "(1 2 3)"},
      {"(filter (none-of even?) [1 2 3])", "(1 3)"},
      {"((all-of) 1)", "true"},
      {"((any-of) 1)", "false"},
      {"((none-of) 1)", "true"},
      {"(all-of 5)", "error not_callable: all-of: argument 1 must be a function, got an integer 5"},
  });
}

}  // namespace lisp_ptc_builtins_test
