# iomodel -- plain GNU Makefile. Everything is built under $(O) (default build/).
#   make            library (static + shared) and the iomodel CLI
#   make run        the main job: atyfb scenarios with --pat both, and an audit of this machine
#   make check      every test; the last line is "N passed, N failed"
#   make SANITIZE=1 CC=clang check    ASan+UBSan build of the same tests
#   make fuzz       libFuzzer binaries (clang only) under $(O)/fuzz
#   make bench      benchmarks under $(O)/bench (they print figures)
O        ?= build
CC       ?= cc
SANITIZE ?=
PKGS     := jansson
WARN     := -Wall -Wextra -Wshadow -Wundef -Wwrite-strings -Wstrict-prototypes \
            -Wmissing-prototypes -Wold-style-definition -Wformat=2 -Wvla \
            -Wimplicit-fallthrough -Wno-unused-parameter
OPT      ?= -O2 -g
CFLAGS_ALL = -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) -fPIC -Iinclude -Ilib -I$(O)/gen \
             $(shell pkg-config --cflags $(PKGS)) $(CFLAGS)
ifeq ($(SANITIZE),1)
CFLAGS_ALL += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDSAN      := -fsanitize=address,undefined
endif
LIBS     := $(shell pkg-config --libs $(PKGS)) -lm
CMOCKA   := $(shell pkg-config --cflags --libs cmocka)

LIB_SRC  := $(sort $(wildcard lib/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(O)/%.o) $(O)/gen/embedded.o
CLI_SRC  := $(sort $(wildcard cli/*.c))
CLI_OBJ  := $(CLI_SRC:%.c=$(O)/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/t-*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(O)/tests/unit/%)
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
REPLAY   := $(FUZZ_SRC:tests/fuzz/%.c=$(O)/tests/replay/%)
BENCH_SRC:= $(sort $(wildcard bench/*.c))
BENCH_BIN:= $(BENCH_SRC:bench/%.c=$(O)/bench/%)
EMBED    := $(sort $(wildcard examples/atyfb/*.scn))

.PHONY: all run check check-rules fuzz bench clean bootstrap
all: bootstrap $(O)/iomodel $(O)/libiomodel.a $(O)/libiomodel.so

bootstrap:
	@./scripts/bootstrap

$(O)/%.o: %.c $(wildcard include/iomodel/*.h include/iomodel/*.def) $(wildcard lib/*.h lib/*/*.h lib/*/*.def tables/*.def)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(O)/gen/embedded.c: $(EMBED) scripts/embed.sh
	@mkdir -p $(dir $@)
	./scripts/embed.sh $(EMBED) > $@

$(O)/gen/embedded.o: $(O)/gen/embedded.c
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(O)/libiomodel.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

$(O)/libiomodel.so: $(LIB_OBJ)
	$(CC) -shared -o $@ $^ $(LIBS) $(LDSAN)

# The CLI sees only the public headers.
$(O)/cli/%.o: cli/%.c $(wildcard include/iomodel/*.h cli/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(filter-out -Ilib -I$(O)/gen,$(CFLAGS_ALL)) -c $< -o $@

$(O)/iomodel: $(CLI_OBJ) $(O)/libiomodel.a
	$(CC) -o $@ $(CLI_OBJ) $(O)/libiomodel.a $(LIBS) $(LDSAN)

$(O)/tests/unit/%: tests/unit/%.c $(O)/libiomodel.a $(wildcard tests/unit/*.h)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(O)/libiomodel.a $(CMOCKA) $(LIBS) $(LDSAN)

# Every fuzz target also links with a replay main() so make check runs its corpus.
$(O)/tests/replay/%: tests/fuzz/%.c tests/fuzz/replay_main.c $(O)/libiomodel.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< tests/fuzz/replay_main.c $(O)/libiomodel.a $(LIBS) $(LDSAN)

$(O)/bench/%: bench/%.c $(O)/libiomodel.a
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -o $@ $< $(O)/libiomodel.a $(LIBS) $(LDSAN)

run: all
	$(O)/iomodel run --pat both
	-$(O)/iomodel audit

check: all $(UNIT_BIN) $(REPLAY)
	@O=$(O) ./tests/run-all.sh

check-rules: all
	@O=$(O) ./tests/check-rules.sh

fuzz: bootstrap
	$(MAKE) O=$(O)/fuzz-build CC=clang SANITIZE= CFLAGS="-fsanitize=fuzzer-no-link,address,undefined" $(O)/fuzz-build/libiomodel.a
	@mkdir -p $(O)/fuzz
	for f in $(FUZZ_SRC); do n=$$(basename $$f .c); \
	  clang $(filter-out -fPIC,$(CFLAGS_ALL)) -fsanitize=fuzzer,address,undefined -o $(O)/fuzz/$$n $$f \
	    $(O)/fuzz-build/libiomodel.a $(LIBS) || exit 1; done

bench: all $(BENCH_BIN)
	@for b in $(BENCH_BIN); do echo "== $$b"; $$b || exit 1; done

clean:
	rm -rf $(O)
