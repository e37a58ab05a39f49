// The rule base: rules read from data files, compiled once (name words into hash tables,
// phrase literals into one automaton; each RE2 pattern when first needed), then shared
// read-only by every evaluation.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "toolrisk/annotations.h"
#include "toolrisk/diagnostic.h"
#include "toolrisk/tool.h"

namespace toolrisk {

// What a rule is matched against.
enum class RuleKind {
  kVerb,    // a whole word of the tool name (or the description's leading verb, or an action enum value)
  kObject,  // a whole word of the tool name that names the thing acted on
  kParam,   // an input-schema property (its snake_case name, optionally its type and text)
  kPhrase,  // the tool description (case-insensitive search)
};
std::string_view to_string(RuleKind k);

// What a property rule says about the tool when it matches.
enum class ParamRole {
  kModifier,  // a risky modifier (force, recursive): raises the level
  kScope,     // names a scope (namespace, project): blastRadius when the name names no object
  kWiden,     // widens the scope whatever the name says (all_namespaces)
  kExec,      // free-form code, shell or SQL
  kUrl,       // an arbitrary destination or source address
  kAction,    // an enum of actions: each value is read as a verb
  kDryRun,    // a dry-run switch: recorded, lowers nothing
  kNote,      // effects only
  kPick,      // a required list of ids or names: a read of a plural returns those items
};
std::string_view to_string(ParamRole r);

// One top-level alternative of a phrase pattern ("a|b|c" has three), searched on its own so
// that a costly alternative runs only on texts that could match it. `groups`: lower-case
// literals such that every match contains one of each group (none: tried on every text).
struct PhraseAlternative {
  std::string pattern;
  std::vector<std::vector<std::string>> groups;
  // Groups whose literals stand only in case-sensitive parts of the pattern ("(?-i:INSERT|
  // DELETE)"), spelled as written there: a text must hold one of each, in that case.
  std::vector<std::vector<std::string>> exact_groups;
  // What follows the alternative's last top-level window ("[^.]{0,60}"): every match holds a
  // match of it, and it is cheap to search, so it is searched first. Empty without a window.
  std::string tail;
  // The literals (lower case) every match starts with, or (for an alternative that opens a
  // sentence or a line, below) every match has after its opening: the alternative is tried,
  // anchored, where one of them stands (or where its opening does), not searched for across the
  // text. Empty: searched for.
  std::vector<std::string> leading;
  // Where a match opens before its leading literal. kSentence, "(?:^|[.!?]\s|\n)\s*words": at
  // the text's start, a newline, or a mark of `sentence_marks` and a space, then spaces.
  // kLine, "(?m)^[^\w\n]*words": at a line's start, then characters that are neither word
  // characters nor newlines ("- ", "* ", "• ").
  enum class Opening : unsigned char { kAtLeading, kSentence, kLine };
  Opening opening = Opening::kAtLeading;
  std::string sentence_marks;
  bool operator==(const PhraseAlternative&) const = default;
};

struct RuleExample {
  std::string name;
  std::string description;
  std::vector<std::string> params;  // "force", "force:boolean", "action=list|delete"
  bool should_match = true;
  std::size_t line = 0;
  bool operator==(const RuleExample&) const = default;
};

struct Rule {
  std::string id;
  RuleKind kind = RuleKind::kVerb;
  std::string why;
  std::string file;
  std::size_t line = 0;
  std::vector<std::string> words;  // verb/object/param: whole words or regexes of one word
  std::string pattern;             // phrase: RE2 syntax, searched case-insensitively

  // Effects. Absent means "says nothing about this field".
  std::optional<Category> category;
  std::optional<RiskLevel> level;  // a floor
  int bump = 0;                    // grades to raise (modifiers)
  std::optional<BlastRadius> blast;   // verb/phrase/param: a floor; object: the object's scope
  std::optional<BlastRadius> listed;  // object: what listing all of them exposes;
                                      // verb: what a collection verb exposes when no object is named
  std::optional<Reversibility> reversibility;  // a floor
  std::vector<std::string> side_effects;
  std::vector<std::string> traits;  // object traits the engine knows (see docs/rules.md)

  bool weak = false;        // verb: also a common noun ("issue", "build"); used only without a strong verb
  bool collection = false;  // verb: acts on a collection (list, search); phrase: says the tool returns many
  bool restricts = false;   // verb: a read verb that confines free-form query parameters to reading
  bool whole = false;       // verb: takes in the whole of its object (read, analyze, export a database)
  bool lead = true;         // verb: counts when it opens a description ("Run a report" says nothing: false)
  bool lead_only = false;   // verb: counts only where it opens a description ("Returns ..."); in a
                            // name or an action enum it says nothing ("return_order" processes a return)
  bool creates = false;     // verb: makes a new thing, so a container it makes puts nothing existing at risk
  std::vector<std::string> with;  // verb: matches only when another word of the name is one of these,
                                  // and then wins over the word's other rules ("resolve" + "thread")

  ParamRole role = ParamRole::kNote;
  std::string type;                 // param: required JSON type ("boolean"), "" for any
  std::string description_pattern;  // param: the property's description must also match
  std::string tool_description_pattern;  // param: for a property with no description, the tool's
                                        // description (or the name's words for it) must match
  std::string values_pattern;       // param: one of the property's enum values must match
  std::string unless_pattern;       // param: the property's description must not match; phrase: nor the text

