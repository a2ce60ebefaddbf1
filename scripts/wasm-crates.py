#!/usr/bin/env python3
"""What each crate costs in a release wasm, before wasm-opt (which keeps the names twiggy reads).

Usage: python3 scripts/wasm-crates.py target/wasm32-unknown-unknown/release/worker.wasm [N]
(after ./scripts/build.sh; needs `cargo install twiggy`). Each function is counted under the
first crate its demangled name mentions (`<serde_wasm_bindgen::de::Deserializer as
serde_core::de::Deserializer>::deserialize_struct` under serde_wasm_bindgen; a generic's copy
under the crate that defines it, whoever asked for it); data segments as "(data)"; names,
custom sections, the names subsection and wasm-bindgen's descriptors (which wasm-bindgen
removes) are left out; an inherent method of a primitive (`<str>::to_lowercase`) is core's. Prints the top N (default 10) with
their share of the code and data, then the app's own modules.
"""
import collections
import csv
import re
import subprocess
import sys

path = sys.argv[1]
top = int(sys.argv[2]) if len(sys.argv) > 2 else 10
out = subprocess.run(["twiggy", "top", "--format", "csv", path], capture_output=True, text=True, check=True).stdout
crates, modules, total = collections.Counter(), collections.Counter(), 0
for row in csv.DictReader(out.splitlines()):
    name, size = row["Name"], int(row["ShallowSize"])
    if name.startswith('"') or name.startswith("custom section") or "subsection" in name or "__wbindgen_describe" in name:
        continue
    total += size
    if name.startswith("data segment"):
        crates["(data)"] += size
        continue
    m = re.search(r"([a-z_][a-z0-9_]*)::", name)
    primitive = re.match(r"<(str|char|[iuf](8|16|32|64|128|size)|bool|\[.*\])>::", name)
    crate = m.group(1) if m else "core" if primitive else "(unnamed)"
    crates["serde" if crate in ("serde_core", "serde_derive") else crate] += size
    m = re.search(r"(ratings_lab_web::(?:components::)?[a-z_]+|ratings_engine::(?:methods::|parse::)?[a-z_0-9]+)", name)
    if m:
        modules[m.group(1)] += size
print(f"{path}: {total / 1024:.0f} KiB of code and data before wasm-opt")
for crate, size in crates.most_common(top):
    print(f"  {crate:26s} {size / 1024:6.0f} KiB  {100 * size / total:4.1f} %")
print("  the project's own modules (the first a function's name mentions):")
for module, size in modules.most_common(top):
    print(f"    {module:30s} {size / 1024:6.0f} KiB  {100 * size / total:4.1f} %")
