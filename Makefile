# Two commands do everything on a fresh machine: `make demo` and `make test`.
PY ?= python3
VENV ?= .venv
BIN := $(VENV)/bin

.PHONY: setup demo test test-py test-lit test-campaigns bench test-distributed bench-distributed fuzz \
	test-durations doc-examples doc-examples-corpus record-oracles shardy-campaign shardy-op-sweep uneven-sweep

$(BIN)/.installed: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test,bench]'
	touch $@

setup: $(BIN)/.installed

demo: setup
	$(BIN)/python examples/demo.py

# --dist worksteal: each worker starts on its half of the tests (in order, so a module's fixtures
# and JAX oracle mostly run on one worker) and an idle worker takes tests queued on the other, so
# a long test near the end does not leave a core idle.
test: setup
	$(BIN)/python -m pytest tests -n 2 --dist worksteal
	PATH=$(abspath $(BIN)):$$PATH $(BIN)/lit -sv test/lit

# Where `make test`'s pytest time goes: the same run logging each test's duration
# (tests/support/durlog.py), then the 40 longest tests and each directory's worker-seconds.
test-durations: setup
	rm -f durations.log
	-DURLOG=$(abspath durations.log) $(BIN)/python -m pytest tests -n 2 --dist worksteal -p tests.support.durlog
	$(BIN)/python -m tests.support.durlog durations.log

# The long checks kept out of `make test` (pytest's `campaign` marker): the rest of each split sweep
# (tests/support/campaign.py), every module imported alone in a
# fresh interpreter, meshjit's own propagation sharding what Shardy shards on the Shardy suite, and
# long random chains moving no more bytes than Shardy; then every hypothesis test with all its
# examples (make test draws a sixth of them: tests/support/campaign.py examples()).
test-campaigns: setup
	$(BIN)/python -m pytest tests -n 2 -m campaign --dist worksteal
	MESHJIT_ALL_EXAMPLES=1 $(BIN)/python -m pytest tests -n 2 -m hypothesis --dist worksteal

# JAX's results for every oracle `make test` uses, recorded into tests/oracle_results/ (each named
# by a digest of its cases, harness and JAX's version: tests/support/oracle_store.py). Run after
# changing a harness or program so fresh clones do not run JAX for it; stale files are dropped.
record-oracles: setup
	rm -rf tests/oracle_results
	MESHJIT_RECORD_ORACLES=1 $(BIN)/python -m pytest tests -n 2 --dist worksteal -p no:cacheprovider

bench: setup
	$(BIN)/python bench/lowering.py
	$(BIN)/python bench/propagation.py
	$(BIN)/python bench/explicit.py

# Several processes on loopback (tests/distributed runs in `make test` too, but for three fault
# tests that wait out timeouts: those are campaigns, and this target runs them).
test-distributed: setup
	$(BIN)/python -m pytest tests/distributed -n 2 -m 'campaign or not campaign'

# Step time of examples/train.py on 1x8, 2x4 and 4x2 processes x devices; initialize and compile.
bench-distributed: setup
	$(BIN)/python bench/distributed.py

# The differential fuzzer's campaign (CI runs a slice in tests/fuzz): make fuzz N=3000
# (X64=1: programs with 64-bit inputs, meshjit and JAX both with jax_enable_x64 on)
N ?= 3000
fuzz: setup
	$(BIN)/python bench/fuzz.py -n $(N) $(if $(X64),--x64) --out fuzz-report.json

# Random sdy-annotated MLIR modules through every Shardy pass and meshjit's mapped pipeline, and
# meshjit's own mode (CI runs a slice: tests/passes/shardy/test_random_sdy.py):
# make shardy-campaign N=2000 SEED=1000 (EXTENDED=1: also if / reverse / dynamic_update_slice;
# WIDE=1: also gather / scatter / two-operand sort / reduce_window / grouped convolution)
SEED ?= 0
shardy-campaign: setup
	nice -n 10 $(BIN)/python -m tests.support.shardy_campaign -n $(N) --seed $(SEED) \
		$(if $(EXTENDED),--extended) $(if $(WIDE),--wide) --out shardy-campaign.json

# make shardy-op-sweep N=40 SEED=0 [OPS=sort,gather]: one-op modules per StableHLO op with random
# shardings, meshjit against every Shardy pass; disagreements per op and pass (one process).
shardy-op-sweep: setup
	nice -n 10 $(BIN)/python -m tests.support.op_sweep \
		-n $(if $(filter command line,$(origin N)),$(N),40) --seed $(SEED) \
		$(if $(OPS),--ops $(OPS)) --out shardy-op-sweep.json

# make uneven-sweep N=20 SEED=0 [OPS=fft1,conv0_g1] [MODE=xla] [INSIDE=1]: ops under uneven
# shardings on 8 devices against NumPy (numbers and output shardings; tests/support/
# uneven_sweep.py); MODE picks the propagation, INSIDE=1 has the sharding reach the op through
# propagation from a constrained neighbour instead of placing it
uneven-sweep: setup
	nice -n 10 $(BIN)/python -m tests.support.uneven_sweep \
		-n $(if $(filter command line,$(origin N)),$(N),20) --seed $(SEED) \
		$(if $(OPS),--ops $(OPS)) $(if $(MODE),--mode $(MODE)) $(if $(INSIDE),--inside) \
		--out uneven-sweep.json

# JAX 0.10.2's docstring examples run under meshjit: pass / fail / skip per module, and the
# failures' first error lines (the corpus is tests/doc_examples/corpus.json).
doc-examples: setup
	$(BIN)/python -m tests.doc_examples.report

# Collects the corpus from JAX's docstrings (imports jax; checks each example passes under JAX).
doc-examples-corpus: setup
	$(BIN)/python tests/doc_examples/collect.py
