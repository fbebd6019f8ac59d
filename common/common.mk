# SPDX-License-Identifier: Apache-2.0
# common/: code shared by the model library, the bench and the tools
# (the strict JSON layer, the .SMP sample-file format, the programs'
# out-of-memory handling and output files; the library links only the JSON
# layer).  Nothing here includes the model's headers: common/ lies below cmodel/.
COMMON_SRC := $(sort $(wildcard common/*.c))
JSON_OBJ := $(BUILD)/obj/common/json_strict.o
SMP_OBJ := $(BUILD)/obj/common/smp.o
XALLOC_OBJ := $(BUILD)/obj/common/xalloc.o
# output files written whole or not at all (the programs only)
OUTFILE_OBJ := $(BUILD)/obj/common/outfile.o
$(BUILD)/obj/common/%.o: INCLUDES := -Icommon
