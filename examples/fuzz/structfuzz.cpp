// ptc_structfuzz: a structure-aware fuzzer for the limits of PTC-Lisp.
//
// The byte-level target (fuzz_lisp.cpp) mostly finds reader and analyser bugs: random bytes
// rarely make a program that runs long. This one writes programs that do: calls to builtins
// from the builtin table (names and arities read from it at run time) with arguments that are
// hostile to them — DAGs of shared structure (tiny in memory, 2^40 nodes when walked), huge
// numbers, long strings, deep and wide collections, infinite lazy seqs, user fns that loop,
// recurse or throw. Each program runs under tight limits and must end within them: with a value
// or a structured error, in under 2x its time limit, within its step limit (plus one check
// interval), never with a crash, a hang or a C++ exception escaping `lisp::run`.
//
// Programs are numbered; program N of seed S is always the same text, so a finding is
// reproduced with `--only N --seed S` (or printed with `--print N`). Runs happen in a worker
// process that the parent watches: a crash (signal or abnormal exit) or a hang (no progress for
// --hang-ms) is recorded with its program, and a new worker carries on with the next number.
//
//   ptc_structfuzz --count 1000000 --seed 1            # see examples/fuzz/README.md
#include <sys/mman.h>
#include <sys/wait.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <fstream>
#include <iterator>
#include <iostream>
#include <new>
#include <random>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "ptc/lisp/builtin.hpp"
#include "ptc/lisp/error.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace {

using namespace ptc::lisp;
using clock_type = std::chrono::steady_clock;

struct options {
  std::uint64_t seed = 1;
  std::uint64_t count = 10'000;
  std::uint64_t start = 0;
  std::uint64_t timeout_ms = 200;
  std::uint64_t max_steps = 1'000'000;
  std::uint64_t max_memory_mb = 64;
  std::uint64_t hang_ms = 0;  ///< 0: 10x timeout_ms + 2 s
  std::int64_t only = -1;     ///< run just this program, in this process, and show it
  std::int64_t print = -1;    ///< print just this program
  std::string file;           ///< run this program text (a reproducer) under the same judge
  bool verbose = false;       ///< print every program with its outcome
  std::uint64_t progress = 0; ///< >0: a progress line every N programs
};

/// Steps a run may use past its limit: the budget checks limits every 1,024 steps, and native
/// work is charged in batches.
constexpr std::uint64_t k_step_slack = 70'000;

// ------------------------------------------------------------------------------------------
// The builtins, from the table.

struct builtin_entry {
  std::string name;
  int min_arity;
  int max_arity;  // -1: variadic
};

std::vector<builtin_entry> load_builtins() {
  std::vector<builtin_entry> out;
  const builtin_table& t = builtins();
  for (const std::string& name : t.names()) {
    const value* v = t.find(name);
    if (!v || !v->is(type::function)) continue;
    const auto* b = dynamic_cast<const builtin_fn*>(v->obj());
    if (!b) continue;
    out.push_back({name, b->def().min_arity, b->def().max_arity});
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.name < b.name; });
  return out;
}

// ------------------------------------------------------------------------------------------
// Program generation: deterministic from (seed, program number).

