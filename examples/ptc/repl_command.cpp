#include "examples/ptc/repl_command.hpp"

#include <dlfcn.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>

#include <editline/readline.h>
#include <nlohmann/json.hpp>

#include "examples/demo/demo_tools.hpp"
#include "examples/ptc/cli_base.hpp"
#include "ptc/lisp/json.hpp"
#include "ptc/lisp/printer.hpp"
#include "ptc/lisp/run.hpp"

namespace ptc::cli {
namespace {

struct repl_options {
  std::string data_file, tools, history_file;
  bool no_history = false;
  lisp::limits lim;
};

/// libedit's functions, loaded when the repl reads a terminal. Like libcurl and OpenSSL, ptc
/// does not link it: every other command would map it (and libtinfo, libbsd, libmd) at start.
struct line_editor {
  decltype(&::readline) read_line = nullptr;
  decltype(&::using_history) use_history = nullptr;
  decltype(&::add_history) add = nullptr;
  decltype(&::read_history) load = nullptr;
  decltype(&::write_history) save = nullptr;

  /// Null, with the loader's reason in `why`, when libedit.so.2 cannot be loaded.
  static std::unique_ptr<line_editor> open(std::string& why) {
    void* lib = dlopen("libedit.so.2", RTLD_NOW | RTLD_LOCAL);  // never closed
    if (!lib) {
      const char* e = dlerror();
      why = e ? e : "unknown reason";
      return nullptr;
    }
    auto ed = std::make_unique<line_editor>();
    bool ok = true;
    auto bind = [&](auto& slot, const char* name) {
      void* sym = dlsym(lib, name);
      if (!sym && ok) why = std::string("libedit.so.2 lacks ") + name;
      ok = ok && sym != nullptr;
      slot = reinterpret_cast<std::remove_reference_t<decltype(slot)>>(sym);
    };
    bind(ed->read_line, "readline");
    bind(ed->use_history, "using_history");
    bind(ed->add, "add_history");
    bind(ed->load, "read_history");
    bind(ed->save, "write_history");
    return ok ? std::move(ed) : nullptr;
  }
};

/// Reads one line: through libedit on a terminal (prompt, editing, history), plain otherwise
/// (a pipe or file: no prompt, so the output holds only what the forms produce; also on a
/// terminal when libedit cannot be loaded, which the repl says once).
class repl_input {
 public:
  explicit repl_input(std::string history) : history_(std::move(history)) {
    if (isatty(STDIN_FILENO) == 0) return;
    std::string why;
    editor_ = line_editor::open(why);
    if (!editor_) {
      std::cerr << ";; no line editing or history: libedit (Debian: libedit2) did not load: " << why << "\n";
      return;
    }
    editor_->use_history();
    if (!history_.empty()) editor_->load(history_.c_str());
  }
  ~repl_input() {
    if (editor_ && !history_.empty()) editor_->save(history_.c_str());
  }
  repl_input(const repl_input&) = delete;
  repl_input& operator=(const repl_input&) = delete;

  std::optional<std::string> line(const char* prompt) {
    std::cout.flush();  // what the last input printed (stdout passes through the key redaction)
    if (!editor_) {
      std::string text;
      if (!std::getline(std::cin, text)) return std::nullopt;
      return text;
    }
    std::unique_ptr<char, decltype(&std::free)> text(editor_->read_line(prompt), &std::free);
    if (!text) return std::nullopt;
    return std::string(text.get());
  }

  void remember(const std::string& entry) {
    if (editor_ && entry.find_first_not_of(" \t\n") != std::string::npos) editor_->add(entry.c_str());
  }

