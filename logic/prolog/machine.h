// The abstract machine that runs compiled clauses. Internal to the engine: builtins, the compiler
// and the loader work on it directly; users go through Engine (engine.h).
//
// Memory: one heap of cells holds terms and clause frames; it is reclaimed only on backtracking
// and by reset() between proofs, so steady-state labelling allocates nothing. Control is explicit:
// continuations live in frames (return pc + parent frame), choicepoints on their own stack; a
// Prolog call never recurses on the C++ stack.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include "logic/prolog/cell.h"
#include "logic/prolog/operators.h"
#include "logic/prolog/symbols.h"

namespace railyard::prolog {

class Machine;

// A builtin: args point at the argument registers. Returns false to fail. A nondeterministic
// builtin pushes a redo choicepoint (Machine::push_redo) before succeeding.
using Native = bool (*)(Machine& m, Cell* args);
// Called on backtracking into a redo choicepoint with the state it saved (already popped).
using Redo = bool (*)(Machine& m, const Cell* state);

enum class Op : std::uint8_t {
  kCall,         // a: predicate, b: argument templates, n: arity, c: cells to build
  kExec,         // last call: as kCall, continuing with the frame's continuation
  kBuiltin,      // a: native index; as kCall (a nondeterministic builtin)
  kBuiltinDet,   // a deterministic builtin: continues at the next instruction
  kBuiltinLast,  // a builtin that ends a frameless body: continues with the registers
  kExecLast,     // last call of a frameless body: the continuation is in the registers
  kProceedLast,  // end of a frameless body
  kUnify,        // b: two templates
  kIs,           // b: two templates (result, expression)
  kCompare,      // b: two expression templates, aux: comparison
  kProceed,      // return to the frame's continuation
  kFail,
  kJump,          // a: target
  kTryElse,       // a: alternative; pushes a choicepoint resuming there
  kMark,          // a: slot <- current choicepoint level
  kGetLevel,      // a: slot <- choicepoint level at clause entry (the cut barrier)
  kCut,           // a: slot holding the level to cut back to
  kSoftCut,       // a: slot; disables the choicepoint pushed right after that mark
  kCallVar,       // b: goal template then n extra arguments; aux 1 when it is the last call
  kFindallBegin,  // a: slot for the result-store mark, b: end address
  kFindallPush,   // b: template of the collected term
  kFindallEnd,    // a: slot, b: list template (then tail template when n == 2)
  kCountBegin,    // a: counter slot, b: end address
  kCountInc,      // a: counter slot
  kCountEnd,      // a: counter slot, b: result template
  kHalt,          // the query succeeded
};

enum Comparison : std::uint16_t { kArEq, kArNe, kArLt, kArGt, kArLe, kArGe };

struct Instr {
  Op op;
  std::uint8_t n = 0;
  std::uint16_t aux = 0;
  std::uint32_t a = 0, b = 0, c = 0;
};

inline constexpr std::uint32_t kNoBody = 0xFFFFFFFFu;

struct Clause {
  std::uint32_t head = 0;        // template index of the first head argument
  std::uint32_t body = kNoBody;  // code address; kNoBody for a fact
  std::uint32_t slots = 0;       // frame slots
  std::uint32_t cells = 0;       // heap cells that entering the clause may need
  // A linear body (builtins then at most one last call): no frame, the slots are the scratch
  // area at the bottom of the heap and the continuation stays in the registers.
  bool frameless = false;
};

inline constexpr std::uint64_t kScratchBase = 1;
inline constexpr std::uint32_t kScratchSlots = 256;

struct Pred {
  enum Kind : std::uint8_t { kUndefined, kClauses, kNative };
  Kind kind = kUndefined;
  bool library = false;           // a library predicate a user's file may redefine
  bool control = false;           // compiled inline (',', ';', findall, ...): never redefinable
  bool nondeterministic = false;  // a native that may leave a choicepoint
  bool distinct_keys = true;      // every clause has its own non-variable first-argument key
  std::uint32_t native = 0;
  std::uint32_t file = 0;  // consult that defined the clauses
  std::uint32_t arity = 0;
  std::vector<std::uint32_t> clauses;
  std::vector<Cell> keys;  // first-argument key per clause, 0 when it matches anything
  // With distinct keys and enough clauses: open-addressing table key -> clause position.
  std::vector<std::pair<Cell, std::uint32_t>> key_table;
  unsigned key_shift = 0;
};

struct Limits {
  std::uint64_t max_steps = 50'000'000;       // calls (and retries) per proof
  std::uint64_t max_depth = 2'000'000;        // nested (non-last) calls
  std::uint64_t max_heap_cells = 1ull << 27;  // 1 GiB of term space
};

struct Choice {
  enum Kind : std::uint8_t { kClauses, kElse, kRedo, kDead };
  Kind kind;
  std::uint32_t id;     // kClauses: predicate
  Redo redo;            // kRedo: what to run on backtracking
  std::uint32_t next;   // kClauses: position of the next clause to try
  std::uint32_t nargs;  // saved cells on the argument stack
  std::uint64_t pc;     // kClauses/kRedo: continuation address; kElse: alternative
  std::uint64_t frame;  // continuation frame, or the frame to resume in
  std::uint64_t args;   // where the saved cells start
  std::uint64_t h, tr;
  std::uint32_t code_top, tmpl_top;
};

class Machine {
 public:
  Machine();