std::uint64_t mix(std::uint64_t x) {  // splitmix64
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

class generator {
 public:
  generator(const std::vector<builtin_entry>& b, std::uint64_t seed, std::uint64_t n)
      : builtins_(b), rng_(mix(seed * 0x100000001b3ull ^ mix(n))) {}

  std::string program() {
    std::string out;
    const int bindings = pick(1, 4);
    out += "(let [";
    for (int i = 0; i < bindings; ++i) {
      if (i) out += "\n      ";
      out += "v" + std::to_string(i) + " " + value_form(0);
      ++vars_;
    }
    out += "]\n";
    const int exprs = pick(1, 4);
    for (int i = 0; i < exprs; ++i) {
      std::string e = call(0);
      const bool last = i + 1 == exprs;
      if (!last && chance(50)) e = "(try " + e + " (catch Exception e (ex-message e)))";
      if (last) {
        switch (pick(0, 5)) {
          case 0: e = "(return " + e + ")"; break;
          case 1: e = "(println " + e + ")"; break;
          case 2: e = "(pr-str " + e + ")"; break;
          default: break;
        }
      }
      out += "  " + e + (last ? ")" : "\n");
    }
    out += "\n";
    return out;
  }

 private:
  int pick(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  bool chance(int percent) { return pick(0, 99) < percent; }
  template <std::size_t N>
  const char* one_of(const std::array<const char*, N>& a) {
    return a[static_cast<std::size_t>(pick(0, static_cast<int>(N) - 1))];
  }

  std::string var() { return "v" + std::to_string(pick(0, vars_ - 1)); }

  std::string atom() {
    static const std::array<const char*, 34> atoms = {
        "0", "1", "-1", "2", "3", "10", "42", "1000", "100000", "1e10", "9223372036854775807",
        "-9223372036854775808", "1e308", "-1e308", "0.5", "##NaN", "##Inf", "##-Inf", "nil",
        "true", "false", ":a", ":k", "'sym", "\"\"", "\"abc\"", "\"a,b,,c\"", "\"héllo ✓\"",
        "\\a", "#\"a+\"", "#\"(a+)+b\"", "#\"\"", "\"%s %d %99999999d\"", "\"2024-01-31\""};
    return one_of(atoms);
  }

  /// A value that is expensive to walk, realise or print.
  std::string big() {
    static const std::array<const char*, 24> bigs = {
        "(reduce (fn [a _] [a a]) [] (range 40))",
        "(reduce (fn [a _] [a a]) [] (range 62))",
        "(reduce (fn [a _] {:l a :r a}) {} (range 40))",
        "(reduce (fn [a _] {a a}) {} (range 30))",
        "(reduce (fn [a i] #{a i}) #{} (range 40))",
        "(reduce (fn [a _] (list a a)) () (range 40))",
        "(reduce (fn [a _] [a \"some text\" a]) [] (range 30))",
        "(nth (iterate vector []) 100000)",
        "(reduce (fn [m _] {:a m}) {} (range 100000))",
        "(range)",
        "(range 1e10)",
        "(range 1000000)",
        "(repeat 1)",
        "(repeat 10000000000 [1 2])",
        "(iterate inc 0)",
        "(iterate (fn [a] [a a]) [])",
        "(cycle [1 \"a\" :b])",
        "(repeatedly (fn [] {:a 1}))",
        "(apply str (repeat 100000 \"ab\"))",
        "(loop [s \"ab\" i 0] (if (< i 22) (recur (str s s) (inc i)) s))",
        "(vec (range 100000))",
        "(zipmap (range 10000) (range 10000))",
        "(set (range 10000))",
        "(map (fn [i] {:id i :tags [i i] :name (str \"n\" i)}) (range 100000))"};
    return one_of(bigs);
  }

  std::string user_fn() {
    switch (pick(0, 15)) {
      case 0: return "(fn [& xs] (first xs))";
      case 1: return "(fn [a & _] a)";
      case 2: return "(fn [& _] (loop [] (recur)))";
      case 3: return "(fn [& _] (throw (ex-info \"boom\" {:at 1})))";
      case 4: return "#(vector % %)";
      case 5: return "(fn [a b] (compare a b))";
      case 6: return "(fn [& xs] (apply = xs))";
      case 7: return "(fn [& xs] (count (str xs)))";
      case 8: return "(fn f [x] (f x))";
      case 9: return "(fn [& xs] (hash-set xs))";
      case 10: return "(constantly " + value_form(2) + ")";
      case 11: return "(partial " + builtin().name + " " + value_form(2) + ")";
      case 12: return "(comp " + builtin().name + " " + builtin().name + ")";
      case 13: return "(fn [& xs] (" + builtin().name + " " + (vars_ ? var() : atom()) + "))";
      case 14: return "(fn [a] (if (seqable? a) (count a) a))";
      default: return builtin().name;
    }
  }

  std::string coll(int depth) {
    const int n = pick(0, 4);
    std::string items;
    for (int i = 0; i < n; ++i) {
      if (i) items += ' ';
      items += value_form(depth + 1);
    }
    // Set and map literals only with one item: a duplicate key in a literal is a parse error,
    // which would stop the whole program before it runs.
    switch (pick(0, 4)) {
      case 0: return "[" + items + "]";
      case 1: return "(list " + items + ")";
      case 2: return n <= 1 ? "#{" + items + "}" : "(hash-set " + items + ")";
      case 3: return "(set [" + items + "])";
      default: {
        std::string m;
        for (int i = 0; i < n; ++i) m += (i ? " " : "") + value_form(depth + 1) + " " + value_form(depth + 1);
        return (n <= 1 ? "{" : "(hash-map ") + m + (n <= 1 ? "}" : ")");
      }
    }
  }

  std::string value_form(int depth) {
    const int r = pick(0, 99);
    if (vars_ && r < 20) return var();
    if (depth >= 3 || r < 45) return atom();
    if (r < 62) return big();
    if (r < 77) return coll(depth);
    if (r < 87) return user_fn();
    return call(depth + 1);
  }

  const builtin_entry& builtin() {
    return builtins_[static_cast<std::size_t>(pick(0, static_cast<int>(builtins_.size()) - 1))];
  }

  std::string call(int depth) {
    const builtin_entry& b = builtin();
    const int hi = b.max_arity < 0 ? b.min_arity + 3 : std::min(b.max_arity, b.min_arity + 3);
    // Mostly a valid arity; sometimes one too many or too few (arity errors must be clean too).
    int n = pick(b.min_arity, std::max(b.min_arity, hi));
    if (chance(3)) n = std::max(0, n + (chance(50) ? 1 : -1));
    std::string out = "(" + b.name;
    for (int i = 0; i < n; ++i) {
      out += ' ';
      const int r = pick(0, 99);
      if (vars_ && r < 35) out += var();
      else if (r < 55) out += user_fn();
      else if (depth < 2 && r < 70) out += call(depth + 1);
      else out += value_form(depth + 1);
    }
    return out + ")";
  }

  const std::vector<builtin_entry>& builtins_;
  std::mt19937_64 rng_;
  int vars_ = 0;
};

// ------------------------------------------------------------------------------------------
// Running one program and judging it.

const run_options& fuzz_options(const options& o) {
  static const run_options& opts = *[&] {
    auto* op = new run_options;  // immortal: values must not outlive the runtime's statics
    op->lim.max_steps = o.max_steps;
    op->lim.timeout_ms = o.timeout_ms;
    op->lim.max_memory_bytes = o.max_memory_mb << 20;
    return op;
  }();
  return opts;
}

enum class verdict : std::uint8_t { value, error, overrun, escaped };

struct judged {
  verdict v = verdict::value;
  std::string detail;  ///< the error kind, or what went wrong
  std::string message; ///< the error's text (shown with --verbose and --only)
  std::uint64_t elapsed_us = 0;
  std::uint64_t steps = 0;
};

judged run_one(const std::string& source, const options& o) {
  judged j;
  const auto t0 = clock_type::now();
  try {
    run_result r = run(source, fuzz_options(o));
    // What a renderer does with the result: a truncated sample and a type label.
    if (r.kind != outcome::error) {
      (void)format_truncated(r.result, 10, 80);
      (void)type_label(r.result);
    } else if (r.err) {
      j.message = r.err->render().substr(0, 300);
    }
    j.steps = r.steps;
    if (r.kind == outcome::error) {
      if (!r.err || r.err->message.empty()) {
        j.v = verdict::escaped;
        j.detail = "an error outcome without a message";
      } else {
        j.v = verdict::error;
        j.detail = kind_name(r.err->kind);
      }
    } else {
      j.detail = outcome_name(r.kind);
    }
    // r (and the program's values) are freed here, inside the timed window.
  } catch (const std::exception& e) {
    j.v = verdict::escaped;
    j.detail = std::string("C++ exception escaped lisp::run: ") + e.what();
  } catch (...) {
    j.v = verdict::escaped;
    j.detail = "unknown C++ exception escaped lisp::run";
  }
  j.elapsed_us = static_cast<std::uint64_t>(
      std::chrono::duration_cast<std::chrono::microseconds>(clock_type::now() - t0).count());
  if (j.v == verdict::escaped) return j;
  if (j.elapsed_us >= 2 * o.timeout_ms * 1000) {
    j.detail = "took " + std::to_string(j.elapsed_us / 1000) + " ms, over 2x the " +
               std::to_string(o.timeout_ms) + " ms limit (ended as " + j.detail + ")";
    j.v = verdict::overrun;
  } else if (j.steps > o.max_steps + k_step_slack) {
    j.detail = "used " + std::to_string(j.steps) + " steps, past the limit of " +
               std::to_string(o.max_steps) + " (ended as " + j.detail + ")";
    j.v = verdict::overrun;
  }
  return j;
}

// ------------------------------------------------------------------------------------------
// Shared counters: the worker writes them, the parent reads them (even after a crash).

struct shared_state {
  std::atomic<std::uint64_t> current;       ///< the program the worker is running
  std::atomic<std::int64_t> started_ns;     ///< when it started (steady clock); 0 between programs
  std::atomic<std::uint64_t> finished;      ///< programs judged
  std::atomic<std::uint64_t> values;
  std::atomic<std::uint64_t> errors;
  std::atomic<std::uint64_t> overruns;
  std::atomic<std::uint64_t> escaped;
  std::atomic<std::uint64_t> max_elapsed_us;
  std::atomic<std::uint64_t> max_steps;
  std::array<std::atomic<std::uint64_t>, 16> by_kind;  ///< errors by error_kind
};

std::int64_t now_ns() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(clock_type::now().time_since_epoch()).count();
}

void show_finding(const char* what, std::uint64_t n, const options& o, const std::string& detail,
                  const std::string& program) {
  std::cout << "=== " << what << ": program " << n << " (--seed " << o.seed << " --only " << n
            << ")" << (detail.empty() ? "" : ": ") << detail << "\n"
            << program << "=== end of program " << n << "\n"
            << std::flush;
}

/// The worker: runs programs [from, end) and exits 0.
[[noreturn]] void worker(const std::vector<builtin_entry>& table, const options& o, shared_state& s,
                         std::uint64_t from, std::uint64_t end) {
  for (std::uint64_t n = from; n < end; ++n) {
    const std::string program = generator(table, o.seed, n).program();
    s.current.store(n);
    s.started_ns.store(now_ns());
    const judged j = run_one(program, o);
    s.started_ns.store(0);
    switch (j.v) {
      case verdict::value: s.values.fetch_add(1); break;
      case verdict::error: {
        s.errors.fetch_add(1);
        for (std::size_t k = 0; k < s.by_kind.size(); ++k)
          if (j.detail == kind_name(static_cast<error_kind>(k))) s.by_kind[k].fetch_add(1);
        break;
      }
      case verdict::overrun:
        s.overruns.fetch_add(1);
        show_finding("OVERRUN", n, o, j.detail, program);
        break;
      case verdict::escaped:
        s.escaped.fetch_add(1);
        show_finding("ESCAPED", n, o, j.detail, program);
        break;
    }
    std::uint64_t prev = s.max_elapsed_us.load();
    while (j.elapsed_us > prev && !s.max_elapsed_us.compare_exchange_weak(prev, j.elapsed_us)) {
    }
    prev = s.max_steps.load();
    while (j.steps > prev && !s.max_steps.compare_exchange_weak(prev, j.steps)) {
    }
    if (o.verbose)
      std::cout << "--- program " << n << ": " << j.detail << " in " << j.elapsed_us << " us, " << j.steps
                << " steps" << (j.message.empty() ? "" : ": ") << j.message << "\n"
                << program << std::flush;
    s.finished.fetch_add(1);
    if (o.progress && (n + 1) % o.progress == 0)
      std::cerr << "structfuzz: " << (n + 1 - o.start) << " programs, " << s.overruns.load() << " overruns, "
                << s.escaped.load() << " escaped\n";
  }
  std::cout << std::flush;
  std::_Exit(0);  // skip static destructors: the parent owns the process's exit
}

bool parse_u64(const char* text, std::uint64_t& out) {
  char* end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(text, &end, 10);
  if (errno || !end || *end || end == text) return false;
  out = v;
  return true;
}

int usage() {
  std::cerr << "usage: ptc_structfuzz [--count N] [--seed S] [--start N] [--timeout-ms MS] [--max-steps N]\n"
               "                      [--max-memory-mb MB] [--hang-ms MS] [--progress N] [--verbose]\n"
               "                      [--only N] [--print N] [--file PROGRAM.clj]\n";
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    const std::string_view a = argv[i];
    auto num = [&](std::uint64_t& out) {
      return i + 1 < argc && parse_u64(argv[++i], out);
    };
    std::uint64_t tmp = 0;
    bool ok = true;
    if (a == "--count") ok = num(o.count);
    else if (a == "--seed") ok = num(o.seed);
    else if (a == "--start") ok = num(o.start);
    else if (a == "--timeout-ms") ok = num(o.timeout_ms);
    else if (a == "--max-steps") ok = num(o.max_steps);
    else if (a == "--max-memory-mb") ok = num(o.max_memory_mb);
    else if (a == "--hang-ms") ok = num(o.hang_ms);
    else if (a == "--progress") ok = num(o.progress);
    else if (a == "--verbose") o.verbose = true;
    else if (a == "--file" && i + 1 < argc) o.file = argv[++i];
    else if (a == "--only") { ok = num(tmp); o.only = static_cast<std::int64_t>(tmp); }
    else if (a == "--print") { ok = num(tmp); o.print = static_cast<std::int64_t>(tmp); }
    else ok = false;
    if (!ok) return usage();
  }
  if (o.hang_ms == 0) o.hang_ms = 10 * o.timeout_ms + 2000;

  const std::vector<builtin_entry> table = load_builtins();
  if (table.empty()) {
    std::cerr << "structfuzz: the builtin table is empty\n";
    return 2;
  }

  if (o.print >= 0) {
    std::cout << generator(table, o.seed, static_cast<std::uint64_t>(o.print)).program();
    return 0;
  }
  if (o.only >= 0 || !o.file.empty()) {
    std::string program;
    if (!o.file.empty()) {
      std::ifstream in(o.file, std::ios::binary);
      if (!in) {
        std::cerr << "structfuzz: cannot read " << o.file << "\n";
        return 2;
      }
      program.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
    } else {
      program = generator(table, o.seed, static_cast<std::uint64_t>(o.only)).program();
    }
    std::cout << program << std::flush;
    alarm(static_cast<unsigned>(o.hang_ms / 1000 + 1));  // a hang ends the process (SIGALRM)
    const judged j = run_one(program, o);
    std::cout << ";; " << (j.v == verdict::overrun ? "OVERRUN: " : j.v == verdict::escaped ? "ESCAPED: " : "")
              << j.detail << " in " << j.elapsed_us / 1000 << " ms, " << j.steps << " steps"
              << (j.message.empty() ? "" : "\n;; ") << j.message << "\n";
    return j.v == verdict::overrun || j.v == verdict::escaped ? 1 : 0;
  }

  auto* s = static_cast<shared_state*>(
      mmap(nullptr, sizeof(shared_state), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0));
  if (s == MAP_FAILED) {
    std::perror("mmap");
    return 2;
  }
  new (s) shared_state{};

  std::cout << "structfuzz: " << table.size() << " builtins, seed " << o.seed << ", programs " << o.start
            << ".." << (o.start + o.count) << ", limits " << o.timeout_ms << " ms, " << o.max_steps << " steps, "
            << o.max_memory_mb << " MB\n"
            << std::flush;
  const auto t0 = clock_type::now();
  std::uint64_t crashes = 0, hangs = 0;
  const std::uint64_t end = o.start + o.count;
  std::uint64_t next = o.start;
  while (next < end) {
    s->current.store(next);
    s->started_ns.store(0);
    std::cout << std::flush;
    const pid_t pid = fork();
    if (pid < 0) {
      std::perror("fork");
      return 2;
    }
    if (pid == 0) worker(table, o, *s, next, end);
    int status = 0;
    bool hung = false;
    for (;;) {
      const pid_t w = waitpid(pid, &status, WNOHANG);
      if (w == pid) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      const std::int64_t started = s->started_ns.load();
      if (started && now_ns() - started > static_cast<std::int64_t>(o.hang_ms) * 1'000'000) {
        hung = true;
        kill(pid, SIGKILL);
        waitpid(pid, &status, 0);
        break;
      }
    }
    const std::uint64_t at = s->current.load();
    if (!hung && WIFEXITED(status) && WEXITSTATUS(status) == 0) break;
    const std::string program = generator(table, o.seed, at).program();
    if (hung) {
      ++hangs;
      show_finding("HANG", at, o, "no end after " + std::to_string(o.hang_ms) + " ms", program);
    } else {
      ++crashes;
      const std::string how = WIFSIGNALED(status) ? "killed by signal " + std::to_string(WTERMSIG(status)) + " (" +
                                                        strsignal(WTERMSIG(status)) + ")"
                                                  : "exited with status " + std::to_string(WEXITSTATUS(status));
      show_finding("CRASH", at, o, how, program);
    }
    next = at + 1;
  }
  const double secs = std::chrono::duration<double>(clock_type::now() - t0).count();

  const std::uint64_t programs = s->finished.load() + crashes + hangs;
  std::cout << "structfuzz: programs " << programs << " in " << static_cast<std::uint64_t>(secs) << " s, values "
            << s->values.load() << ", errors " << s->errors.load() << " (";
  bool first = true;
  for (std::size_t k = 0; k < s->by_kind.size(); ++k) {
    const std::uint64_t c = s->by_kind[k].load();
    if (!c) continue;
    std::cout << (first ? "" : ", ") << kind_name(static_cast<error_kind>(k)) << " " << c;
    first = false;
  }
  std::cout << "), crashes " << crashes << ", hangs " << hangs << ", overruns " << s->overruns.load()
            << ", escaped " << s->escaped.load() << "; max " << s->max_elapsed_us.load() / 1000 << " ms, "
            << s->max_steps.load() << " steps\n";
  const bool clean = crashes == 0 && hangs == 0 && s->overruns.load() == 0 && s->escaped.load() == 0;
  return clean ? 0 : 1;
}
