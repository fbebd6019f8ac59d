# SPDX-License-Identifier: Apache-2.0
# cmodel/: the C model library (libcpumf), its C++ syntax check, its
# installation (shared library, pkg-config file, configs).
LIB_SRC := $(sort $(wildcard cmodel/src/*.c cmodel/src/arch/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(JSON_OBJ)
MODEL_INCLUDES := -Icmodel/include -Icmodel/src -Icommon
$(BUILD)/obj/cmodel/%.o: INCLUDES := $(MODEL_INCLUDES)

# Two archives of the same objects.  libcpumf.a is the library users link:
# its objects joined into one (ld -r) in which every global symbol but the
# API's cpumf_* is made local (objcopy), so that the model's internals
# (config loading, the strict JSON layer, the units) cannot clash with a
# user's symbols; libcpumf.so keeps the same through its version script.
# The bench and the tools use the API alone and link libcpumf.a too; the
# white-box unit tests call internal functions: they link the objects as
# they are, through $(LIB_INTERNAL).
LIB_INTERNAL := $(BUILD)/libcpumf-internal.a
define PUBLIC_ARCHIVE
	@rm -f $@ $(@D)/cpumf.o
	ld -r -o $(@D)/cpumf.o $^
	objcopy --wildcard --keep-global-symbol='cpumf_*' $(@D)/cpumf.o
	ar rcs $@ $(@D)/cpumf.o
endef
$(BUILD)/libcpumf.a: $(LIB_OBJ)
	$(PUBLIC_ARCHIVE)
$(LIB_INTERNAL): $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The model compiled as C++ too: users link it into C++ benches.
$(BUILD)/cxx-check.stamp: $(LIB_SRC) \
    $(wildcard cmodel/include/cpumf/*.h cmodel/include/cpumf/*.def \
    cmodel/src/*.h cmodel/src/arch/*.h)
	@mkdir -p $(@D)
	for f in $(LIB_SRC); do $(CXX) -x c++ -std=c++17 -fsyntax-only -Wall -Wextra -Wshadow -Werror \
	  $(MODEL_INCLUDES) $$f || exit 1; done
	@touch $@

# ---- packaging: shared library, pkg-config file, install ----------------------
# Objects for the installed library and tools are built apart, so that their
# default configs directory is the installed one.
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/.*CPUMF_VERSION_STRING "\(.*\)".*/\1/p' cmodel/include/cpumf/cpumf.h)
SOMAJOR := $(firstword $(subst ., ,$(VERSION)))
IOBJ := $(BUILD)/inst$(subst /,_,$(abspath $(PREFIX)))
ICFLAGS = -std=c11 $(WARN) -MMD -MP $(OPT) -fPIC \
  $(call CONFIGS_DEF,$(abspath $(PREFIX))/share/cpumf/configs)
ILIB_OBJ := $(patsubst %.c,$(IOBJ)/%.o,$(LIB_SRC) common/json_strict.c)
$(IOBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ICFLAGS) $(INCLUDES) -c $< -o $@
$(IOBJ)/cmodel/%.o $(IOBJ)/common/%.o: INCLUDES := $(MODEL_INCLUDES)
$(IOBJ)/libcpumf.a: $(ILIB_OBJ)
	$(PUBLIC_ARCHIVE)
$(IOBJ)/libcpumf.so.$(VERSION): $(ILIB_OBJ) cmodel/pkg/libcpumf.map
	$(CC) -shared -Wl,-soname,libcpumf.so.$(SOMAJOR) -Wl,--version-script=cmodel/pkg/libcpumf.map \
	  -o $@ $(ILIB_OBJ) $(LDLIBS)

.PHONY: install
install: build-deps
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-smp $(IOBJ)/libcpumf.a \
	  $(IOBJ)/libcpumf.so.$(VERSION) \
	  $(IOBJ)/cpumf-sim $(IOBJ)/cpumf-cosim
	install -d $(PREFIX)/include/cpumf $(PREFIX)/lib/pkgconfig $(PREFIX)/bin $(PREFIX)/share/cpumf
	install -m 644 cmodel/include/cpumf/*.h $(PREFIX)/include/cpumf/
	install -m 644 cmodel/include/cpumf/*.def $(PREFIX)/include/cpumf/
	install -m 644 $(IOBJ)/libcpumf.a $(PREFIX)/lib/
	install -m 755 $(IOBJ)/libcpumf.so.$(VERSION) $(PREFIX)/lib/
	ln -sf libcpumf.so.$(VERSION) $(PREFIX)/lib/libcpumf.so.$(SOMAJOR)
	ln -sf libcpumf.so.$(SOMAJOR) $(PREFIX)/lib/libcpumf.so
	sed -e 's|@PREFIX@|$(abspath $(PREFIX))|' -e 's|@VERSION@|$(VERSION)|' cmodel/pkg/cpumf.pc.in \
	  >$(PREFIX)/lib/pkgconfig/cpumf.pc
	install -m 755 $(IOBJ)/cpumf-sim $(IOBJ)/cpumf-cosim $(BUILD)/cpumf-smp $(PREFIX)/bin/
	rm -rf $(PREFIX)/share/cpumf/configs
	cp -r configs $(PREFIX)/share/cpumf/configs
	@echo "installed cpumf $(VERSION) in $(abspath $(PREFIX)); use: pkg-config --cflags --libs cpumf"

# Only cpumf_* is defined global in an installed libcpumf.a and libcpumf.so
# (`make test` checks its own install): nm names any other symbol, and the
# target fails.
.PHONY: check-exports
check-exports:
	@set -o pipefail; { nm -g --defined-only $(PREFIX)/lib/libcpumf.a && \
	   nm -g --defined-only $(PREFIX)/lib/libcpumf.so && \
	   nm -D --defined-only $(PREFIX)/lib/libcpumf.so; } | \
	  awk 'NF == 3 { n++; if ($$3 !~ /^cpumf_/) { bad++; print "not cpumf_: " $$3 } } \
	       END { print n + 0 " global symbols defined, " bad + 0 " not cpumf_*"; \
	             exit bad > 0 || n == 0 }'
