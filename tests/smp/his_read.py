#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""An independent reader of .SMP sample files, written from the z/OS HIS
description of the file alone (none of the bench's code): the file is 4 KB
sampling buffers whose last 64 bytes are reserved for the system; a basic
entry is 32 bytes, a diagnostic entry 64 bytes and always follows its basic
entry; the entry's first two bytes are its format code, bit 31 its invalid
bit. The sampling type is what the user asked HIS for (SAMPTYPE), so it is
given here too.

usage: his_read.py --samptype basic|combined FILE.SMP... [--results RESULTS.json]

Prints per file its buffers, samples and invalid samples. With --results,
every file must be the "smp" of a driver of that results file and hold as
many samples as the driver's "samples_read". Exit 0, or 1 with the reason.
"""
import argparse
import json
import os
import sys

BUFFER = 4096
RESERVED = 64
BASIC = 32
DIAGNOSTIC = 64


def read_file(path, combined):
    """(buffers, samples, invalid) of one file."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) % BUFFER:
        raise ValueError(f"{path}: {len(data)} bytes is not a whole number of 4 KB buffers")
    sample = BASIC + (DIAGNOSTIC if combined else 0)
    samples = invalid = 0
    for base in range(0, len(data), BUFFER):
        pos = 0
        while pos + sample <= BUFFER - RESERVED:
            entry = data[base + pos : base + pos + sample]
            if entry[0] == 0 and entry[1] == 0:  # no format code: the rest is unused
                break
            samples += 1
            invalid += entry[3] & 1  # bit 31
            pos += sample
    return len(data) // BUFFER, samples, invalid


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--samptype", choices=["basic", "combined"], required=True)
    ap.add_argument("--results")
    ap.add_argument("files", nargs="+")
    a = ap.parse_args()
    expected = {}
    if a.results:
        with open(a.results) as f:
            for d in json.load(f)["drivers"]:
                if d["smp"]:
                    expected[d["smp"]] = d["samples_read"]
    for path in a.files:
        buffers, samples, invalid = read_file(path, a.samptype == "combined")
        print(f"{os.path.basename(path)}: {buffers} buffers, {samples} samples, "
              f"{invalid} invalid")
        if a.results:
            want = expected.get(os.path.basename(path))
            if want is None:
                sys.exit(f"{path}: no driver of {a.results} wrote it")
            if want != samples:
                sys.exit(f"{path}: {samples} samples, the driver read {want}")
    if a.results:
        print(f"samples match the drivers' samples_read in {a.results}")


if __name__ == "__main__":
    main()
