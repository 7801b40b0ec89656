// The abstract machine that runs compiled clauses. Internal to the engine: builtins, the compiler
// and the loader work on it directly; users go through Engine (engine.h).
//
// Memory: one heap of cells holds terms and clause frames; it is reclaimed only on backtracking
// and by reset() between proofs, so steady-state labelling allocates nothing. Control is explicit:
// continuations live in frames (return pc + parent frame), choicepoints on their own stack; a
// Prolog call never recurses on the C++ stack. A proof is bounded by Limits whatever the program:
// everything it grows counts against the term space, and builtins charge steps for their work.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "logic/prolog/cell.h"
#include "logic/prolog/cell_buffer.h"
#include "logic/prolog/cell_table.h"
#include "logic/prolog/cycles.h"
#include "logic/prolog/errors.h"
#include "logic/prolog/operators.h"
#include "logic/prolog/symbols.h"
#include "logic/prolog/writer.h"

namespace railyard::prolog {

class Machine;
class Reader;

// A builtin: args point at the argument registers. Returns false to fail. A nondeterministic
// builtin pushes a redo choicepoint (Machine::push_redo) before succeeding.
using Native = bool (*)(Machine& m, Cell* args);
// Called on backtracking into a redo choicepoint with the state it saved (already popped).
using Redo = bool (*)(Machine& m, const Cell* state);

enum class Op : std::uint8_t {
  kCall,         // a: predicate, b: argument templates, n: arity, c: cells to build
  kUnfold,       // an unfolded call's head (unfold.h): b, n, c as kCall, a: the head's templates,
                 // aux: how to match it (UnfoldKind)
  kExec,         // last call: as kCall, continuing with the frame's continuation
  kBuiltin,      // a: native index; as kCall (a nondeterministic builtin)
  kBuiltinDet,   // a deterministic builtin: continues at the next instruction
  kBuiltinLast,  // a builtin that ends a frameless body: continues with the registers
  kExecLast,     // last call of a frameless body: the continuation is in the registers
  kLookup,       // a call (op in aux) to a fact table (Pred::facts): its row, or else the call
  kProceedLast,  // end of a frameless body
  kUnify,        // b: two templates
  kIs,           // b: two templates (result, expression)
  kCompare,      // b: two expression templates, aux: comparison
  kIdentical,    // ==/2 (aux 0) or \==/2 (aux 1): b: two templates, a: the functor (messages)
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

// How Op::kUnfold matches the head: with the argument registers, Machine::match_plain, or
// Machine::match_flat (inline_calls.h).
enum UnfoldKind : std::uint16_t { kUnfoldGeneral, kUnfoldPlain, kUnfoldFlat };

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

// A clause as read, kept to compile it again when the predicates it calls change (unfold.h).
struct ClauseSource {
  std::shared_ptr<const std::vector<Cell>> cells;  // the reader's cells
  Cell head = 0, body = 0;
  // The predicates its body calls (unfolded bodies included), with their versions when it was
  // last compiled; linked once it has been compiled with the definitions of a whole consult.
  std::vector<std::pair<FunctorId, std::uint32_t>> deps;
  bool linked = false;
  bool unfolded = false;  // its code has unfolded calls
};

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
  std::vector<Clause> clauses;        // in file order
  std::vector<ClauseSource> sources;  // one per clause
  std::uint32_t version = 0;          // changes whenever the clauses do (Machine::clock_)
  std::vector<Cell> keys;             // first-argument key per clause, 0 when it matches anything
  // With distinct keys and enough clauses: open-addressing table key -> clause position, at
  // most half full. While a file loads, every predicate with distinct keys has one.
  std::vector<std::pair<Cell, std::uint32_t>> key_table;
  unsigned key_shift = 0;
  // Every clause a fact whose arguments are atoms or integers, with distinct first arguments:
  // the arguments, `arity` per clause. Empty otherwise, and from a change until its consult ends.
  std::vector<Cell> facts;
  // With facts whose keys are all atoms of small ids: the row of each atom id (keys.size() for
  // none), so a lookup indexes instead of hashing. Built with facts.
  std::vector<std::uint32_t> atom_rows;
  // The row of the fact with first argument `key` (an atom or integer); keys.size() if none.
  std::uint32_t find_row(Cell key) const {
    if (tag_of(key) == kAtom && payload(key) < atom_rows.size()) return atom_rows[payload(key)];
    return first_clause(key);
  }
  // Clause selection, the one probe of the keys. A call's key is its first argument's principal
  // functor (Machine::index_key), 0 when it is unbound; 0 in keys is a clause whose first argument
  // is a variable. Key 0 on either side matches anything: an unbound first argument may match
  // every clause, and a clause with a variable first argument may match every call.
  // The first clause at or after `from` that a call with `key` may match; keys.size() if none.
  [[gnu::always_inline]] std::uint32_t first_clause(Cell key, std::uint32_t from = 0) const {
    const auto n = static_cast<std::uint32_t>(keys.size());
    if (key == 0) return from;
    if (!key_table.empty()) {  // distinct keys: the one clause with this key, if any
      const auto& [slot_key, i] = key_table[key_slot(key)];
      return slot_key == key && i >= from ? i : n;
    }
    while (from < n && keys[from] != 0 && keys[from] != key) ++from;
    return from;
  }
  // After clause i, the next clause a call with `key` may match; keys.size() if none.
  [[gnu::always_inline]] std::uint32_t next_clause(Cell key, std::uint32_t i) const {
    if (key != 0 && distinct_keys) return static_cast<std::uint32_t>(keys.size());
    return first_clause(key, i + 1);
  }
  // The slot of `key` in key_table, or the empty one where it goes: linear probing from its hash.
  std::size_t key_slot(Cell key) const {
    const std::size_t mask = key_table.size() - 1;
    std::size_t h = key_hash(key);
    while (key_table[h].first != key && key_table[h].first != 0) h = (h + 1) & mask;
    return h;
  }
  std::size_t key_hash(Cell key) const { return (key * 0x9E3779B97F4A7C15ull) >> key_shift; }
};

// The bounds of one proof. Each bounds real work or memory whatever the program does, so no rule
// file can make a proof run for ever or take all memory; hitting one raises LimitError.
struct Limits {
  // Steps: calls, retries of nondeterministic builtins, and builtin work (one step per cell a
  // builtin walks or builds beyond the first few, one per 8 bytes of text).
  std::uint64_t max_steps = 50'000'000;
  std::uint64_t max_depth = 2'000'000;  // nested (non-last) calls
  // Term space in 8-byte cells: the heap (program and terms), findall results, the trail, the
  // choicepoint and argument stacks, code compiled for call/N, atoms made by builtins and the
  // tables of large term walks.
  std::uint64_t max_term_cells = 1ull << 25;  // 256 MiB
};

struct Choice {
  // kMember: member/2 walking a list, run inline: the saved cells are X and the rest of the list.
  enum Kind : std::uint8_t { kClauses, kElse, kRedo, kDead, kMember };
  Kind kind;
  std::uint32_t id;     // kClauses: predicate; kRedo, kMember: the builtin
  Redo redo;            // kRedo: what to run on backtracking
  std::uint32_t next;   // kClauses: position of the next clause to try
  std::uint32_t nargs;  // saved cells on the argument stack
  std::uint64_t pc;     // kClauses/kRedo: continuation address; kElse: alternative
  std::uint64_t frame;  // continuation frame, or the frame to resume in
  std::uint64_t args;   // where the saved cells start
  std::uint64_t h, tr;
  std::uint32_t code_top, tmpl_top;
};
// What a choicepoint costs in term space.
inline constexpr std::uint64_t kChoiceCells = sizeof(Choice) / sizeof(Cell);

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
  // The number of clauses of pred (0 unless it is defined by clauses), in file order.
  std::size_t clause_count(FunctorId pred) const {
    return pred < preds.size() && preds[pred].kind == Pred::kClauses ? preds[pred].clauses.size()
                                                                     : 0;
  }
  // Proves pred(args...) once with only its clause number `clause` (0-based, file order): the
  // head unifies and the body succeeds, with full backtracking inside the body (calls in the body,
  // recursive ones included, use the whole predicate). The same limits and errors as prove().
  // Throws PrologError when pred has no such clause.
  bool prove_clause(FunctorId pred, std::size_t clause, const Cell* args, unsigned arity);
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
  // Unification, standard order and copying terminate on cyclic terms (rational trees) and give
  // SWI-Prolog's answers; large ones charge steps for their work.
  bool unify(Cell a, Cell b);
  // unify() with the common cases inline: a variable on either side, or two atomic values.
  [[gnu::always_inline]] bool unify_fast(Cell a, Cell b) {
    a = deref(a);
    b = deref(b);
    if (a == b) return true;
    if (tag_of(a) == kRef) {
      if (tag_of(b) == kRef && payload(b) > payload(a))
        bind(b, a);
      else
        bind(a, b);
      return true;
    }
    if (tag_of(b) == kRef) {
      bind(b, a);
      return true;
    }
    if (tag_of(a) <= kInt || tag_of(b) <= kInt) return false;  // distinct atomic values
    return unify(a, b);
  }
  int compare(Cell a, Cell b);      // standard order: <0, 0, >0
  bool identical(Cell a, Cell b) {  // ==/2
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
  // A term as writeq (quoted) or write writes it; at most max_length bytes, then "...".
  std::string show(Cell t, bool quoted = true, std::size_t max_length = kShowLength) const;
  static constexpr std::size_t kShowLength = 2000;  // enough for a message
  // A term's text for the write builtins: within the term space left, else the limit error.
  std::string write_text(Cell t, WriteOptions options);
  // Imports a term from another cell array (the reader's), mapping its variables.
  Cell import(const Cell* src, Cell t, std::vector<std::pair<std::uint64_t, Cell>>& vars);
  bool ground(Cell t);
  // Whether t is a finite tree; the term-space error when the walk would not fit in it.
  bool acyclic(Cell t) const;
  // The number of list cells from `list` to its end, which goes to `tail` (dereferenced);
  // -1 when the list is cyclic. O(length) and no memory, whatever the list.
  std::int64_t list_length(Cell list, Cell& tail) const;
  // The elements of a proper list; instantiation or type error (naming `list`) otherwise.
  std::vector<Cell> list_items(Cell list);

  // --- Limits --------------------------------------------------------------------------------
  // Counts builtin work against the step limit.
  void charge(std::uint64_t steps) {
    steps_ += steps;
    if (steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
  }
  // Term space in use (see Limits::max_term_cells).
  std::uint64_t space_used() const {
    return h_ + store_.size() + trail_.size() + argstack_.size() +
           std::uint64_t{b_} * kChoiceCells + 2 * (code.size() - static_code) +
           (tmpl.size() - static_tmpl) + aux_cells_ + seen_.cells();
  }
  // Raises the term-space limit error unless `cells` more fit.
  void reserve_space(std::uint64_t cells) {
    if (space_used() + cells > limits.max_term_cells) limit_error(LimitKind::kTermSpace);
  }
  // Holds `cells` of term space for a builtin's temporary buffer until it goes out of scope.
  class SpaceHold {
   public:
    SpaceHold(Machine& m, std::uint64_t cells) : m_(m), cells_(cells) {
      m.reserve_space(cells);
      m.aux_cells_ += cells;
    }
    ~SpaceHold() { m_.aux_cells_ -= cells_; }
    SpaceHold(const SpaceHold&) = delete;
    SpaceHold& operator=(const SpaceHold&) = delete;

   private:
    Machine& m_;
    std::uint64_t cells_;
  };
  // Guards one level of a recursive term walk (arithmetic, compiling a goal for call/N): deeper
  // than kMaxNesting is an error naming `what`, not a stack overflow.
  class Nested {
   public:
    Nested(Machine& m, const char* what) : m_(m) {
      if (++m.nesting_ > kMaxNesting) m.nesting_error(what);
    }
    ~Nested() { --m_.nesting_; }
    Nested(const Nested&) = delete;
    Nested& operator=(const Nested&) = delete;

   private:
    Machine& m_;
  };
  // An atom made by a builtin: counted against the term space until the proof ends.
  AtomId intern(std::string_view name);
  // Symbols interned so far stay when proofs end (the program's and the caller's).
  void keep_symbols() {
    static_atoms_ = symbols.atom_count();
    static_functors_ = symbols.functor_count();
  }

  // --- Builtin support -----------------------------------------------------------------------
  void push_redo(Redo redo, const Cell* state, unsigned n);
  // Tries a unification and undoes it whatever the outcome.
  bool can_unify(Cell a, Cell b);
  void push_choice(Choice::Kind kind, std::uint64_t pc, std::uint64_t frame) {
    if (cps_.data() + b_ == std::to_address(cps_.end())) grow_choices();
    Choice& c = cps_[b_++];
    c.kind = kind;
    c.pc = pc;
    c.frame = frame;
    c.h = h_;
    c.tr = trail_.size();
    c.args = argstack_.size();
    c.nargs = 0;
    c.code_top = static_cast<std::uint32_t>(code.size());
    c.tmpl_top = static_cast<std::uint32_t>(tmpl.size());
    hb_ = h_;
  }
  void push_args(const Cell* cells, unsigned n) {
    if (argstack_.size() + n > argstack_.capacity()) grow_args(n);
    for (unsigned k = 0; k < n; ++k) argstack_.push_back(cells[k]);  // within capacity
  }
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
    const std::uint64_t n = trail_.size();
    if (n <= tr) return;
    const std::uint64_t* entries = trail_.data();
    for (std::uint64_t k = n; k > tr;) {
      std::uint64_t i = entries[--k];
      heap_[i] = make_ref(i);
    }
    trail_.resize(tr);
  }
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
  std::vector<Instr> code;
  std::vector<Cell> tmpl;
  std::vector<Native> natives;
  std::uint32_t member_native_ = ~0u;  // member/2's native, run inline by the machine
  std::vector<FunctorId> native_functor;
  std::uint32_t static_code = 0, static_tmpl = 0;

  CellBuffer heap_;
  std::uint64_t h_ = kScratchBase + kScratchSlots, hb_ = 0,
                static_top_ = kScratchBase + kScratchSlots;
  std::vector<std::uint64_t> trail_;
  std::vector<Choice> cps_;
  std::uint32_t b_ = 0;
  std::vector<Cell> argstack_;
  std::vector<Cell> store_;                             // findall results, outliving backtracking
  std::vector<Cell> scratch_;                           // frame slots of facts
  std::vector<std::pair<Cell, Cell>> work_;             // unify/compare/copy work list
  std::vector<std::uint64_t> marked_;                   // copy_term bookkeeping
  CellTable seen_;                                      // large term walks: what they visited
  std::uint64_t aux_cells_ = 0;                         // term space of builtins' buffers and atoms
  std::size_t static_atoms_ = 0, static_functors_ = 0;  // symbols that outlive proofs
  unsigned nesting_ = 0;                                // recursive walks (see Nested)
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
  std::uint64_t key_probes = 0;       // loading: key table slots visited (O(clauses) in all)
  std::uint32_t clock_ = 0;           // the last predicate version handed out

  // Functor ids the compiler and builtins use.
  FunctorId f_unfolded_;  // '$unfolded'(Goal, Head, Body), made by the unfolder only
  FunctorId f_is_, f_unify_, f_identical_, f_not_identical_, f_compare_[6], f_bar_, f_aggr_sum_,
      f_aggr_max_, f_aggr_min_, f_aggr_max_w_, f_aggr_min_w_, f_sort_, f_module_;
  std::vector<std::int8_t> arith_op_;  // by functor id: evaluable function, -1 if none

 private:
  friend class Compiler;
  enum class Entry { kNext, kCall, kFail, kClause };
  bool run(Entry entry, FunctorId pred, std::uint32_t clause_index = 0);
  // run()'s registers, locals while it runs: pc the instruction, f the frame, cp and cf where the
  // current call returns to. A frame keeps its caller's continuation in the three cells below f:
  // return address, parent frame, call depth (push_frame).
  struct Registers {
    std::uint64_t pc, f, cp, cf;
    // The current call succeeded: on to its continuation.
    void proceed() {
      pc = cp;
      f = cf;
    }
    // The body of a frame ended: on to the continuation the frame saved.
    void leave_frame(const CellBuffer& heap) {
      pc = heap[f - 3];
      f = heap[f - 2];
    }
    // A call that returns to the next instruction, in this frame.
    void call_returns_here() {
      cp = pc + 1;
      cf = f;
    }
    // A framed body's last call: it returns where the frame would (last-call optimisation).
    void call_returns_from_frame(const CellBuffer& heap) {
      cp = heap[f - 3];
      cf = heap[f - 2];
    }
    // A call of `op` (kCall, kExec, kExecLast) succeeded without entering a clause.
    void after_call(Op op, const CellBuffer& heap) {
      if (op == Op::kExec)
        leave_frame(heap);
      else if (op == Op::kExecLast)
        proceed();
      else
        ++pc;
    }
  };
  // A call or retry: one step against the limit, and the predicate that errors name.
  void step(FunctorId pred) {
    current_ = pred;
    if (++steps_ > limits.max_steps) limit_error(LimitKind::kSteps);
  }
  inline std::uint64_t push_frame(std::uint32_t slots, std::uint64_t cp, std::uint64_t cf);
  inline const Clause* select_clause(const Pred& p, FunctorId pred, const Registers& r);
  inline const Clause* retry_clauses(Choice& c, Registers& r);
  inline bool call_native(const Pred& p, const Registers& r);
  inline bool run_native(std::uint32_t native, Cell* args, const Registers& r);
  inline bool member_inline(Cell x, Cell list, Choice* retry, const Registers& r);
  bool redo_native(Choice& c);
  bool call_var(Instr in, std::uint64_t pc, std::uint64_t f, FunctorId& pred);
  bool findall_end(Instr in, std::uint64_t f);
  // Builtins compiled to instructions (inline_calls.h).
  inline bool op_unify(const Instr& in, std::uint64_t f);
  inline bool op_identical(const Instr& in, std::uint64_t f);
  inline bool op_is(const Instr& in, std::uint64_t f);
  inline bool op_compare(const Instr& in, std::uint64_t f);
  void grow_heap(std::uint64_t cells);
  inline Cell index_key(Cell c) const;
  Cell build(Cell t, Cell* slots);
  void build_into(Cell t, std::uint64_t dst, Cell* slots);
  Cell build_compound(Cell t, Cell* slots, Cell& last, std::uint64_t& last_dst);
  bool unify_head(Cell t, Cell v, Cell* slots);
  enum class Match { kFail, kDone, kLast };
  inline Match match_args(const Cell* tp, std::uint64_t at, Cell* slots, Cell& t, Cell& v);
  inline void load_args(const Instr& in, std::uint64_t frame);  // a call's arguments into args_
  inline bool unify_args(const Cell* head, unsigned n, Cell* slots);  // a head against args_
  enum class Lookup { kNoRow, kFound, kCall };
  inline Lookup lookup_fact(const Instr& in, Cell* slots);
  inline bool match_plain(const Instr& in, Cell* slots);
  inline bool match_flat(const Instr& in, std::uint64_t frame);
  inline bool match_unfolded(const Instr& in, std::uint64_t frame);  // Op::kUnfold, any kind
  inline bool unify_arg(Cell t, Cell v, Cell* slots);
  // Adds the key of the clause about to be appended to p's key table; false when an earlier
  // clause has the same key (the table is then stale: drop it).
  bool add_key(Pred& p, Cell key);
  void build_key_tables();
  void build_fact_tables();  // and points the calls to them at their rows
  void build_atom_rows(Pred& p);
  void read_clauses(Reader& reader, const std::string& source_name);
  void finish_consult();
  // Compiles again, with calls unfolded, the clauses whose callees changed (unfold.cpp).
  void link();
  void relink_clause(FunctorId f, std::size_t i);
  void redefine(Pred& p);  // a predicate's clauses start over in the file being loaded
  bool call_goal(Cell goal, const Cell* extra, unsigned n_extra, std::uint64_t cont_pc,
                 std::uint64_t cont_frame, FunctorId& pred);
  Cell template_key(Cell t) const;
  template <class Target>
  bool copy_cells(Cell t, Target& target, bool track);
  template <class Target>
  Cell copy_into(Cell t, Target& target);
  void unmark();
  void store_copy(Cell t);  // appends a findall result to store_
  bool remember(std::uint64_t a, std::uint64_t b, std::uint64_t value = 0);
  void end_walk(std::uint64_t compounds);
  bool unify_failed(std::size_t base, std::uint64_t compounds);
  int compare_atomic(Cell a, Cell b) const;
  void import_into(const Cell* src, Cell t, std::uint64_t dst,
                   std::unordered_map<std::uint64_t, Cell>& vars);
  void release_memory();
  void clean_up();
  [[gnu::noinline]] void grow_choices();
  [[gnu::noinline]] void grow_args(unsigned n);
  void enter_meta(Cell goal, std::uint64_t cont_pc, std::uint64_t cont_frame);
  void add_clause(Cell head, Cell body, const std::vector<Cell>& src, const std::string& where);
  void run_directive(Cell goal, const std::vector<Cell>& src, const std::string& where);
  bool directive_declaration(Cell goal, const std::vector<Cell>& src, const std::string& where);
  [[noreturn]] void limit_error(LimitKind kind) const;
  [[noreturn]] void nesting_error(const char* what);
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
