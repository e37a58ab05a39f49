#include "rule_blob.h"

#include <cstdint>
#include <cstring>
#include <optional>
#include <type_traits>

namespace toolrisk {
namespace {

constexpr std::string_view kMagic = "toolrisk-rules-v11";

// Every field of Rule, RuleExample and PhraseAlternative is visited below, once, for writing
// and reading alike (`visit_fields`, an overload per struct, const or not); a field added to any
// of them must be added there too.
static_assert(sizeof(Rule) == 664 && sizeof(RuleExample) == 104 && sizeof(PhraseAlternative) == 176,
              "Rule, RuleExample or PhraseAlternative changed: visit the new field in rule_blob.cpp and update these sizes");

template <class T, class Struct>
concept Is = std::is_same_v<std::remove_const_t<T>, Struct>;

template <class Archive, Is<RuleExample> Example>
void visit_fields(Archive& a, Example& e) {
  a(e.name), a(e.description), a(e.params), a(e.should_match), a(e.line);
}

template <class Archive, Is<PhraseAlternative> Alternative>
void visit_fields(Archive& a, Alternative& alt) {
  a(alt.pattern), a(alt.groups), a(alt.exact_groups), a(alt.tail), a(alt.leading), a(alt.opening), a(alt.sentence_marks);
}

template <class Archive, Is<Rule> R>
void visit_fields(Archive& a, R& r) {
  a(r.id), a(r.kind), a(r.why), a(r.file), a(r.line), a(r.words), a(r.pattern);
  a(r.category), a(r.level), a(r.bump), a(r.blast), a(r.listed), a(r.reversibility);
  a(r.side_effects), a(r.traits);
  a(r.weak), a(r.collection), a(r.restricts), a(r.whole), a(r.lead), a(r.lead_only), a(r.creates), a(r.with);
  a(r.role), a(r.type), a(r.description_pattern), a(r.tool_description_pattern), a(r.values_pattern), a(r.unless_pattern);
  a(r.changes_only), a(r.locates), a(r.opens), a(r.only_for), a(r.defines), a(r.unconfined), a(r.in_name), a(r.examples), a(r.disabled), a(r.alternatives);
  a(r.description_groups), a(r.unless_groups), a(r.tool_description_groups), a(r.word_groups);
}

// Fixed-width little-endian integers; strings and lists prefixed by their length.
class Writer {
 public:
  void operator()(std::uint64_t v) { out_.append(reinterpret_cast<const char*>(&v), sizeof v); }
  void operator()(const std::string& s) {
    (*this)(static_cast<std::uint64_t>(s.size()));
    out_.append(s);
  }
  template <class T>
  void operator()(const T& v) {
    if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
      (*this)(static_cast<std::uint64_t>(static_cast<std::int64_t>(v)));
    } else if constexpr (requires { visit_fields(*this, v); }) {  // Rule, RuleExample, PhraseAlternative
      visit_fields(*this, v);
    } else if constexpr (requires { v.has_value(); }) {
      (*this)(static_cast<std::uint64_t>(v.has_value()));
      if (v) (*this)(*v);
    } else {  // a vector
      (*this)(static_cast<std::uint64_t>(v.size()));
      for (const auto& e : v) (*this)(e);
    }
  }
  std::string take() { return std::move(out_); }

 private:
  std::string out_;
};

class Reader {
 public:
  Reader(std::string_view in, bool with_examples) : in_(in), with_examples_(with_examples) {}
  bool ok() const { return ok_; }
  bool at_end() const { return in_.empty(); }

  void operator()(std::uint64_t& v) {
    v = 0;
    if (in_.size() < sizeof v) return fail();
    std::memcpy(&v, in_.data(), sizeof v);
    in_.remove_prefix(sizeof v);
  }
  void operator()(std::string& s) {
    const std::size_t n = length();
    if (!passing_over_) s.assign(in_.substr(0, n));
    in_.remove_prefix(n);
  }
  // Examples are read into one scratch example whose strings are passed over, not built.
  void operator()(std::vector<RuleExample>& examples) {
    if (with_examples_) return read_list(examples);
    const std::size_t n = length();
    examples.clear();
    RuleExample scratch;
    passing_over_ = true;
    for (std::size_t i = 0; i < n && ok_; ++i) visit_fields(*this, scratch);
    passing_over_ = false;
  }
  template <class T>
  void operator()(T& v) {
    if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
      std::uint64_t raw = 0;
      (*this)(raw);
      v = static_cast<T>(static_cast<std::int64_t>(raw));
    } else if constexpr (requires { visit_fields(*this, v); }) {  // Rule, RuleExample, PhraseAlternative
      visit_fields(*this, v);
    } else if constexpr (requires { v.has_value(); }) {
      bool present = false;
      (*this)(present);
      if (present) (*this)(v.emplace());
      else v.reset();
    } else {
      read_list(v);
    }
  }

 private:
  template <class V>
  void read_list(V& v) {
    v.resize(length());
    for (auto& e : v) (*this)(e);
  }
  std::size_t length() {  // a string or list length, bounded by what is left
    std::uint64_t n = 0;
    (*this)(n);
    if (n > in_.size()) {
      fail();
      return 0;
    }
    return static_cast<std::size_t>(n);
  }
  void fail() {
    ok_ = false;
    in_ = {};
  }
  std::string_view in_;
  bool ok_ = true;
  bool with_examples_;
  bool passing_over_ = false;  // inside an example that is not kept
};

}  // namespace

std::string serialize_rules(const std::vector<Rule>& rules) {
  Writer w;
  w(std::string(kMagic));
  w(rules);
  return w.take();
}

Expected<std::vector<Rule>> deserialize_rules(std::string_view blob, bool with_examples) {
  Reader in(blob, with_examples);
  const Diagnostic damaged{"<built-in rules>", 0, 0, "", "the built-in rule base is damaged or of another version; rebuild toolrisk"};
  std::string magic;
  in(magic);
  if (magic != kMagic) return damaged;
  std::vector<Rule> rules;
  in(rules);
  if (!in.ok() || !in.at_end()) return damaged;
  return rules;
}

}  // namespace toolrisk
