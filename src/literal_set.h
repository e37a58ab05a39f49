// Which of a fixed set of literals occur in a text, found in one pass (Aho-Corasick), ignoring
// ASCII case. Serves the rule base's phrase prefilter (rule_base.cpp). The automaton of the
// built-in rules is built when toolrisk is built (src/tools/rulegen.cpp) and used in place.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace toolrisk {

// A built automaton's tables, as views: what rulegen writes into the binary and what a
// LiteralSet searches with.
struct LiteralTables {
  std::span<const std::uint8_t> class_of;  // byte -> symbol class (0: a byte no literal has); 256 entries
  std::size_t classes = 1;
  // state * classes + class -> state: a complete automaton, in 16-bit entries when the states
  // fit (the table then stays in the CPU's cache), else 32-bit; one of the two is empty.
  std::span<const std::uint16_t> next16;
  std::span<const std::uint32_t> next32;
  std::span<const unsigned char> ends_here;  // state -> whether some literal ends there
  std::span<const std::uint32_t> out_begin;  // state -> its slice of out (literals ending there)
  std::span<const std::uint32_t> out;
  std::size_t longest = 0;  // the longest literal's length: no state is deeper
};

// Where a literal ends in a text (one past its last byte) and which literal it is.
struct LiteralHit {
  std::size_t end;
  std::uint32_t literal;
};

class LiteralSet {
 public:
  // `literals`: lower-case ASCII (other bytes match only themselves).
  explicit LiteralSet(const std::vector<std::string>& literals);
  // Searches with tables built before (for `count` literals) that outlive the set: no copy.
  LiteralSet(const LiteralTables& tables, std::size_t count) : count_(count), tables_(tables) {}
  LiteralSet(const LiteralSet&) = delete;
  LiteralSet& operator=(const LiteralSet&) = delete;

  // Sets seen[i] = 1 for each literal i that occurs in `text` (`seen` has one entry per
  // literal). U+212A KELVIN SIGN and U+017F LONG S read as "k" and "s", as RE2's case folding
  // has them, so a description cannot hide a word from the prefilter that the pattern would see.
  // With `record` (one entry per literal), also appends to `hits` each place where a literal
  // whose entry is non-zero ends, in text order. With `found`, also appends each literal whose
  // `seen` entry this scan set (once, in no set order).
  void scan(std::string_view text, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record = nullptr,
            std::vector<LiteralHit>* hits = nullptr, std::vector<std::uint32_t>* found = nullptr) const;
  std::size_t size() const { return count_; }
  const LiteralTables& tables() const { return tables_; }

 private:
  template <class State>
  void build(const std::vector<std::string>& literals, std::size_t most_states, std::vector<State>& next);
  template <class State>
  void run(std::span<const State> next, std::string_view text, std::vector<unsigned char>& seen,
           const std::vector<unsigned char>* record, std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const;
  void run_halves(std::string_view text, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record,
                  std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const;
  void report(std::uint32_t state, std::size_t end, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record,
              std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const;

  std::size_t count_ = 0;
  LiteralTables tables_;
  // Storage of tables_ when the set was built here.
  struct Owned {
    std::uint8_t class_of[256];  // zeroed by the constructor (a default member initializer here
                                 // makes clang take Owned as not default-constructible)
    std::vector<std::uint16_t> next16;
    std::vector<std::uint32_t> next32;
    std::vector<unsigned char> ends_here;
    std::vector<std::uint32_t> out_begin, out;
  };
  std::optional<Owned> owned_;
};

// Numbers literals in the order they first come, each once (the numbering a LiteralSet made
// from literals() reports them by). Keeps views: the strings must outlive it.
class LiteralNumbering {
 public:
  explicit LiteralNumbering(std::size_t expected = 0) { id_.reserve(expected); }
  std::uint32_t number(std::string_view literal) {
    const auto [it, added] = id_.try_emplace(literal, static_cast<std::uint32_t>(list_.size()));
    if (added) list_.push_back(literal);
    return it->second;
  }
  const std::vector<std::string_view>& literals() const { return list_; }

 private:
  std::unordered_map<std::string_view, std::uint32_t> id_;
  std::vector<std::string_view> list_;
};

// Whether each group has a literal marked in `seen` (a LiteralSet scan's result): the prefilter
// of a pattern whose every match holds a literal of each group. True for no groups.
inline bool all_groups_seen(const std::vector<std::vector<std::uint32_t>>& groups, const std::vector<unsigned char>& seen) {
  for (const auto& group : groups) {
    bool any = false;
    for (const std::uint32_t id : group) {
      if (seen[id] != 0) {
        any = true;
        break;
      }
    }
    if (!any) return false;
  }
  return true;
}

// The phrase literals of the built-in rules and their automaton, made at build time; nullptr
// when the build embedded none. A rule base whose literals are exactly `literals` (same order)
// searches with `tables` instead of building them.
struct EmbeddedLiterals {
  std::span<const std::string_view> literals;
  LiteralTables tables;
};
const EmbeddedLiterals* embedded_literals();

}  // namespace toolrisk
