#pragma once
// What crosses actors: atoms, the `wire<T>` envelope and CAF type registration.
//
// Context: messages between agents, interpreters, tools and the LLM pool are local today and
// cross processes tomorrow (issue: nodes). Locally a message must cost a pointer copy, not a
// deep copy of a turn list; remotely it must arrive whole, never as a dangling pointer.
//
// Decision: a large immutable payload travels as `wire<T>`, a shared pointer to const T. CAF
// copies the pointer between local actors; its serializer (inspect below) writes the payload as
// the JSON text of `codec<T>` and the receiving node rebuilds a fresh object from it. Small
// messages (HTTP requests, tool calls) are plain structs inspected field by field.
//
// Consequences: every T sent as wire<T> specialises codec<T> (name, encode, decode). Decoding
// failures become a CAF error on the receiving side, never an exception in a handler.
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <caf/all.hpp>

namespace ptc::actors {

// Atoms (CAF 0.17: at most 10 characters).
using run_atom = caf::atom_constant<caf::atom("run")>;          ///< sub_agent: run the mission
using llm_atom = caf::atom_constant<caf::atom("llm")>;          ///< LLM actor: one completion
using http_atom = caf::atom_constant<caf::atom("http")>;        ///< HTTP actor: one request
using eval_atom = caf::atom_constant<caf::atom("eval")>;        ///< interpreter: run a program
using tool_atom = caf::atom_constant<caf::atom("tool")>;        ///< tool actor: one call
using take_atom = caf::atom_constant<caf::atom("take")>;        ///< budget: take one turn
using trace_atom = caf::atom_constant<caf::atom("trace")>;      ///< trace sink: one event
using retry_atom = caf::atom_constant<caf::atom("retry")>;      ///< internal: retry timer
using resume_atom = caf::atom_constant<caf::atom("resume")>;    ///< internal: continue a run
using stats_atom = caf::atom_constant<caf::atom("stats")>;      ///< ask an actor for figures
using flush_atom = caf::atom_constant<caf::atom("flush")>;      ///< trace sink: write out now

/// How a payload type is written on the wire: specialise for every T sent as wire<T>.
///   static constexpr const char* name;           // the CAF type name, e.g. "ptc::step"
///   static std::string encode(const T&);          // JSON text
///   static T decode(const std::string&);          // throws std::exception on bad input
template <class T>
struct codec;

/// An immutable payload shared between local actors and serialized between nodes.
template <class T>
struct wire {
  std::shared_ptr<const T> ptr;

  wire() = default;
  explicit wire(std::shared_ptr<const T> p) : ptr(std::move(p)) {}
  explicit wire(T value) : ptr(std::make_shared<const T>(std::move(value))) {}

  const T& operator*() const { return *ptr; }
  const T* operator->() const { return ptr.get(); }
  explicit operator bool() const { return ptr != nullptr; }
};

template <class Inspector, class T>
std::enable_if_t<Inspector::reads_state, typename Inspector::result_type> inspect(Inspector& f,
                                                                                  wire<T>& x) {
  std::string text = x.ptr ? codec<T>::encode(*x.ptr) : std::string{};
  return f(caf::meta::type_name(codec<T>::name), text);
}

template <class Inspector, class T>
std::enable_if_t<Inspector::writes_state, typename Inspector::result_type> inspect(Inspector& f,
                                                                                   wire<T>& x) {
  std::string text;
  auto load = caf::meta::load_callback([&]() -> caf::error {
    if (text.empty()) {
      x.ptr.reset();
      return caf::none;
    }
    try {
      x.ptr = std::make_shared<const T>(codec<T>::decode(text));
    } catch (const std::exception&) {
      return caf::make_error(caf::sec::invalid_argument);
    }
    return caf::none;
  });
  return f(caf::meta::type_name(codec<T>::name), text, load);
}

/// Registers every message type of ptc with CAF (needed for other nodes; harmless locally).
void register_types(caf::actor_system_config& cfg);

}  // namespace ptc::actors
