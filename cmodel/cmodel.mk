# cmodel/: the C model library (libcpumf), its C++ syntax check, its
# installation (shared library, pkg-config file, configs).
LIB_SRC := $(sort $(wildcard cmodel/src/*.c cmodel/src/arch/*.c))
LIB_OBJ := $(LIB_SRC:%.c=$(BUILD)/obj/%.o) $(JSON_OBJ)
MODEL_INCLUDES := -Icmodel/include -Icmodel/src -Icommon
$(BUILD)/obj/cmodel/%.o: INCLUDES := $(MODEL_INCLUDES)

$(BUILD)/libcpumf.a: $(LIB_OBJ)
	@rm -f $@
	ar rcs $@ $^

# The model compiled as C++ too: users link it into C++ benches.
$(BUILD)/cxx-check.stamp: $(LIB_SRC) $(wildcard cmodel/include/cpumf/*.h cmodel/include/cpumf/*.def \
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
ICFLAGS = -std=c11 $(WARN) -MMD -MP $(call CONFIGS_DEF,$(abspath $(PREFIX))/share/cpumf/configs) $(OPT) -fPIC
ILIB_OBJ := $(patsubst %.c,$(IOBJ)/%.o,$(LIB_SRC) common/json_strict.c)
$(IOBJ)/%.o: %.c
	@mkdir -p $(@D)
	$(CC) $(ICFLAGS) $(INCLUDES) -c $< -o $@
$(IOBJ)/cmodel/%.o $(IOBJ)/common/%.o: INCLUDES := $(MODEL_INCLUDES)
$(IOBJ)/libcpumf.a: $(ILIB_OBJ)
	@rm -f $@
	ar rcs $@ $^
$(IOBJ)/libcpumf.so.$(VERSION): $(ILIB_OBJ) cmodel/pkg/libcpumf.map
	$(CC) -shared -Wl,-soname,libcpumf.so.$(SOMAJOR) -Wl,--version-script=cmodel/pkg/libcpumf.map \
	  -o $@ $(ILIB_OBJ) $(LDLIBS)

.PHONY: install
install: deps
	@$(MAKE) --no-print-directory $(BUILD)/cpumf-smp $(IOBJ)/libcpumf.a $(IOBJ)/libcpumf.so.$(VERSION) \
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
