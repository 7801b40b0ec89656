// A classification rule: background.pl and a rule file defining eastbound/1, loaded into
// railyard's own Prolog engine. label() builds the train term directly on the engine's heap and
// proves eastbound/1 once.
#pragma once

#include <array>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "logic/prolog/engine.h"
#include "logic/train.h"
#include "util/input_error.h"

namespace railyard {

// A rule that cannot be loaded or run. Messages name the rule file, and for syntax errors the
// line and column ("rule.pl:12:5: syntax error: ..."); a rule that hits one of the engine's
// limits names it ("step limit", "depth limit" or "term space limit"). The rule stays usable.
class RuleError : public InputError {
 public:
  using InputError::InputError;
};

class Rule {
 public:
  // Loads the background file, then the rule file. `goal` is the unary predicate the rule proves:
  // eastbound/1 for a classification rule, any name for a sequence's per-step predicate
  // (roofed/1). Throws RuleError.
  static Rule load(const std::filesystem::path& rule_file,
                   const std::filesystem::path& background_file,
                   const std::string& goal = kEastbound);
  // The rule in `rule_text` (called `rule_name` in messages) on top of an engine that has the
  // background loaded already, which is copied: for many rules over one background (the fuzzer).
  static Rule from_text(std::string_view rule_text, const std::string& rule_name,
                        const prolog::Engine& background, const std::string& goal = kEastbound);
  // The background file, then `rule_text`: a predicate written inline in a config.
  static Rule from_text(std::string_view rule_text, const std::string& rule_name,
                        const std::filesystem::path& background_file,
                        const std::string& goal = kEastbound);

  static constexpr const char* kEastbound = "eastbound";

  // An independent copy for another thread (no file is read again).
  Rule clone() const { return *this; }

  // East when eastbound(Train) succeeds. Throws RuleError naming the rule file when the rule
  // raises an error (unknown predicate, type error, runaway recursion, ...).
  Direction label(const Train& train);
  // Whether goal(Train) succeeds: label() as a truth value.
  bool proves(const Train& train) { return label(train) == Direction::East; }
  const std::string& goal() const { return goal_; }

  // The number of clauses of the goal predicate (eastbound/1) as loaded, in file order.
  std::size_t clause_count() const;
  // For each clause of the goal predicate, in file order, whether that clause alone proves
  // goal(Train) (its head unifies and its body succeeds). Throws RuleError like label().
  std::vector<bool> clauses_proving(const Train& train);
  // How many of them do: a world's "concepts satisfied" (GraphLog's compositions).
  std::size_t clauses_proved(const Train& train);

  const std::filesystem::path& path() const { return rule_file_; }
  void set_limits(const prolog::Limits& limits) { engine_.set_limits(limits); }

 private:
  Rule() = default;
  void finish_loading();
  void intern_vocabulary();
  prolog::Cell build_train(const Train& train);

  prolog::Engine engine_;
  std::filesystem::path rule_file_;
  std::string goal_ = kEastbound;
  prolog::FunctorId eastbound_ = 0, car_ = 0, load_ = 0;
  std::array<prolog::Cell, 5> shape_{}, roof_{};
  std::array<prolog::Cell, 2> length_{}, wall_{};
  std::array<prolog::Cell, 6> load_shape_{};
  prolog::Cell no_load_ = 0;
};

// A bare name ("theoryx") means rules_dir/theoryx.pl; anything with a '/' or a .pl ending is a
// path. Throws RuleError listing the shipped rules when the name is unknown or the file missing.
std::filesystem::path resolve_rule(std::string_view name_or_path,
                                   const std::filesystem::path& rules_dir);

// The canonical Prolog text of a train: [c(1,rectangle,short,not_double,none,2,l(circle,1)),...]
std::string train_term(const Train& train);

}  // namespace railyard
