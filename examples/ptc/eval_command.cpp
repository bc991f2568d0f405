#include "examples/ptc/eval_command.hpp"

#include <algorithm>
#include <chrono>
#include <fstream>
#include <iostream>
#include <sstream>

#include <nlohmann/json.hpp>

#include "examples/ptc/cli_base.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace ptc::cli {
namespace {

struct eval_options {
  std::string file;
  std::string expr;
  bool has_expr = false;
  std::string data_file;
  bool show_output = false;
  bool stats = false;
  int repeat = 0;
  lisp::limits lim;
  std::uint64_t max_memory_mb = lisp::limits{}.max_memory_bytes >> 20;
};

bool read_all(std::istream& in, std::string& out) {
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return !in.bad();
}

int run_eval(const eval_options& o) {
  std::string source;
  if (o.has_expr) {
    source = o.expr;
  } else if (o.file == "-") {
    read_all(std::cin, source);
  } else if (!o.file.empty()) {
    std::ifstream in(o.file, std::ios::binary);
    if (!in) {
      std::cerr << "Error: cannot read " << o.file << "\n";
      return 2;
    }
    read_all(in, source);
  } else {
    std::cerr << "Error: give a program: ptc eval FILE, ptc eval - (stdin) or ptc eval -e 'EXPR'\n";
    return 2;
  }

  lisp::run_options opts;
  opts.lim = o.lim;
  opts.lim.max_memory_bytes = o.max_memory_mb << 20;
  if (!o.data_file.empty()) {
    std::string problem;
    const auto j = read_json_object(o.data_file, problem);
    if (!j) {
      std::cerr << "Error: " << problem << "\n";
      return 2;
    }
    opts.data = lisp::from_json(*j);
  }

  // The run lives until its result is printed: what a limit error left to free is freed after
  // the report (lisp/object.hpp, parking), as the interpreter actor does after its reply.
  lisp::program_input input;
  input.source = source;
  input.data = opts.data;
  input.lim = opts.lim;
  lisp::program_run run(std::move(input));
  if (run.start() != lisp::program_run::status::finished) {
    std::cerr << "Error: the program waits for a tool, and ptc eval has none\n";
    return 1;
  }
  lisp::run_result r = run.take_result();

  if (o.repeat > 0) {
    std::vector<double> us;
    us.reserve(static_cast<std::size_t>(o.repeat));
    for (int i = 0; i < o.repeat; ++i) {
      auto t0 = std::chrono::steady_clock::now();
      lisp::run_result again = lisp::run(source, opts);
      auto t1 = std::chrono::steady_clock::now();
      us.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count());
    }
    std::sort(us.begin(), us.end());
    std::cerr << "median_us=" << us[us.size() / 2] << " min_us=" << us.front() << "\n";
  }

  if (o.stats) {
    // What the run used of its limits (the adversarial catalogue checks these against them).
    std::cerr << "stats: steps=" << r.steps << " eval_us=" << r.eval_time.count()
              << " peak_memory_bytes=" << r.peak_memory_bytes << "\n";
  }

  std::ostream& out_stream = o.show_output ? std::cout : std::cerr;
  if (o.show_output && !r.prints.empty()) std::cout << ";; output\n";
  for (const auto& p : r.prints) out_stream << p << "\n";
  if (o.show_output && !r.prints.empty()) std::cout << ";; result\n";

  switch (r.kind) {
    case lisp::outcome::value:
    case lisp::outcome::returned:
      std::cout << lisp::pr_str(r.result) << "\n";
      return 0;
    case lisp::outcome::failed:
      std::cerr << "Failed: " << lisp::pr_str(r.result) << "\n";
      return 1;
    case lisp::outcome::error:
      std::cerr << "Error: " << r.err->render() << "\n";
      return 1;
  }
  return 1;
}

}  // namespace

void add_eval_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<eval_options>();
  CLI::App* cmd = app.add_subcommand("eval", "Run a PTC-Lisp program and print its value");
  cmd->add_option("file", o->file, "Program file, or - for standard input");
  CLI::Option* expr = cmd->add_option("-e,--expr", o->expr, "Program text");
  cmd->add_option("--data", o->data_file, "JSON object file; its keys are available as data/KEY");
  cmd->add_flag("--show-output", o->show_output, "Print println output on stdout before the result");
  cmd->add_flag("--stats", o->stats, "Print the steps, evaluation time and peak memory used on stderr");
  cmd->add_option("--repeat", o->repeat, "Run N more times after the first and print median_us/min_us on stderr")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-steps", o->lim.max_steps, "Evaluation step limit")->capture_default_str();
  cmd->add_option("--timeout-ms", o->lim.timeout_ms, "Wall time limit of evaluation in ms")->capture_default_str();
  cmd->add_option("--max-depth", o->lim.max_depth, "Nested call limit")->capture_default_str();
  cmd->add_option("--max-memory-mb", o->max_memory_mb, "Live memory limit in MB")->capture_default_str();
  cmd->add_option("--max-string-bytes", o->lim.max_string_bytes,
                  "Longest string a program may build, and longest text of its value, in bytes")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--max-print-chars", o->lim.max_print_chars, "Characters kept per println call")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->add_option("--max-output-bytes", o->lim.max_output_bytes, "All printed output of the run in bytes")
      ->capture_default_str()->check(CLI::PositiveNumber);
  cmd->callback([o, expr, &exit_code] {
    o->has_expr = expr->count() > 0;
    exit_code = run_eval(*o);
  });
}

}  // namespace ptc::cli
