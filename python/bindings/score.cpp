// railyard.score(): predictions scored against a dataset, suite, pairs or sequence folder by the
// command's own code (tools/lib/score/score.h), without the GIL; the result is score.json's object
// as Python values, and with an output folder the score folder the command writes (the result
// then lists its plots). Bad predictions are ScoreErrors (InputErrors: ValueErrors) naming the
// file, line and key. read_score(): a score.json read through its checked reader.
#include "tools/lib/score/score.h"

#include <pybind11/stl.h>

#include <optional>
#include <string>
#include <vector>

#include "python/bindings/bindings.h"
#include "python/bindings/json_objects.h"

namespace railyard::python {
namespace {

py::object score_predictions(const std::vector<std::string>& predictions, const std::string& target,
                             const std::string& output, bool partial, const std::string& baseline,
                             double confidence, const std::string& worlds,
                             std::size_t misclassified) {
  score::ScoreRequest request;
  request.predictions.assign(predictions.begin(), predictions.end());
  request.target = target;
  request.partial = partial;
  request.baseline = baseline;
  request.confidence = confidence;
  if (!worlds.empty()) request.worlds = worlds;
  request.misclassified = misclassified;
  if (!output.empty()) check_destination(output, score::kScoreFolder);
  score::ScoreReport result;
  {
    py::gil_scoped_release release;
    result = score::score_predictions(request);
    if (!output.empty()) result = score::write_score_folder(std::move(result), output);
  }
  return to_python(record_json(result));
}

}  // namespace

void bind_score(py::module_& module) {
  module.def("score", &score_predictions, py::arg("predictions"), py::arg("target"),
             py::arg("output"), py::arg("partial"), py::arg("baseline"), py::arg("confidence"),
             py::arg("worlds"), py::arg("misclassified"));
  module.def(
      "score_defaults",
      [] {
        const score::ScoreRequest request;
        py::dict out;
        out["baseline"] = request.baseline;
        out["confidence"] = request.confidence;
        out["misclassified"] = request.misclassified;
        return out;
      },
      "The options' defaults, ScoreRequest's: what the command's flags default to.");
  module.def(
      "read_score",
      [](const std::string& file) {
        return to_python(record_json(score::read_score_report(file)));
      },
      py::arg("file"));
}

}  // namespace railyard::python
