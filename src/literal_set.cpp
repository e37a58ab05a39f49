#include "literal_set.h"

#include <deque>

namespace toolrisk {

LiteralSet::LiteralSet(const std::vector<std::string>& literals) : count_(literals.size()) {
  auto lower = [](unsigned char c) { return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); };
  for (const auto& lit : literals) {
    for (unsigned char c : lit) {
      if (class_of_[lower(c)] == 0) class_of_[lower(c)] = static_cast<std::uint8_t>(classes_++);
    }
  }
  for (int c = 'A'; c <= 'Z'; ++c) class_of_[c] = class_of_[lower(static_cast<unsigned char>(c))];
  // The trie: -1 where there is no edge yet.
  std::vector<std::int32_t> next;
  std::size_t most_states = 1;
  for (const auto& lit : literals) most_states += lit.size();
  next.reserve(most_states * classes_);
  next.assign(classes_, -1);
  std::vector<std::vector<std::uint32_t>> ends(1);
  for (std::size_t i = 0; i < literals.size(); ++i) {
    std::size_t s = 0;
    for (unsigned char c : literals[i]) {
      auto& edge = next[s * classes_ + class_of_[lower(c)]];
      if (edge < 0) {
        edge = static_cast<std::int32_t>(ends.size());
        ends.emplace_back();
        next.resize(ends.size() * classes_, -1);
      }
      s = static_cast<std::size_t>(next[s * classes_ + class_of_[lower(c)]]);
    }
    ends[s].push_back(static_cast<std::uint32_t>(i));
  }
  // Breadth first: each state's failure link, its missing edges taken from that link, and its
  // outputs joined with the link's (which, nearer the root, are already complete).
  std::vector<std::int32_t> fail(ends.size(), 0);
  std::deque<std::size_t> queue;
  for (std::size_t c = 0; c < classes_; ++c) {
    auto& t = next[c];
    if (t < 0) t = 0;
    else if (t > 0) queue.push_back(static_cast<std::size_t>(t));
  }
  std::vector<std::size_t> order;
  while (!queue.empty()) {
    const std::size_t s = queue.front();
    queue.pop_front();
    order.push_back(s);
    for (std::size_t c = 0; c < classes_; ++c) {
      auto& t = next[s * classes_ + c];
      const std::int32_t via_fail = next[static_cast<std::size_t>(fail[s]) * classes_ + c];
      if (t < 0) {
        t = via_fail;
      } else {
        fail[static_cast<std::size_t>(t)] = via_fail;
        queue.push_back(static_cast<std::size_t>(t));
      }
    }
  }
  for (std::size_t s : order) {
    const auto& inherited = ends[static_cast<std::size_t>(fail[s])];
    ends[s].insert(ends[s].end(), inherited.begin(), inherited.end());
  }
  out_begin_.reserve(ends.size() + 1);
  for (const auto& e : ends) {
    out_begin_.push_back(static_cast<std::uint32_t>(out_.size()));
    ends_here_.push_back(e.empty() ? 0 : 1);
    out_.insert(out_.end(), e.begin(), e.end());
  }
  out_begin_.push_back(static_cast<std::uint32_t>(out_.size()));
  if (ends.size() <= 0xFFFF) next16_.assign(next.begin(), next.end());
  else next32_.assign(next.begin(), next.end());
}

void LiteralSet::scan(std::string_view text, std::vector<unsigned char>& seen) const {
  if (count_ == 0) return;
  if (!next16_.empty()) run(next16_, text, seen);
  else run(next32_, text, seen);
}

template <class State>
void LiteralSet::run(const std::vector<State>& next, std::string_view text, std::vector<unsigned char>& seen) const {
  std::size_t s = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x80) {
      if (c == 0xE2 && text.substr(i, 3) == "\xE2\x84\xAA") {  // KELVIN SIGN
        c = 'k';
        i += 2;
      } else if (c == 0xC5 && text.substr(i, 2) == "\xC5\xBF") {  // LATIN SMALL LETTER LONG S
        c = 's';
        i += 1;
      }
    }
    s = next[s * classes_ + class_of_[c]];
    if (ends_here_[s]) {
      for (auto k = out_begin_[s]; k < out_begin_[s + 1]; ++k) seen[out_[k]] = 1;
    }
  }
}

}  // namespace toolrisk
