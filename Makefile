# iomodel -- plain GNU Makefile. Everything is built under $(O) (default build/).
#   make            library (static + shared) and the iomodel CLI
#   make run        the main job: atyfb scenarios with --pat both, and an audit of this machine
#   make check      every test; the last line is "N passed, N failed, N skipped"
#   make install    CLI, libraries, headers, iomodel.pc, man pages, bash completion, examples
#                   (PREFIX, DESTDIR, BINDIR, LIBDIR, INCLUDEDIR, MANDIR, DATADIR); make uninstall
#   make man        man pages (scdoc) under $(O)/man
#   make dist       a source tarball under $(O) (VERSION is its version)
#   make SANITIZE=1 CC=clang check    ASan+UBSan build of the same tests
#   make fuzz       libFuzzer binaries (clang only) under $(O)/fuzz
#   make bench      benchmarks under $(O)/bench (they print figures)
#
# First run: nothing below depends on a package before scripts/bootstrap has run. The
# compiler and linker flags of the packages live in $(O)/config.mk, which make builds (by
# running bootstrap, then pkg-config) and then re-reads, restarting itself; see
# scripts/configure.
O        ?= build
CC       ?= cc
SANITIZE ?=
WARN     := -Wall -Wextra -Wshadow -Wundef -Wwrite-strings -Wstrict-prototypes \
            -Wmissing-prototypes -Wold-style-definition -Wformat=2 -Wvla \
            -Wimplicit-fallthrough -Wno-unused-parameter
OPT      ?= -O2 -g

.DEFAULT_GOAL := all
VERSION  := $(shell cat VERSION)
SOMAJOR  := 0
SONAME   := libiomodel.so.$(SOMAJOR)

ifeq ($(filter clean dist,$(MAKECMDGOALS)),)
include $(O)/config.mk
endif
$(O)/config.mk: scripts/bootstrap scripts/configure
	@mkdir -p $(dir $@)
	@./scripts/bootstrap
	@./scripts/configure > $@.tmp && mv $@.tmp $@

CFLAGS_ALL = -std=c11 -D_GNU_SOURCE $(OPT) $(WARN) -fPIC -Iinclude -Ilib -I$(O)/gen \
             $(PKG_CFLAGS) $(CFLAGS)
ifeq ($(SANITIZE),1)
CFLAGS_ALL += -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all
LDSAN      := -fsanitize=address,undefined
endif
LIBS      = $(PKG_LIBS) -lm
CMOCKA    = $(CMOCKA_FLAGS)

LIB_SRC  := $(sort $(wildcard lib/*/*.c lib/*/*/*.c))
LIB_OBJ  := $(LIB_SRC:%.c=$(O)/%.o) $(O)/gen/embedded.o $(O)/gen/lint_rules.o $(O)/gen/version.o
CLI_SRC  := $(sort $(wildcard cli/*.c))
CLI_OBJ  := $(CLI_SRC:%.c=$(O)/%.o)
UNIT_SRC := $(sort $(wildcard tests/unit/t-*.c))
UNIT_BIN := $(UNIT_SRC:tests/unit/%.c=$(O)/tests/unit/%)
FUZZ_SRC := $(sort $(wildcard tests/fuzz/fuzz_*.c))
REPLAY   := $(FUZZ_SRC:tests/fuzz/%.c=$(O)/tests/replay/%)
BENCH_SRC:= $(sort $(wildcard bench/*.c))
BENCH_BIN:= $(BENCH_SRC:bench/%.c=$(O)/bench/%)
EMBED    := $(sort $(wildcard examples/atyfb/*.scn))
LINT_SMPL:= $(sort $(wildcard lint/*.cocci))

MAN_SRC  := $(sort $(wildcard man/*.scd))
MAN_OUT  := $(MAN_SRC:man/%.scd=$(O)/man/%)

.PHONY: all run check check-rules fuzz bench clean bootstrap man install uninstall dist
all: bootstrap $(O)/iomodel $(O)/libiomodel.a $(O)/libiomodel.so man

bootstrap:
	@./scripts/bootstrap

$(O)/%.o: %.c $(wildcard include/iomodel/*.h include/iomodel/*.def) $(wildcard lib/*.h lib/*/*.h lib/*/*/*.h lib/*/*.def tables/*.def)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_ALL) -c $< -o $@

$(O)/gen/embedded.c: $(EMBED) scripts/embed.sh
	@mkdir -p $(dir $@)
	./scripts/embed.sh $(EMBED) > $@

$(O)/gen/embedded.o: $(O)/gen/embedded.c
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# lint/ itself too: a rule file removed changes only the directory
$(O)/gen/lint_rules.c: $(LINT_SMPL) lint scripts/embed.sh
	@mkdir -p $(dir $@)
	./scripts/embed.sh -v iom_lint_rules $(LINT_SMPL) > $@

$(O)/gen/lint_rules.o: $(O)/gen/lint_rules.c
	$(CC) $(CFLAGS_ALL) -c $< -o $@

# The version: VERSION, plus git describe in a checkout (rewritten only when it changes).
$(O)/gen/version.c: FORCE
	@mkdir -p $(dir $@)
	@./scripts/version.sh $@

$(O)/gen/version.o: $(O)/gen/version.c include/iomodel/version.h
	$(CC) $(CFLAGS_ALL) -c $< -o $@

FORCE:

$(O)/libiomodel.a: $(LIB_OBJ)
	rm -f $@ && ar rcs $@ $^

# Shared library: soname libiomodel.so.$(SOMAJOR), file libiomodel.so.$(VERSION), and the
# usual two symlinks; only iom_* symbols are exported (lib/libiomodel.map).
$(O)/libiomodel.so.$(VERSION): $(LIB_OBJ) lib/libiomodel.map
	$(CC) -shared -Wl,-soname,$(SONAME) -Wl,--version-script=lib/libiomodel.map \
	  -o $@ $(LIB_OBJ) $(LIBS) $(LDSAN)

$(O)/libiomodel.so: $(O)/libiomodel.so.$(VERSION)
	ln -sf libiomodel.so.$(VERSION) $(O)/$(SONAME)
	ln -sf $(SONAME) $@

man: $(MAN_OUT)

# The date in the pages is the last commit's (or VERSION's mtime in a tarball), so the
# output does not depend on when it was built.
MAN_EPOCH := $(shell git log -1 --format=%ct 2>/dev/null || date -r VERSION +%s)
$(O)/man/%: man/%.scd
	@mkdir -p $(dir $@)
	SOURCE_DATE_EPOCH=$(MAN_EPOCH) scdoc < $< > $@

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
	@./scripts/bootstrap --tests
	@O=$(O) CC=$(CC) SANITIZE=$(SANITIZE) ./tests/run-all.sh

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
	@echo "== bench/lkmm (HERD7=... adds herd7 side by side)"; O=$(O) bench/lkmm
	@echo "== bench/lint (linux-source-6.12; BENCH_LINT_WHOLE=0 skips drivers/)"; O=$(O) bench/lint

# ---- install ------------------------------------------------------------------------
# The CLI (and iomodel-herd7, a link to it: the herd7 drop-in), both libraries, the public headers, iomodel.pc, the man pages, bash completion,
# and the shipped examples and litmus corpus under $(DATADIR)/iomodel/. `iomodel run`
# without FILE keeps using its compiled-in copies of examples/atyfb; the installed copies
# are there to read, edit and pass as FILE.
PREFIX     ?= /usr/local
BINDIR     ?= $(PREFIX)/bin
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
DATADIR    ?= $(PREFIX)/share
MANDIR     ?= $(DATADIR)/man
BASHCOMPDIR?= $(DATADIR)/bash-completion/completions
HEADERS    := $(sort $(wildcard include/iomodel/*.h include/iomodel/*.def))
SHARE_FILES:= $(sort $(wildcard examples/*/* litmus/*.litmus litmus/*.md litmus/*/*.litmus litmus/*/*.md litmus/*/*.out))
D           = $(DESTDIR)

