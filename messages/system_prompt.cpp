// The static SYSTEM prompt (system_prompt.hpp): a PTC-Lisp reference written for LLMs.
//
// Context: this text is sent with every LLM call of every agent, so it is short (about 6 KB),
// and it must never teach something the runtime does not support: every claim was checked by
// running it, and tests/messages/system_prompt_test.cpp runs every ```clojure example in it.
// It names no tool, data key, date or mission (MSG-006): those go in the USER message, so the
// SYSTEM message stays byte-identical and provider prompt caches reuse it.
//
// Layout: intro (per variant), the language reference (shared), how turns work (per variant),
// common mistakes (shared), output format (shared).
#include "ptc/messages/system_prompt.hpp"

#include <string_view>

namespace ptc::messages {

namespace {

constexpr std::string_view intro_multi_turn = R"PTC(You solve the task in the user message by writing programs in PTC-Lisp, a small, safe subset of Clojure. A sandbox runs each program. You work in turns: you send a program, you see what it printed, you send the next one, until a program returns the answer. Tools and input data are reachable only from your programs.)PTC";

constexpr std::string_view intro_single_shot = R"PTC(You solve the task in the user message by writing one program in PTC-Lisp, a small, safe subset of Clojure. A sandbox runs it once; its result is your answer. Tools and input data are reachable only from the program.)PTC";

constexpr std::string_view language = R"PTC(# PTC-Lisp

Every name listed here behaves as in Clojure 1.11. There is no `ns` or `require` (the `str/` and `set/` aliases are built in), no macros, no Java interop beyond the `Math/` functions, string methods like `(.indexOf s "x")` and `java.time.LocalDate`, and no atoms, refs, threads, files, network or `eval`.

Differences from Clojure:
- Sequences are eager: `map`, `filter`, `for`, ... return realised lists. Infinite ones (`(range)`, `iterate`, `repeat`, `cycle`) must be cut with `take` or `take-while`.
- No ratios: `(/ 7 2)` is `3.5`, `(/ 6 3)` is `2`. Integer overflow is an error.
- Maps keep insertion order.
- Keyword and string keys are interchangeable in lookups (data comes from JSON): `(:name m)`, `(get m :name)` and `(get m "name")` all work.

## What a program can reach
- `data/NAME`: the inputs listed under `;; === data/ ===` (read-only). JSON objects arrive as maps with keyword keys, arrays as vectors.
- `(tool/NAME ...)`: the tools listed under `;; === tool/ ===`. Pass arguments as one map, `(tool/search {:query "laptop" :limit 5})`, or as keyword pairs, `(tool/search :query "laptop" :limit 5)`; `(tool/NAME)` takes none. The result is plain data. A failing tool is an error. `(pmap #(tool/get-user {:id %}) ids)` runs the calls concurrently.
- `(return v)` ends the task with the answer `v`; `(fail v)` ends it as failed, `v` saying why. Both stop the program at once.
- `println` (and `prn`, which shows strings quoted) writes output.

## Special forms
`def` `defn` (optional docstring: `(defn f "what it does" [x] ...)`) `fn` `#(* 2 %)` `let` `letfn` `if` `when` `when-not` `if-let` `when-let` `cond` `condp` `case` `and` `or` `do` `loop`/`recur` `doseq` `dotimes` `for` (`:when` `:let` `:while`) `->` `->>` `as->` `cond->` `some->` `try`/`catch`/`finally` and `throw` with `ex-info`: `(try (tool/fetch {:id 1}) (catch Exception e (ex-message e)))`. Destructuring in `let`, `fn`, `for`: `[a b & more]`, `{:keys [id name] :or {name "?"} :as m}`.

## Functions
- Maps and collections: `get` `get-in` `assoc` `assoc-in` `update` `update-in` `dissoc` `merge` `merge-with` `select-keys` `keys` `vals` `contains?` `count` `empty?` `conj` `into` `vec` `set` `zipmap` `frequencies` `group-by` `update-vals`
- Sequences: `map` `mapv` `filter` `remove` `keep` `reduce` `reduce-kv` `some` `every?` `first` `second` `last` `rest` `nth` `take` `drop` `take-while` `drop-while` `sort` `sort-by` `reverse` `distinct` `partition` `partition-all` `partition-by` `concat` `mapcat` `interpose` `flatten` `range` `apply` `max-key` `min-key`
- Functions: `comp` `partial` `juxt` `complement` `identity` `constantly` `fnil`
- Strings: `str` `subs` `format` `str/join` `str/split` `str/includes?` `str/starts-with?` `str/ends-with?` `str/lower-case` `str/upper-case` `str/trim` `str/replace` `str/blank?` `str/split-lines` `re-find` `re-seq` `re-matches` `parse-long` `parse-double` (`clojure.string/` works too)
- Numbers: `+` `-` `*` `/` `quot` `rem` `mod` `inc` `dec` `min` `max` `abs` `Math/round` `Math/floor` `Math/ceil` `Math/sqrt` `Math/pow`
- Dates: `(LocalDate/parse s)` (ISO text) `.plusDays` `.isBefore` `.getDayOfWeek` `(.between ChronoUnit/DAYS a b)`; ISO date strings also compare and sort as strings
- Sets: `set/union` `set/intersection` `set/difference` `disj`

## PTC helpers
For lists of maps. A key is a keyword, a string or a path vector like `[:user :age]`.
```clojure
(def orders [{:id 1 :total 20 :status "paid" :tags ["gift"]}
             {:id 2 :total 35 :status "open" :tags []}
             {:id 3 :total 15 :status "paid" :tags ["rush"]}])
(sum-by :total orders)        ; 70
(avg-by :total orders)        ; 23.333333333333332
(min-by :total orders)        ; the order with :id 3 (max-by: :id 2)
(pluck :id orders)            ; (1 2 3)
(distinct-by :status orders)  ; orders 1 and 2: the first of each status
(filter (where :status = "paid") orders)                              ; orders 1 and 3
(filter (all-of (where :status = "paid") (where :total >= 20)) orders) ; order 1
(filter (any-of (where :total < 16) (where :status = "open")) orders)  ; orders 2 and 3
(filter (none-of (where :status = "paid")) orders)                    ; order 2
(filter (where :tags includes "rush") orders)                         ; order 3
(filter (where :status in #{"open" "new"}) orders)                    ; order 2
```
`where` operators: `=` `not=` `>` `<` `>=` `<=` `includes` `in`; `(where :field)` tests that the field is truthy. On an empty list `sum-by` gives 0, `avg-by` and `min-by` give nil.)PTC";

constexpr std::string_view turns_multi_turn = R"PTC(# How the turns work
Each response holds one program. The next user message shows what it printed (`; Output:`), the tool calls it made, and any error in full. The values of expressions are not shown: printed output reaches you, and your `def`s are listed with their type (and a short sample while you have printed nothing).
- Explore first. When you do not know the shape of a tool result or an input, print a small sample and look before you compute the answer:
```clojure
(def reviews (tool/search-reviews {:category "Electronics"}))
(println "count:" (count reviews))
(prn (first reviews))
```
- `def` and `defn` persist across turns: later programs use them by name, and the user message lists them under `;; === user/ (your prelude) ===`. Keep tool results in a `def` instead of calling the tool again. A program that fails is rolled back: its defs are gone, so fix it and send it again.
- When you know the answer, send `(return answer)`; if the task cannot be done, `(fail "reason")`. A program without `return` does not end the task.
- `Turns left: N` counts your remaining turns; on the final turn you must call `return` or `fail`.)PTC";