  // --- Loading -------------------------------------------------------------------------------
  // Consults program text; clauses for a predicate defined by an earlier consult replace it.
  void consult(std::string_view text, const std::string& source_name, bool library = false);
  void define_native(std::string_view name, unsigned arity, Native fn, bool library = false,
                     bool nondeterministic = false);

  // --- Running -------------------------------------------------------------------------------
  // Discards everything from the previous proof (keeps all capacity).
  void reset();
  // Proves pred(args...) once from a clean continuation. Arguments must be on the heap already.
  bool prove(FunctorId pred, const Cell* args, unsigned arity);
  // Proves a goal term (any control construct); solve_next() backtracks for another solution.
  bool solve(Cell goal);
  bool solve_next();

  // --- Terms ---------------------------------------------------------------------------------
  Cell deref(Cell c) const {
    while (tag_of(c) == kRef) {
      Cell next = heap_[payload(c)];
      if (next == c) return c;
      c = next;
    }
    return c;
  }
  void bind(Cell var, Cell value) {
    std::uint64_t i = payload(var);
    heap_[i] = value;
    if (i < hb_) trail_.push_back(i);
  }
  bool unify(Cell a, Cell b);
  int compare(Cell a, Cell b) const;      // standard order: <0, 0, >0
  bool identical(Cell a, Cell b) const {  // ==/2
    a = deref(a);
    b = deref(b);
    if (a == b) return true;
    if (tag_of(a) != tag_of(b) || tag_of(a) == kAtom || tag_of(a) == kInt || tag_of(a) == kRef)
      return false;
    return compare(a, b) == 0;
  }
  void ensure(std::uint64_t cells) {
    if (h_ + cells > heap_.size()) grow_heap(cells);
  }
  Cell new_var() {
    ensure(1);
    std::uint64_t i = h_++;
    heap_[i] = make_ref(i);
    return heap_[i];
  }
  Cell new_float(double d);
  double float_value(Cell c) const;
  Cell new_struct(FunctorId f, const Cell* args, unsigned n);  // '[|]'/2 makes a list cell
  Cell new_list(const Cell* items, std::size_t n, Cell tail);
  Cell copy_term(Cell t);  // fresh variables, sharing kept
  bool is_atom(Cell c, AtomId a) const { return c == make_atom(a); }
  // Functor of a callable term (atom or compound); false otherwise.
  bool callable_functor(Cell c, FunctorId& f);
  std::string show(Cell t, bool quoted = true) const;
  // Imports a term from another cell array (the reader's), mapping its variables.
  Cell import(const Cell* src, Cell t, std::vector<std::pair<std::uint64_t, Cell>>& vars);

  // --- Builtin support -----------------------------------------------------------------------
  void push_redo(Redo redo, const Cell* state, unsigned n);
  // Tries a unification and undoes it whatever the outcome.
  bool can_unify(Cell a, Cell b);
  void push_choice(Choice::Kind kind, std::uint64_t pc, std::uint64_t frame);
  void pop_choice() {
    --b_;
    argstack_.resize(cps_[b_].args);
    hb_ = b_ ? cps_[b_ - 1].h : 0;
  }
  void cut_to(std::uint32_t b) {
    if (b < b_) {
      argstack_.resize(cps_[b].args);
      b_ = b;
      hb_ = b_ ? cps_[b_ - 1].h : 0;
    }
  }
  void undo_to(std::uint64_t tr) {
    while (trail_.size() > tr) {
      std::uint64_t i = trail_.back();
      trail_.pop_back();
      heap_[i] = make_ref(i);
    }
  }
  [[noreturn]] void throw_error(const std::string& message) const;
  [[noreturn]] void instantiation_error() const;
  [[noreturn]] void type_error(const char* type, Cell culprit) const;
  [[noreturn]] void domain_error(const char* domain, Cell culprit) const;
  std::int64_t get_int(Cell c) const;  // integer or error
  AtomId get_atom(Cell c) const;

