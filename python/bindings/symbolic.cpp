// The symbolic API: train sets sampled from a config, read from description lines or files,
// labelled by rules, statistics of rules, and interventions and counterfactual searches. Every
// call takes a whole batch and runs on all threads with the GIL released, so a Python caller pays
// per batch, not per train.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <pybind11/stl/filesystem.h>

#include <mutex>
#include <thread>

#include "logic/errors.h"
#include "logic/intervention/intervention.h"
#include "logic/labelled_batch.h"
#include "logic/prolog/engine.h"
#include "logic/prolog/errors.h"
#include "logic/vocabulary.h"
#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"
#include "tools/lib/dataset/config.h"
#include "tools/lib/dataset/inputs.h"
#include "tools/lib/dataset/rule_loading.h"
#include "tools/lib/records/formats/description.h"
#include "tools/lib/records/formats/train_json.h"

namespace railyard::python {
namespace {

// A batch of labelled trains; index k is the dataset index first + k where it was sampled.
struct TrainBatch {
  std::vector<LabelledTrain> trains;
  std::uint64_t first = 0;
};

TrainBatch sample_trains(const std::filesystem::path& file,
                         const std::vector<std::string>& assignments, bool balanced) {
  DatasetConfig config = build_config(file, assignments, "sample_trains");
  // A batch lives in memory (a few hundred bytes a train); rule_stats counts any number.
  constexpr std::uint64_t kMaxBatch = 10'000'000;
  if (config.count > kMaxBatch) {
    throw ConfigError("sample_trains: count " + std::to_string(config.count) +
                      " trains would not fit in memory; at most " + std::to_string(kMaxBatch) +
                      " per call");
  }
  TrainBatch batch;
  batch.trains.resize(config.count);
  py::gil_scoped_release unlocked;
  // unique and compositions choose each index's attempt (train_plan.h): the dataset's own trains.
  if (balanced && (config.unique || config.compositions)) {
    SampledTrains trains = sampled_trains(config, resolve_inputs(config, data_root()));
    for (std::uint64_t i = 0; i < config.count; ++i) batch.trains[i] = trains.train(i);
    return batch;
  }
  TrainSampler sampler(config.sampler);
  LoadedRule rule = load_rule(config.rule, config.threads);
  BalanceOptions balance{balanced, config.max_attempts, rule.name};
  sample_labelled_batch(sampler, rule.per_thread, config.seed, 0, std::span(batch.trains), balance);
  return batch;
}

TrainBatch parse_lines(const std::vector<std::string>& lines) {
  TrainBatch batch;
  for (std::size_t k = 0; k < lines.size(); ++k) {
    try {
      batch.trains.push_back(parse_description(lines[k]));
    } catch (const DescriptionError& e) {
      throw DescriptionError("line " + std::to_string(k + 1) + ": " + e.what());
    }
  }
  return batch;
}

py::array_t<std::int8_t> label_array(const std::vector<LabelledTrain>& trains) {
  py::array_t<std::int8_t> labels(static_cast<py::ssize_t>(trains.size()));
  auto out = labels.mutable_unchecked<1>();
  for (std::size_t k = 0; k < trains.size(); ++k)
    out(static_cast<py::ssize_t>(k)) = trains[k].label == Direction::East;
  return labels;
}

// The position of train `index` (negative: from the end), or IndexError naming the index given.
std::size_t position(const TrainBatch& batch, std::int64_t index) {
  auto n = static_cast<std::int64_t>(batch.trains.size());
  std::int64_t k = index < 0 ? index + n : index;
  if (k < 0 || k >= n)
    throw py::index_error("index " + std::to_string(index) + " is out of range for " +
                          std::to_string(n) + " trains");
  return static_cast<std::size_t>(k);
}

const LabelledTrain& at(const TrainBatch& batch, std::int64_t index) {
  return batch.trains[position(batch, index)];
}

// A rule loaded once, with one engine per thread.
class PyRule {
 public:
  PyRule(const std::string& name_or_path, unsigned threads)
      : rule_(load_rule(name_or_path, threads)) {}

  // A rule given as Prolog text: no file, so messages name it "<rule text>" (with line and column
  // for syntax errors), whether it fails to load or fails while labelling.
  static PyRule from_text(const std::string& text, unsigned threads) {
    static const std::string kName = "<rule text>";
    const std::filesystem::path background = background_file(data_root());
    prolog::Engine engine;
    try {
      engine.consult_file(background);
    } catch (const prolog::PrologError& e) {
      throw RuleError(std::string(e.what()) + " (while loading " + background.string() + ")");
    }
    LoadedRule loaded;
    loaded.name = "rule_text";
    loaded.path = kName;
    loaded.per_thread.push_back(Rule::from_text(text, kName, engine));
    if (threads == 0) threads = default_threads();
    while (loaded.per_thread.size() < threads)
      loaded.per_thread.push_back(loaded.per_thread.front().clone());
    return PyRule(std::move(loaded));
  }

  const std::string& name() const { return rule_.name; }
  std::filesystem::path path() const { return rule_.path; }

  // The batch relabelled: a new batch with this rule's labels.
  TrainBatch label(const TrainBatch& batch) {
    TrainBatch out = batch;
    py::gil_scoped_release unlocked;
    parallel_blocks(rule_.per_thread.size(), out.trains.size(), [&](std::size_t t, std::size_t k) {
      out.trains[k].label = rule_.per_thread[t].label(out.trains[k].train);
    });
    return out;
  }

