#include "literal_set.h"

#include <algorithm>
#include <deque>
#include <iterator>
#include <limits>

#include "toolrisk/utf8.h"

namespace toolrisk {

namespace {

unsigned char lower(unsigned char c) { return static_cast<unsigned char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c); }

}  // namespace

LiteralSet::LiteralSet(const std::vector<std::string>& literals) : count_(literals.size()) {
  owned_.emplace();
  auto& class_of = owned_->class_of;
  std::fill(std::begin(class_of), std::end(class_of), std::uint8_t{0});
  std::size_t classes = 1;
  for (const auto& lit : literals) {
    for (unsigned char c : lit) {
      if (class_of[lower(c)] == 0) class_of[lower(c)] = static_cast<std::uint8_t>(classes++);
    }
  }
  for (int c = 'A'; c <= 'Z'; ++c) class_of[c] = class_of[lower(static_cast<unsigned char>(c))];
  tables_.class_of = class_of;
  tables_.classes = classes;
  std::size_t most_states = 1;
  for (const auto& lit : literals) {
    most_states += lit.size();
    tables_.longest = std::max(tables_.longest, lit.size());
  }
  if (most_states < 0xFFFF) {
    build(literals, most_states, owned_->next16);
    tables_.next16 = owned_->next16;
  } else {
    build(literals, most_states, owned_->next32);
    tables_.next32 = owned_->next32;
  }
  tables_.ends_here = owned_->ends_here;
  tables_.out_begin = owned_->out_begin;
  tables_.out = owned_->out;
}

template <class State>
void LiteralSet::build(const std::vector<std::string>& literals, std::size_t most_states, std::vector<State>& next) {
  constexpr State kNone = std::numeric_limits<State>::max();  // no edge yet
  const std::size_t classes = tables_.classes;
  const auto& class_of = owned_->class_of;
  auto& out = owned_->out;
  auto& out_begin = owned_->out_begin;
  auto& ends_here = owned_->ends_here;
  // The trie.
  next.reserve(most_states * classes);
  next.assign(classes, kNone);
  std::vector<std::vector<std::uint32_t>> ends(1);
  for (std::size_t i = 0; i < literals.size(); ++i) {
    std::size_t s = 0;
    for (unsigned char c : literals[i]) {
      const std::size_t at = s * classes + class_of[lower(c)];
      if (next[at] == kNone) {
        next[at] = static_cast<State>(ends.size());
        ends.emplace_back();
        next.resize(ends.size() * classes, kNone);
      }
      s = next[at];
    }
    ends[s].push_back(static_cast<std::uint32_t>(i));
  }
  // Breadth first: each state's failure link, its missing edges taken from that link, and its
  // outputs joined with the link's (which, nearer the root, are already complete).
  std::vector<State> fail(ends.size(), 0);
  std::deque<std::size_t> queue;
  for (std::size_t c = 0; c < classes; ++c) {
    if (next[c] == kNone) next[c] = 0;
    else if (next[c] > 0) queue.push_back(next[c]);
  }
  std::vector<std::size_t> order;
  while (!queue.empty()) {
    const std::size_t s = queue.front();
    queue.pop_front();
    order.push_back(s);
    for (std::size_t c = 0; c < classes; ++c) {
      State& t = next[s * classes + c];
      const State via_fail = next[fail[s] * classes + c];
      if (t == kNone) {
        t = via_fail;
      } else {
        fail[t] = via_fail;
        queue.push_back(t);
      }
    }
  }
  for (std::size_t s : order) {
    const auto& inherited = ends[fail[s]];
    ends[s].insert(ends[s].end(), inherited.begin(), inherited.end());
  }
  out_begin.reserve(ends.size() + 1);
  ends_here.reserve(ends.size());
  for (const auto& e : ends) {
    out_begin.push_back(static_cast<std::uint32_t>(out.size()));
    ends_here.push_back(e.empty() ? 0 : 1);
    out.insert(out.end(), e.begin(), e.end());
  }
  out_begin.push_back(static_cast<std::uint32_t>(out.size()));
}

