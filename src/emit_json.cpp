// The one place where results become JSON: the input written back, each tool extended with
// the seven fields and its evidence. Written straight to the stream through JsonWriter, from
// whichever reader loaded the document (json_view.h), so both give the same bytes.
#include <nlohmann/json.hpp>
#include <sstream>

#include "annotated_json.h"
#include "json_document.h"
#include "json_writer.h"
#include "risk_fields_json.h"
#include "fast_view.h"
#include "toolrisk/emit.h"

namespace toolrisk {
namespace {

using json = nlohmann::ordered_json;

// The seven fields into an object: in place of the same keys, the others kept in order, the
// missing ones appended (as put_risk_fields does to a DOM).
template <class View>
void write_risk_object(JsonWriter& w, const std::optional<View>& given, const RiskAnnotations& fields) {
  // The field names and the enum values are toolrisk's own words, plain JSON text; side effects
  // may be what a server declared or a catalogue lists, any text, so they are escaped.
  auto put = [&](std::string_view, const auto& value) {
    using T = std::decay_t<decltype(value)>;
    if constexpr (std::is_same_v<T, std::string_view>) {
      w.plain_string(value);
    } else if constexpr (std::is_same_v<T, int>) {
      w.integer(value);
    } else {
      w.begin_array();
      for (const auto& s : value) w.string(s);
      w.end_array();
    }
  };
  std::vector<std::string_view> written;
  w.begin_object();
  if (given) {
    given->members([&](std::string_view k, const View& v) {
      bool ours = false;
      for_each_risk_field(fields, [&](std::string_view name, const auto& value) {
        if (ours || name != k) return;
        ours = true;
        w.plain_key(name);
        put(name, value);
        written.push_back(name);
      });
      if (!ours) {
        w.key(k);
        w.value(v);
      }
    });
  }
  for_each_risk_field(fields, [&](std::string_view name, const auto& value) {
    if (std::find(written.begin(), written.end(), name) != written.end()) return;
    w.plain_key(name);
    put(name, value);
  });
  w.end_object();
}

void write_strings(JsonWriter& w, const std::vector<std::string>& list) {
  w.begin_array();
  for (const auto& s : list) w.string(s);
  w.end_array();
}

// An object of string members, in the order given (the keys are plain words of ours).
void write_strings_object(JsonWriter& w, std::initializer_list<std::pair<const char*, std::string_view>> members) {
  w.begin_object();
  for (const auto& [k, v] : members) {
    w.plain_key(k);
    w.string(v);
  }
  w.end_object();
}

void write_inference(JsonWriter& w, const Assessment& a) {
  w.begin_object();
  w.plain_key("classified");
  w.boolean(a.classified);
  w.plain_key("evidence");
  w.begin_array();
  for (const auto& e : a.evidence) {
    write_strings_object(w, {{"field", e.field}, {"value", e.value}, {"rule", e.rule}, {"from", to_string(e.from)}, {"match", e.match}});
  }
  w.end_array();
  w.plain_key("conflicts");
  w.begin_array();
  for (const auto& c : a.conflicts) {
    write_strings_object(w, {{"hint", c.hint}, {"declared", c.declared}, {"inferred", c.inferred}, {"message", c.message}});
  }
  w.end_array();
  w.plain_key("sources");
  w.begin_object();
  for (const auto& name : sep_field_names()) {
    if (auto it = a.sources.find(name); it != a.sources.end()) {
      w.plain_key(name);
      w.plain_string(to_string(it->second));
    }
  }
  w.end_object();
  if (!a.flags.empty()) {
    w.plain_key("flags");
    write_strings(w, a.flags);
  }
  w.plain_key("rules");
  write_strings(w, a.matched_rules);
  w.end_object();
}

// Writes a top-level value with every tool in it annotated. Tools are found by their JSON
// pointers (in document order), compared only down to the deepest of them.
template <class View>
class AnnotatedWriter {
 public:
  AnnotatedWriter(JsonWriter& w, RiskForm form) : w_(w), form_(form) {}

  // `tools`: the pointers (as tokens) and assessments of the tools inside `root`.
  void write(const View& root, std::vector<std::vector<std::string>> paths, std::vector<const Assessment*> tools) {
    paths_ = std::move(paths);
    tools_ = std::move(tools);
    next_ = 0;
    depth_ = 0;
    for (const auto& p : paths_) depth_ = std::max(depth_, p.size());
    path_.clear();
    value(root);
  }

 private:
  void value(const View& v) {
    if (next_ < paths_.size() && path_ == paths_[next_]) {
      tool(v, *tools_[next_++]);
      return;
    }
    if (path_.size() >= depth_ || next_ >= paths_.size()) {
      w_.value(v);
    } else if (v.is_object()) {
      w_.begin_object();
      v.members([&](std::string_view k, const View& c) {
        w_.key(k);
        path_.emplace_back(k);
        value(c);
        path_.pop_back();
      });
      w_.end_object();
    } else if (v.is_array()) {
      w_.begin_array();
      std::size_t i = 0;
      v.each([&](const View& c) {
        path_.push_back(std::to_string(i++));
        value(c);
        path_.pop_back();
      });
      w_.end_array();
    } else {
      w_.value(v);
    }
  }