  // (eastbound, count): the config's `count` trains drawn from its distribution at the rule's
  // natural odds (`rule-stats`), in blocks so memory stays flat.
  std::pair<std::uint64_t, std::uint64_t> east_count(const std::filesystem::path& file,
                                                     const std::vector<std::string>& assignments) {
    DatasetConfig config = build_config(file, assignments, "rule_stats");
    py::gil_scoped_release unlocked;
    TrainSampler sampler(config.sampler);
    std::uint64_t east =
        count_eastbound(sampler, rule_.per_thread, config.seed, config.count, rule_.name);
    return {east, config.count};
  }

  // Operations (text, operation.h) applied to every train of the batch.
  py::list intervene(const TrainBatch& batch, const std::string& operations) {
    std::vector<Operation> ops = parse_operations(operations);
    std::vector<std::optional<Expected<Intervention>>> results(batch.trains.size());
    {
      py::gil_scoped_release unlocked;
      parallel_blocks(rule_.per_thread.size(), results.size(), [&](std::size_t t, std::size_t k) {
        results[k] = railyard::intervene(batch.trains[k].train, ops, rule_.per_thread[t]);
      });
    }
    return to_list(results);
  }

  // flip: the smallest edit sequence that changes the label (none where refused);
  // preserve: every single edit that keeps it.
  py::list counterfactuals(const TrainBatch& batch, const std::string& mode, int max_edits,
                           const std::string& kinds, std::uint64_t max_candidates) {
    if (mode != "flip" && mode != "preserve")
      throw py::value_error("mode '" + mode + "': must be flip or preserve");
    SearchOptions options{max_edits,
                          kinds.empty() ? EditKinds::search_default() : parse_edit_kinds(kinds),
                          max_candidates};
    std::vector<CounterfactualSearch> searches;
    for (Rule& rule : rule_.per_thread) searches.emplace_back(rule, options);
    std::vector<std::optional<Expected<Intervention>>> flips(batch.trains.size());
    std::vector<std::vector<Intervention>> kept(batch.trains.size());
    {
      py::gil_scoped_release unlocked;
      parallel_blocks(searches.size(), batch.trains.size(), [&](std::size_t t, std::size_t k) {
        if (mode == "flip")
          flips[k] = searches[t].flip(batch.trains[k].train);
        else
          kept[k] = searches[t].preserving(batch.trains[k].train);
      });
    }
    if (mode == "flip") return to_list(flips);
    py::list out;
    for (const auto& list : kept) {
      py::list per_train;
      for (const Intervention& i : list) per_train.append(to_dict(i));
      out.append(per_train);
    }
    return out;
  }

 private:
  static py::dict to_dict(const Intervention& i) {
    py::dict d;
    d["operations"] = format_operations(i.operations);
    d["train"] = to_python(train_json({i.train, i.label}, 0));
    d["description"] = format_description({i.train, i.label});
    d["base_label"] = railyard::name(i.base_label);
    d["label"] = railyard::name(i.label);
    d["flipped"] = i.flipped();
    d["changes"] = format_changes(i);
    return d;
  }

  // One dict per train; a refused one is {"refused": reason}.
  static py::list to_list(const std::vector<std::optional<Expected<Intervention>>>& results) {
    py::list out;
    for (const auto& result : results) {
      if (result->has_value()) {
        out.append(to_dict(result->value()));
      } else {
        py::dict refused;
        refused["refused"] = result->reason();
        out.append(refused);
      }
    }
    return out;
  }

  explicit PyRule(LoadedRule loaded) : rule_(std::move(loaded)) {}

  LoadedRule rule_;
};

}  // namespace

void bind_symbolic(py::module_& m) {
  py::class_<TrainBatch>(m, "TrainBatch")
      .def("__len__", [](const TrainBatch& b) { return b.trains.size(); })
      .def_property_readonly("labels", [](const TrainBatch& b) { return label_array(b.trains); })
      .def("json",
           [](const TrainBatch& b, std::int64_t i) {
             std::size_t k = position(b, i);
             return to_python(train_json(b.trains[k], b.first + k));
           })
      .def("description",
           [](const TrainBatch& b, std::int64_t i) { return format_description(at(b, i)); })
      .def("descriptions", [](const TrainBatch& b) {
        std::vector<std::string> lines;
        for (const auto& t : b.trains) lines.push_back(format_description(t));
        return lines;
      });
  m.def("sample_trains", &sample_trains, py::arg("config_file"), py::arg("assignments"),
        py::arg("balanced") = true);
  m.def(
      "config_rule",
      [](const std::filesystem::path& file, const std::vector<std::string>& assignments) {
        return build_config(file, assignments, "rule_stats").rule;
      },
      py::arg("config_file"), py::arg("assignments"));
  m.def("parse_descriptions", &parse_lines, py::arg("lines"));
  m.def(
      "read_descriptions",
      [](const std::filesystem::path& path) {
        return TrainBatch{read_description_file(path), 0};
      },
      py::arg("path"));
  py::class_<PyRule>(m, "Rule")
      .def(py::init<const std::string&, unsigned>(), py::arg("name_or_path"),
           py::arg("threads") = 0)
      .def_static("from_text", &PyRule::from_text, py::arg("text"), py::arg("threads") = 0)
      .def_property_readonly("name", &PyRule::name)
      .def_property_readonly("path", &PyRule::path)
      .def("label", &PyRule::label, py::arg("trains"))
      .def("east_count", &PyRule::east_count, py::arg("config_file"), py::arg("assignments"))
      .def("intervene", &PyRule::intervene, py::arg("trains"), py::arg("operations"))
      .def("counterfactuals", &PyRule::counterfactuals, py::arg("trains"), py::arg("mode"),
           py::arg("max_edits") = 1, py::arg("kinds") = "", py::arg("max_candidates") = 1'000'000);
}

}  // namespace railyard::python
