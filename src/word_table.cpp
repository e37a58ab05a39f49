#include "word_table.h"

#include <limits>

namespace toolrisk {

std::uint64_t WordTable::hash(std::string_view s) {
  std::uint64_t h = 14695981039346656037ULL;  // FNV-1a
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h ^ (h >> 29);
}

void WordTable::add(std::string_view stem, std::string_view suffix, std::uint32_t rule) {
  const std::size_t offset = words_.size();
  words_.append(stem);
  words_.append(suffix);
  pending_.push_back({static_cast<std::uint32_t>(offset), static_cast<std::uint32_t>(stem.size() + suffix.size()), rule});
}

void WordTable::build() {
  std::size_t size = 16;
  while (size < pending_.size() * 2) size *= 2;
  slots_.assign(size, 0);
  keys_.clear();
  // Each pending word's key, found or made.
  std::vector<std::uint32_t> key_of(pending_.size());
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    const std::string_view w = std::string_view(words_).substr(pending_[i].offset, pending_[i].length);
    std::size_t slot = hash(w) & (size - 1);
    while (slots_[slot] != 0 && word(keys_[slots_[slot] - 1]) != w) slot = (slot + 1) & (size - 1);
    if (slots_[slot] == 0) {
      keys_.push_back({pending_[i].offset, pending_[i].length, 0, 0});
      slots_[slot] = static_cast<std::uint32_t>(keys_.size());
    }
    key_of[i] = slots_[slot] - 1;
    ++keys_[key_of[i]].count;
  }
  // Each key's rules, contiguous, in the order they were added.
  std::uint32_t begin = 0;
  for (auto& k : keys_) {
    k.begin = begin;
    begin += k.count;
    k.count = 0;
  }
  rules_.assign(pending_.size(), 0);
  for (std::size_t i = 0; i < pending_.size(); ++i) {
    Key& k = keys_[key_of[i]];
    rules_[k.begin + k.count++] = pending_[i].rule;
  }
  pending_.clear();
  pending_.shrink_to_fit();
}

std::span<const std::uint32_t> WordTable::find(std::string_view w) const {
  if (slots_.empty() || w.size() > std::numeric_limits<std::uint32_t>::max()) return {};
  const std::size_t mask = slots_.size() - 1;
  for (std::size_t slot = hash(w) & mask; slots_[slot] != 0; slot = (slot + 1) & mask) {
    const Key& k = keys_[slots_[slot] - 1];
    if (word(k) == w) return std::span<const std::uint32_t>(rules_).subspan(k.begin, k.count);
  }
  return {};
}

}  // namespace toolrisk
