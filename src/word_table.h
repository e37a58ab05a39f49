// Whole words to the rules that name them: the rule base's lookup of a name's words, an
// object's plurals and a property's snake name (rule_base.cpp). Built once, read-only after.
//
// One flat open-addressing table over words kept in one buffer, with every word's rules in one
// array: building it is a pass over the words with no allocation each (a std::unordered_map of
// vectors made one string and one vector a word, and building it was a tenth of a small run's
// startup, docs/performance.md); a lookup is one hash and, mostly, one comparison.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace toolrisk {

class WordTable {
 public:
  // Adds `stem` followed by `suffix` ("repositor" + "ies") as a word naming `rule`. Only before build().
  void add(std::string_view stem, std::string_view suffix, std::uint32_t rule);
  // Makes the table; add() then no longer counts.
  void build();
  // The rules added for `word`, in the order they were added (a rule added twice is there
  // twice); empty when none.
  std::span<const std::uint32_t> find(std::string_view word) const;

 private:
  struct Key {
    std::uint32_t offset, length;  // in words_
    std::uint32_t begin, count;    // in rules_
  };
  struct Pending {
    std::uint32_t offset, length, rule;
  };
  static std::uint64_t hash(std::string_view s);
  std::string_view word(const Key& k) const { return std::string_view(words_).substr(k.offset, k.length); }

  std::string words_;            // every word, one after another
  std::vector<Pending> pending_;  // what add() was given, in order
  std::vector<Key> keys_;
  std::vector<std::uint32_t> slots_;  // key index + 1, or 0 for an empty slot; a power of two long
  std::vector<std::uint32_t> rules_;
};

}  // namespace toolrisk