install: all
	install -d $(D)$(BINDIR) $(D)$(LIBDIR)/pkgconfig $(D)$(INCLUDEDIR)/iomodel \
	  $(D)$(MANDIR)/man1 $(D)$(MANDIR)/man5 $(D)$(BASHCOMPDIR)
	install -m 755 $(O)/iomodel $(D)$(BINDIR)/iomodel
	ln -sf iomodel $(D)$(BINDIR)/iomodel-herd7
	install -m 644 $(O)/libiomodel.a $(D)$(LIBDIR)/libiomodel.a
	install -m 755 $(O)/libiomodel.so.$(VERSION) $(D)$(LIBDIR)/libiomodel.so.$(VERSION)
	ln -sf libiomodel.so.$(VERSION) $(D)$(LIBDIR)/$(SONAME)
	ln -sf $(SONAME) $(D)$(LIBDIR)/libiomodel.so
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@LIBDIR@|$(LIBDIR)|' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|' \
	    -e 's|@VERSION@|$(VERSION)|' lib/iomodel.pc.in > $(D)$(LIBDIR)/pkgconfig/iomodel.pc
	install -m 644 $(HEADERS) $(D)$(INCLUDEDIR)/iomodel/
	for m in $(MAN_OUT); do s=$${m##*.}; install -m 644 $$m $(D)$(MANDIR)/man$$s/ || exit 1; done
	install -m 644 completion/iomodel.bash $(D)$(BASHCOMPDIR)/iomodel
	for f in $(SHARE_FILES); do install -D -m 644 $$f $(D)$(DATADIR)/iomodel/$$f || exit 1; done

uninstall:
	rm -f $(D)$(BINDIR)/iomodel $(D)$(BINDIR)/iomodel-herd7 $(D)$(LIBDIR)/libiomodel.a $(D)$(LIBDIR)/libiomodel.so \
	  $(D)$(LIBDIR)/$(SONAME) $(D)$(LIBDIR)/libiomodel.so.$(VERSION) \
	  $(D)$(LIBDIR)/pkgconfig/iomodel.pc $(D)$(BASHCOMPDIR)/iomodel
	rm -f $(addprefix $(D)$(INCLUDEDIR)/iomodel/,$(notdir $(HEADERS)))
	rm -f $(foreach m,$(MAN_OUT),$(D)$(MANDIR)/man$(subst .,,$(suffix $(m)))/$(notdir $(m)))
	rm -rf $(D)$(DATADIR)/iomodel
	-rmdir $(D)$(INCLUDEDIR)/iomodel 2>/dev/null

# ---- source tarball: the committed tree, named by VERSION (no git needed to build it) --
dist:
	@mkdir -p $(O)
	git archive --format=tar.gz --prefix=iomodel-$(VERSION)/ -o $(O)/iomodel-$(VERSION).tar.gz HEAD
	@echo $(O)/iomodel-$(VERSION).tar.gz

clean:
	rm -rf $(O)