  // --- State (internal) ----------------------------------------------------------------------
  Symbols symbols;
  Operators ops{symbols};
  Limits limits;
  std::ostream* out;

  std::vector<Pred> preds;  // by functor id
  std::vector<Clause> clauses;
  std::vector<Instr> code;
  std::vector<Cell> tmpl;
  std::vector<Native> natives;
  std::vector<FunctorId> native_functor;
  std::uint32_t static_code = 0, static_tmpl = 0;

  std::vector<Cell> heap_;
  std::uint64_t h_ = kScratchBase + kScratchSlots, hb_ = 0,
                static_top_ = kScratchBase + kScratchSlots;
  std::vector<std::uint64_t> trail_;
  std::vector<Choice> cps_;
  std::uint32_t b_ = 0;
  std::vector<Cell> argstack_;
  std::vector<Cell> store_;                  // findall results, outliving backtracking
  std::vector<Cell> scratch_;                // frame slots of facts
  std::vector<std::pair<Cell, Cell>> work_;  // unify/compare work list
  std::vector<std::uint64_t> marked_;        // copy_term bookkeeping
  Cell args_[256] = {};
  Cell redo_state_[16] = {};
  bool reuse_choice_ = false;  // during a redo: push_redo may refill the choicepoint in place

  std::uint64_t pc_ = 0, f_ = 0, cp_ = 0, cf_ = 0;
  std::uint32_t cut_b_ = 0;
  std::uint64_t steps_ = 0;
  FunctorId current_ = 0;  // predicate being called, for error messages
  std::uint32_t halt_pc_ = 0;
  std::uint64_t top_frame_ = 0;
  std::uint32_t consults_ = 0;
  std::uint32_t loading_file_ = 0;
  bool loading_library_ = false;
  std::vector<std::string> warnings;  // from consults: failed directives

  // Functor ids the compiler and builtins use.
  FunctorId f_is_, f_unify_, f_compare_[6], f_bar_, f_aggr_sum_, f_aggr_max_, f_aggr_min_,
      f_aggr_max_w_, f_aggr_min_w_, f_sort_, f_module_;
  std::vector<std::int8_t> arith_op_;  // by functor id: evaluable function, -1 if none

 private:
  friend class Compiler;
  enum class Entry { kNext, kCall, kFail };
  bool run(Entry entry, FunctorId pred);
  void grow_heap(std::uint64_t cells);
  Cell index_key(Cell c) const;
  Cell build(Cell t, Cell* slots);
  void build_into(Cell t, std::uint64_t dst, Cell* slots);
  bool unify_head(Cell t, Cell v, Cell* slots);
  inline void load_args(const Instr& in);
  inline bool unify_arg(Cell t, Cell v, Cell* slots);
  void build_key_tables();
  bool call_goal(Cell goal, const Cell* extra, unsigned n_extra, std::uint64_t cont_pc,
                 std::uint64_t cont_frame, FunctorId& pred);
  Cell template_key(Cell t) const;
  std::uint64_t term_cells(Cell t) const;
  void copy_cells(Cell t, Cell* dst, std::uint64_t root, std::uint64_t& top, std::int64_t reloc);
  void enter_meta(Cell goal, std::uint64_t cont_pc, std::uint64_t cont_frame);
  void begin_proof();
  void add_clause(Cell head, Cell body, const std::vector<Cell>& src, const std::string& where);
  void run_directive(Cell goal, const std::vector<Cell>& src, const std::string& where);
  bool directive_declaration(Cell goal, const std::vector<Cell>& src, const std::string& where);
  Cell findall_collect(std::uint64_t start, Cell tail);
  [[noreturn]] void limit_error(const char* what, std::uint64_t limit) const;
  [[noreturn]] void unknown_procedure(FunctorId f) const;
};

// Arithmetic (arithmetic.cpp).
struct Number {
  bool is_float = false;
  std::int64_t i = 0;
  double d = 0.0;
};
Number eval(Machine& m, Cell expression);
Number eval_template(Machine& m, Cell t, const Cell* slots);
Cell number_cell(Machine& m, Number n);
bool compare_numbers(Machine& m, Comparison op, Number a, Number b);
void setup_arithmetic(Machine& m);

// Builtin families (builtins_*.cpp).
void register_control_builtins(Machine& m);
void register_term_builtins(Machine& m);
void register_arith_builtins(Machine& m);
void register_list_builtins(Machine& m);
void register_atom_builtins(Machine& m);
void register_io_builtins(Machine& m);
// The part of the library written in Prolog (library.cpp).
extern const char* const kLibraryText;

}  // namespace railyard::prolog