  bool changes_only = false;  // its level floor applies only to tools that change state
  bool locates = false;       // phrase: says where the tool acts; no wider blastRadius for making a new thing there
  bool opens = false;         // phrase: stands for the description's lead verb (for text written without spaces,
                              // as Chinese is): even a safe category it gives classifies a tool, as a lead verb's does
  std::vector<Category> only_for;  // param: its effects apply only to tools of these categories
  bool defines = false;       // param (exec): when the name only creates, it is the body of what
                              // is made (a function's code), not code run now
  bool in_name = false;       // param (modifier): its words also count as words of the tool name
                              // ("force_delete_pod"), where only the grade they raise applies
  bool unconfined = false;    // param (exec): a read verb in the name does not confine it (code
                              // has no read-only subset, as SQL or an allowlisted command has)

  std::vector<RuleExample> examples;
  bool disabled = false;

  // Not written in rule files: filled when the rule's patterns are checked (check_patterns).
  // For a phrase, its pattern's top-level alternatives, each with its literal groups. Unset:
  // not checked yet.
  std::optional<std::vector<PhraseAlternative>> alternatives;
  // For a param, the literal groups of its description, unless and tool_description patterns (as a phrase
  // alternative's groups): a property description without a literal of each group cannot
  // match, so the pattern is neither compiled nor run for it.
  std::vector<std::vector<std::string>> description_groups, unless_groups, tool_description_groups;
  // For a verb, object or param rule, the literal groups of its words that are patterns (of
  // word_pattern()): a word without a literal of each group cannot match them.
  std::vector<std::vector<std::string>> word_groups;
  bool operator==(const Rule&) const = default;
};

// Whether a phrase rule's only effect is a scope (a blastRadius floor, or `collection`): such a
// phrase says nothing where the text says what the tool is not for ("Not for listing multiple
// clusters"); one that says what the tool does speaks there too, failing closed.
bool only_scopes(const Rule& rule);

// Checks that the rule's regular expressions compile (errors name its file and line) and fills
// `alternatives`. Rule files are checked when read; RuleBase::compile checks rules that were not.
std::vector<Diagnostic> check_patterns(Rule& rule);

// A verb, object or param rule's words that are patterns ("force_\\w+"), as one alternation
// matched case-sensitively against a whole word; "" when every word is literal.
std::string word_pattern(const Rule& rule);

// Every literal of the phrase rules' alternatives (checked ones), each once, in order of first
// appearance: the literals the rule base's prefilter searches for, numbered in this order (views
// of the rules' strings). With `ids`, also each literal's number at each place it stands, in the
// order visited: rule by rule, alternative by alternative, its groups' literals, then its
// leading ones.
std::vector<std::string_view> phrase_literals(const std::vector<Rule>& rules, std::vector<std::uint32_t>* ids = nullptr);

// Immutable once built. Matching is thread-safe (a pattern compiled on first use is compiled
// once, under std::call_once).
class RuleBase {
 public:
  static Expected<std::shared_ptr<const RuleBase>> compile(std::vector<Rule> rules);
  ~RuleBase();
  RuleBase(const RuleBase&) = delete;
  RuleBase& operator=(const RuleBase&) = delete;

  const std::vector<Rule>& rules() const { return rules_; }
  const Rule& rule(std::size_t index) const { return rules_[index]; }

  // Indices of matching rules, ascending (so rule-file order decides ties).
  std::vector<std::size_t> match_verb(std::string_view word) const;
  std::vector<std::size_t> match_object(std::string_view word) const;
  std::vector<std::size_t> match_param(std::string_view snake_name) const;
  // Phrase rules found in `text`, ascending, each with the text it matched (for evidence).
  std::vector<std::pair<std::size_t, std::string>> match_phrase(std::string_view text) const;
  // Whether a param rule's extra constraints (type, description, values, depth) hold for a
  // property; `shallower` levels of its path do not count (an argument wrapper, a parent that
  // names it: "actions.type" matched as actions_type). A property with no description of its
  // own is read, for an `unless` pattern, as `context.undescribed_as` ("item code" for the
  // "code" of "update-item": an item's code, not code to run); for the `description` pattern of
  // a widening or noting rule, the tool's description speaks for it ("method" of a tool that
  // "makes an HTTP request").
  struct PropertyContext {
    std::string_view undescribed_as;
    std::string_view tool_description;
  };
  bool param_constraints_hold(std::size_t index, const SchemaProperty& property, int shallower,
                              const PropertyContext& context = {}) const;

 private:
  struct Compiled;
  explicit RuleBase(std::vector<Rule> rules);
  std::vector<Rule> rules_;
  std::unique_ptr<Compiled> compiled_;
};

// Reads rule files (YAML). Errors name file and line; all are reported, not just the first.
struct RuleSource {
  std::string name;  // shown in diagnostics
  std::string text;
};
Expected<std::vector<Rule>> parse_rule_files(const std::vector<RuleSource>& sources);

// The embedded rules, then each override file in order: a rule whose id is already known
// replaces it (or removes it with `disabled: true`), a new id is added. Without
// `with_examples` the built-in rules come without their examples (inference never reads them).
Expected<std::shared_ptr<const RuleBase>> load_rule_base(const std::vector<RuleSource>& overrides,
                                                         bool with_examples = true);

}  // namespace toolrisk