  // As nlohmann's operator[] on the DOM would leave it: `annotations` and `_meta` rewritten
  // where they stand (or replaced when not objects), appended in that order when missing.
  void tool(const View& t, const Assessment& a) {
    bool annotations = false;
    bool meta = false;
    w_.begin_object();
    t.members([&](std::string_view k, const View& v) {
      w_.key(k);
      if (k == "annotations" && form_ == RiskForm::kAnnotations) {
        annotations = true;
        write_risk_object<View>(w_, object_or_none(v), a.fields);
      } else if (k == "_meta") {
        meta = true;
        write_meta(object_or_none(v), a);
      } else {
        w_.value(v);
      }
    });
    if (form_ == RiskForm::kAnnotations && !annotations) {
      w_.key("annotations");
      write_risk_object<View>(w_, std::nullopt, a.fields);
    }
    if (!meta) {
      w_.key("_meta");
      write_meta(std::nullopt, a);
    }
    w_.end_object();
  }

  void write_meta(const std::optional<View>& given, const Assessment& a) {
    bool risk = false;
    bool inference = false;
    w_.begin_object();
    if (given) {
      given->members([&](std::string_view k, const View& v) {
        w_.key(k);
        if (k == kRiskMetaKey && form_ == RiskForm::kMeta) {
          risk = true;
          write_risk_object<View>(w_, object_or_none(v), a.fields);
        } else if (k == kInferenceMetaKey) {
          inference = true;
          write_inference(w_, a);
        } else {
          w_.value(v);
        }
      });
    }
    if (form_ == RiskForm::kMeta && !risk) {
      w_.key(kRiskMetaKey);
      write_risk_object<View>(w_, std::nullopt, a.fields);
    }
    if (!inference) {
      w_.key(kInferenceMetaKey);
      write_inference(w_, a);
    }
    w_.end_object();
  }

  static std::optional<View> object_or_none(const View& v) {
    return v.is_object() ? std::optional<View>(v) : std::nullopt;
  }

  JsonWriter& w_;
  RiskForm form_;
  std::vector<std::vector<std::string>> paths_;
  std::vector<const Assessment*> tools_;
  std::size_t next_ = 0;
  std::size_t depth_ = 0;
  std::vector<std::string> path_;
};

std::size_t value_count(const JsonDocument& doc) { return doc.fast ? doc.fast->values() : doc.values.size(); }

// The document's top-level values, each with its own tools, through whichever view holds it.
// Tools are in document order, so each value's tools are the next ones: one pass over both.
template <class F>
void each_value(const DocumentResult& r, F&& f) {
  const JsonDocument& doc = *r.document.json;
  std::size_t next = 0;
  auto tools_of = [&](std::size_t value, std::vector<std::vector<std::string>>& paths,
                      std::vector<const Assessment*>& tools) {
    for (; next < doc.tools.size() && doc.tools[next].value == value; ++next) {
      paths.push_back(pointer_tokens(doc.tools[next].pointer));
      tools.push_back(&r.assessments[next]);
    }
  };
  for (std::size_t v = 0; v < value_count(doc); ++v) {
    std::vector<std::vector<std::string>> paths;
    std::vector<const Assessment*> tools;
    tools_of(v, paths, tools);
    if (doc.fast) f(doc.fast->root(v), std::move(paths), std::move(tools));
    else f(NlohmannView(doc.values[v]), std::move(paths), std::move(tools));
  }
}

// One tool of the result, annotated, through whichever view holds the document.
template <class F>
void with_tool(const DocumentResult& r, std::size_t i, F&& f) {
  const JsonDocument& doc = *r.document.json;
  const ToolRef& ref = doc.tools[i];
  if (doc.fast) {
    f(FastView(*doc.fast->parser, doc.fast->tools[i]));
  } else {
    f(NlohmannView(doc.values[ref.value].at(ref.pointer)));
  }
}

}  // namespace

std::vector<json> annotated_values(const DocumentResult& r, RiskForm form) {
  std::vector<json> values;
  each_value(r, [&](const auto& root, auto paths, auto tools) {
    std::ostringstream text;
    {
      JsonWriter w(text, -1);
      AnnotatedWriter<std::decay_t<decltype(root)>>(w, form).write(root, std::move(paths), std::move(tools));
    }
    values.push_back(json::parse(text.str()));
  });
  return values;
}

void emit_json(const DocumentResult& r, std::ostream& out, bool pretty, RiskForm form) {
  // A stream stays a stream: one value per line, as it came in.
  const bool stream = value_count(*r.document.json) > 1;
  JsonWriter w(out, pretty && !stream ? 2 : -1);
  each_value(r, [&](const auto& root, auto paths, auto tools) {
    AnnotatedWriter<std::decay_t<decltype(root)>>(w, form).write(root, std::move(paths), std::move(tools));
    w.newline();
  });
}

void emit_ndjson(const DocumentResult& r, std::ostream& out, RiskForm form) {
  JsonWriter w(out, -1);
  for (std::size_t i = 0; i < r.assessments.size(); ++i) {
    w.begin_object();
    w.plain_key("file");
    w.string(r.document.file);
    w.plain_key("location");
    w.string(r.document.tools[i].location);
    w.plain_key("tool");
    with_tool(r, i, [&](const auto& tool) {
      AnnotatedWriter<std::decay_t<decltype(tool)>>(w, form).write(tool, {{}}, {&r.assessments[i]});
    });
    w.end_object();
    w.newline();
  }
}

}  // namespace toolrisk