void LiteralSet::scan(std::string_view text, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record,
                      std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const {
  if (count_ == 0) return;
  // A text without U+212A or U+017F (which read as one letter) is walked in two halves at once,
  // noting where literals end in buffers of 16 bytes a text byte: up to a size.
  constexpr std::size_t kMostHalved = std::size_t{1} << 20;
  const bool folds = next_non_ascii(text) != std::string_view::npos &&
                     (text.find("\xE2\x84\xAA") != std::string_view::npos || text.find("\xC5\xBF") != std::string_view::npos);
  if (!tables_.next16.empty() && !folds && text.size() <= kMostHalved) run_halves(text, seen, record, hits, found);
  else if (!tables_.next16.empty()) run(tables_.next16, text, seen, record, hits, found);
  else run(tables_.next32, text, seen, record, hits, found);
}

void LiteralSet::report(std::uint32_t state, std::size_t end, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record,
                        std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const {
  for (auto k = tables_.out_begin[state]; k < tables_.out_begin[state + 1]; ++k) {
    const std::uint32_t id = tables_.out[k];
    if (found && !seen[id]) found->push_back(id);
    seen[id] = 1;
    if (record && (*record)[id]) hits->push_back({end, id});
  }
}

// The automaton's walk is a chain of dependent loads, a few cycles each; two walks, over the
// first and the second half of the text, overlap theirs. The second starts `longest` bytes
// before its half (no state is deeper than the longest literal, so it is in the state a walk
// from the start would be in when its half begins) and reports only from there. Where a
// literal ends is noted without a branch and reported after the walk, in text order.
void LiteralSet::run_halves(std::string_view text, std::vector<unsigned char>& seen, const std::vector<unsigned char>* record,
                            std::vector<LiteralHit>* hits, std::vector<std::uint32_t>* found) const {
  const LiteralTables& t = tables_;
  const std::size_t half = text.size() / 2;
  thread_local std::vector<std::uint32_t> ends_a, states_a, ends_b, states_b;  // where a literal ends, and the state there
  // Only grown: each text writes its entries before reading them, so what an earlier text left
  // there is never read, and a shorter text does not clear what a longer one will fill again.
  const auto room = [](std::vector<std::uint32_t>& v, std::size_t n) {
    if (v.size() < n) v.resize(n);
  };
  room(ends_a, half + 1);
  room(states_a, half + 1);
  room(ends_b, text.size() - half + 1);
  room(states_b, text.size() - half + 1);
  const std::uint16_t* next = t.next16.data();
  const std::uint8_t* class_of = t.class_of.data();
  const unsigned char* ends_here = t.ends_here.data();
  const std::size_t classes = t.classes;
  const auto* bytes = reinterpret_cast<const unsigned char*>(text.data());
  std::size_t a = 0, b = 0, found_a = 0, found_b = 0, i = 0, j = half > t.longest ? half - t.longest : 0;
  for (; j < half; ++j) b = next[b * classes + class_of[bytes[j]]];
  for (; i < half; ++i, ++j) {
    a = next[a * classes + class_of[bytes[i]]];
    b = next[b * classes + class_of[bytes[j]]];
    ends_a[found_a] = static_cast<std::uint32_t>(i + 1);
    states_a[found_a] = static_cast<std::uint32_t>(a);
    found_a += ends_here[a];
    ends_b[found_b] = static_cast<std::uint32_t>(j + 1);
    states_b[found_b] = static_cast<std::uint32_t>(b);
    found_b += ends_here[b];
  }
  for (; j < text.size(); ++j) {
    b = next[b * classes + class_of[bytes[j]]];
    ends_b[found_b] = static_cast<std::uint32_t>(j + 1);
    states_b[found_b] = static_cast<std::uint32_t>(b);
    found_b += ends_here[b];
  }
  for (std::size_t k = 0; k < found_a; ++k) report(states_a[k], ends_a[k], seen, record, hits, found);
  for (std::size_t k = 0; k < found_b; ++k) report(states_b[k], ends_b[k], seen, record, hits, found);
}

template <class State>
void LiteralSet::run(std::span<const State> next, std::string_view text, std::vector<unsigned char>& seen,
                     const std::vector<unsigned char>* record, std::vector<LiteralHit>* hits,
                     std::vector<std::uint32_t>* found) const {
  const LiteralTables& t = tables_;
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
    s = next[s * t.classes + t.class_of[c]];
    if (t.ends_here[s]) report(static_cast<std::uint32_t>(s), i + 1, seen, record, hits, found);
  }
}

}  // namespace toolrisk