 private:
  std::unique_ptr<line_editor> editor_;
  std::string history_;
};

std::string repl_history_path(const repl_options& o) {
  if (o.no_history) return "";
  if (!o.history_file.empty()) return o.history_file;
  if (const char* home = std::getenv("HOME"); home && *home) {
    return (std::filesystem::path(home) / ".ptc_history").string();
  }
  return "";
}

void print_definitions(const lisp::memory_ptr& mem) {
  if (!mem || mem->defs.empty()) {
    std::cout << ";; nothing defined yet\n";
    return;
  }
  for (const auto& d : mem->defs) {
    std::cout << ";; " << d->name;
    if (d->is_function) std::cout << " " << d->params();
    std::cout << " = " << lisp::pr_str(d->val) << "\n";
  }
}

int run_repl(const repl_options& o) {
  auto loaded = load_data(o.data_file);
  if (!loaded) return exit_usage;
  auto shared = std::make_shared<const nlohmann::ordered_json>(*loaded);
  lisp::run_options opts;
  opts.lim = o.lim;
  opts.data = lisp::from_json(*loaded);
  auto selected = tools_flag(shared, o.tools);
  if (!selected) return exit_usage;
  const std::vector<demo::demo_tool>& tools = *selected;
  for (const auto& t : tools) opts.tools[t.name] = t.fn;

  repl_input input(repl_history_path(o));
  if (isatty(STDIN_FILENO)) {
    std::cout << ";; ptc repl: PTC-Lisp with data/ (" << loaded->size() << " keys) and " << tools.size()
              << " tools. :tools, :defs, :help; Ctrl-D quits.\n";
  }
  std::string pending;
  while (auto text = input.line(pending.empty() ? "ptc> " : "...> ")) {
    pending += pending.empty() ? *text : "\n" + *text;
    if (repl_needs_more(pending)) continue;
    std::string source = std::move(pending);
    pending.clear();
    input.remember(source);
    const auto first = source.find_first_not_of(" \t\n");
    if (first == std::string::npos) continue;
    const std::string_view command = std::string_view(source).substr(first);
    if (command.starts_with(":quit") || command.starts_with(":exit")) break;
    if (command.starts_with(":defs")) {
      print_definitions(opts.mem);
      continue;
    }
    if (command.starts_with(":tools")) {
      for (const auto& t : tools) std::cout << ";; tool/" << t.name << t.signature << "  " << t.description << "\n";
      continue;
    }
    if (command.starts_with(":help")) {
      std::cout << ";; Type PTC-Lisp forms; an unfinished form continues on the next line. (def x ...) and\n"
                   ";; (defn f ...) stay defined. data/KEY reads --data; (tool/NAME {...}) calls a tool.\n"
                   ";; :defs lists definitions, :tools the tools, :quit or Ctrl-D leaves.\n";
      continue;
    }

    lisp::run_result r = lisp::run(source, opts);
    for (const auto& p : r.prints) std::cout << p << "\n";
    switch (r.kind) {
      case lisp::outcome::value:
      case lisp::outcome::returned:
        std::cout << "=> " << lisp::pr_str(r.result) << "\n";
        break;
      case lisp::outcome::failed:
        std::cout << "Failed: " << lisp::pr_str(r.result) << "\n";
        break;
      case lisp::outcome::error:
        std::cout << "Error: " << r.err->render() << "\n";
        break;
    }
    opts.mem = r.mem;  // a failed run hands back the memory it started with
  }
  if (!pending.empty()) {
    std::cout << "Error: input ended inside an unfinished form\n";
    return exit_failed;
  }
  if (isatty(STDIN_FILENO)) std::cout << "\n";
  return 0;
}

}  // namespace

bool repl_needs_more(std::string_view text) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    switch (c) {
      case '"': in_string = true; break;
      case ';': while (i < text.size() && text[i] != '\n') ++i; break;
      case '\\': ++i; break;  // a character literal: \( is not a bracket
      case '(': case '[': case '{': ++depth; break;
      case ')': case ']': case '}': --depth; break;
      default: break;
    }
  }
  return in_string || depth > 0;
}

void add_repl_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<repl_options>();
  CLI::App* cmd = app.add_subcommand("repl", "Type PTC-Lisp forms and see their values (definitions are kept)");
  cmd->add_option("--data", o->data_file, "JSON object file; its keys become data/KEY (default: the demo data)");
  cmd->add_option("--tools", o->tools, "Comma-separated tools of `ptc run` (default: all of them)");
  cmd->add_option("--history", o->history_file, "History file (default: ~/.ptc_history)");
  cmd->add_flag("--no-history", o->no_history, "Neither read nor write a history file");
  cmd->add_option("--max-steps", o->lim.max_steps, "Evaluation step limit per input")->capture_default_str();
  cmd->add_option("--timeout-ms", o->lim.timeout_ms, "Wall time limit per input in ms")->capture_default_str();
  cmd->callback([o, &exit_code] { exit_code = run_repl(*o); });
}

}  // namespace ptc::cli
