// Which of a fixed set of literals occur in a text, found in one pass (Aho-Corasick), ignoring
// ASCII case. Serves the rule base's phrase prefilter (rule_base.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace toolrisk {

class LiteralSet {
 public:
  // `literals`: lower-case ASCII (other bytes match only themselves).
  explicit LiteralSet(const std::vector<std::string>& literals);
  // Sets seen[i] = 1 for each literal i that occurs in `text` (`seen` has one entry per
  // literal). U+212A KELVIN SIGN and U+017F LONG S read as "k" and "s", as RE2's case folding
  // has them, so a description cannot hide a word from the prefilter that the pattern would see.
  void scan(std::string_view text, std::vector<unsigned char>& seen) const;
  std::size_t size() const { return count_; }

 private:
  template <class State>
  void build(const std::vector<std::string>& literals, std::size_t most_states, std::vector<State>& next);
  template <class State>
  void run(const std::vector<State>& next, std::string_view text, std::vector<unsigned char>& seen) const;

  std::size_t count_ = 0;
  std::uint8_t class_of_[256] = {};  // byte -> symbol class (0: a byte no literal has)
  std::size_t classes_ = 1;
  // state * classes_ + class -> state: a complete automaton, in 16-bit entries when the states
  // fit (the table then stays in the CPU's cache), else 32-bit.
  std::vector<std::uint16_t> next16_;
  std::vector<std::uint32_t> next32_;
  std::vector<unsigned char> ends_here_;  // state -> whether some literal ends there
  std::vector<std::uint32_t> out_begin_;  // state -> its slice of out_ (literals ending there)
  std::vector<std::uint32_t> out_;
};

}  // namespace toolrisk