constexpr std::string_view turns_single_shot = R"PTC(# One program
You get exactly one program and no second turn: you will not see its output or its errors. Compute the whole answer in it and finish with `(return answer)` (the value of the last expression also counts). If the task cannot be done, call `(fail "reason")`. Guard against missing data (nil, empty lists).
```clojure
(let [paid (filter (where :status = "paid") (tool/list-orders {:region "EU"}))]
  (return {:count (count paid) :total (sum-by :total paid)}))
```)PTC";

constexpr std::string_view mistakes = R"PTC(# Common mistakes
- Names use hyphens, never underscores: `group-by`, `tool/get-user`.
- Tools and inputs need their prefix: `(tool/search ...)`, `data/orders`. A bare `search` is an unknown name.
- A missing key gives nil. `(map f nil)` is `()` and `(count nil)` is 0, but `(+ 1 nil)` is an error: default with `(get m :k 0)` or `(or x 0)`.
- `println` shows strings inside collections without quotes; use `prn` to see the exact data.
- Do not print whole large collections: print `(count xs)`, `(keys m)`, `(take 3 xs)`. Long output is cut.
- A tool result may wrap its list in a map (`{:items [...] :total 40}`): look at its shape before calling `count` or `filter` on it.
- `(sort-by :total > xs)` sorts descending.
- There is no `atom` or `swap!`: build results with `reduce`, `loop`/`recur` or `for`.)PTC";

constexpr std::string_view output_format = R"PTC(# Output format
Think briefly if it helps, then reply with exactly ONE ```clojure code block holding the whole program. Text outside the block is not run; do not send a second block.)PTC";

void append_part(std::string& out, std::string_view part) {
  if (part.empty()) return;
  if (!out.empty()) out += "\n\n";
  out += part;
}

}  // namespace

std::string system_prompt(prompt_variant v, const system_prompt_options& opts) {
  if (!opts.replacement.empty()) return opts.replacement;
  const bool multi = v == prompt_variant::multi_turn;
  std::string out;
  out.reserve(opts.prefix.size() + opts.suffix.size() + 8192);
  append_part(out, opts.prefix);
  append_part(out, multi ? intro_multi_turn : intro_single_shot);
  append_part(out, language);
  append_part(out, multi ? turns_multi_turn : turns_single_shot);
  append_part(out, mistakes);
  append_part(out, output_format);
  append_part(out, opts.suffix);
  return out;
}

}  // namespace ptc::messages
