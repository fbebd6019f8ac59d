#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""check_waves.py VCD GTKW: what a person opening the lockstep's waves relies on.

VCD is the FST of a passing lockstep run written as VCD (fst2vcd), GTKW the
save file (waves/cpumf.gtkw). Checks that every signal the save file names is
in the trace, that cycle t starts with the rising clock at 10t and the clock
falls at 10t+5, and that each register or port the save file shows twice (its
RTL trace and the C model's) holds the same value in both at every instant:
the model's mirror is written in the cycle the RTL computes, not one later.
Prints one line and exits 0, or prints what differs and exits 1."""
import sys


def read_vcd(path):
    """{full name: code}, {full name with its range: code}, and the value changes
    [(time, code, value)] in file order."""
    names, scope, changes, t = {}, [], [], 0
    with open(path) as f:
        for line in f:
            if line.startswith("$scope"):
                scope.append(line.split()[2])
            elif line.startswith("$upscope"):
                scope.pop()
            elif line.startswith("$var"):
                p = line.split()
                full = ".".join(scope + [p[4]])
                names[full] = p[3]
                if p[5].startswith("["):
                    names[full + p[5]] = p[3]
            elif line.startswith("#"):
                t = int(line[1:])
            elif line[0] == "b":
                v, code = line[1:].split()
                changes.append((t, code, v.lstrip("0") or "0"))
            elif line[0] in "01xz" and len(line.strip()) > 1:
                changes.append((t, line[1:].strip(), line[0]))
    return names, changes


def main():
    vcd, gtkw = sys.argv[1], sys.argv[2]
    names, changes = read_vcd(vcd)
    bad = []
    pairs = {}
    shown = 0
    with open(gtkw) as f:
        for line in f:
            line = line.strip()
            if not line or line[0] in "[@-*":
                continue
            alias, sig = (line[2:].split("} ", 1) if line.startswith("+{") else ("", line))
            shown += 1
            if sig not in names:
                bad.append(f"{sig}: named by {gtkw}, not in the trace")
            elif alias.startswith(("rtl ", "model ")):
                side = alias.split(" ", 1)[0]
                pairs.setdefault(sig.replace(".model.", ".rtl.") if side == "model" else sig,
                                 {})[side] = names[sig]
    # every value at every instant, per code
    value = {}
    times = sorted({t for t, _, _ in changes})
    by_time = {}
    for t, code, v in changes:
        by_time.setdefault(t, []).append((code, v))
    clk = names["TOP.clk_i"]
    compared = 0
    for t in times:
        for code, v in by_time[t]:
            value[code] = v
        if t % 10 not in (0, 5) or value.get(clk) != ("1" if t % 10 == 0 else "0"):
            bad.append(f"time {t}: clock {value.get(clk)}, expected high at 10t, low at 10t+5")
        for sig, side in pairs.items():
            if len(side) == 2:
                compared += 1
                if value.get(side["rtl"]) != value.get(side["model"]):
                    bad.append(f"time {t}: {sig} is {value.get(side['rtl'])} in the RTL, "
                               f"{value.get(side['model'])} in the model")
    npairs = sum(len(s) == 2 for s in pairs.values())
    if not npairs or len(times) < 4:
        bad.append("nothing to compare: no RTL/model pairs or too few instants")
    for b in bad[:20]:
        print(b)
    if bad:
        print(f"waves: {len(bad)} problems")
        return 1
    print(f"waves: {shown} signals of the save file present, {npairs} RTL/model pairs equal "
          f"at all {len(times)} instants ({compared} comparisons), clock at 10t and 10t+5")
    return 0


if __name__ == "__main__":
    sys.exit(main())
