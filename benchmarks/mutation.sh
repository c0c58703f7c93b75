#!/usr/bin/env bash
# Mutation testing of the rules, the flow and the purple effects (not part of CI:
# a full run takes hours on two cores). Run from anywhere:
#   bash benchmarks/mutation.sh                      every mutant
#   MUTATION_SAMPLE=400 bash benchmarks/mutation.sh  a uniform random sample of 400
# MUTATION_SEED (default 1) fixes the sample, so a second run with the same seed
# tests the same mutants; MUTATION_CHILDREN (default: one per core) caps the
# mutants tested at once.
# It copies the project to a scratch folder, installs mutmut there in its own
# virtual environment, mutates hadara_rules/_rules/, hadara_rules/_flow.py and
# hadara_rules/_effects.py (see [tool.mutmut] in pyproject.toml), runs the fast
# rule tests against each mutant, and prints the kill rate with its 95% interval
# and the surviving mutants.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MUTATION_DIR:-$(mktemp -d)}"
sample="${MUTATION_SAMPLE:-}"
seed="${MUTATION_SEED:-1}"
children=()
if [ -n "${MUTATION_CHILDREN:-}" ]; then children=(--max-children "$MUTATION_CHILDREN"); fi
echo "working in $work"
git -C "$root" archive --format=tar HEAD | tar -x -C "$work"
python3 -m venv "$work/.venv"
"$work/.venv/bin/pip" install --quiet attrs cattrs pyyaml pytest hypothesis "mutmut>=3.8,<3.9"
cd "$work"
if [ -n "$sample" ]; then
  # mutmut cannot sample: make the mutants, list their names, draw with the seed.
  .venv/bin/python - "$sample" "$seed" > sample.txt <<'PY'
import contextlib, json, os, pathlib, random, sys
from mutmut.__main__ import create_mutants, set_mutant_under_test
from mutmut.utils.file_utils import copy_also_copy_files, copy_src_dir, setup_source_paths
set_mutant_under_test("mutant_generation")
os.makedirs("mutants", exist_ok=True)
with open(os.devnull, "w") as quiet, contextlib.redirect_stdout(quiet):
    copy_src_dir()
    copy_also_copy_files()
    setup_source_paths()
    create_mutants(1)
names = sorted(
    name
    for meta in pathlib.Path("mutants").rglob("*.meta")
    for name in json.loads(meta.read_text())["exit_code_by_key"]
)
size, seed = int(sys.argv[1]), int(sys.argv[2])
print("\n".join(sorted(random.Random(seed).sample(names, min(size, len(names))))))
print(f"{len(names)} mutants, {min(size, len(names))} drawn with seed {seed}", file=sys.stderr)
PY
  mapfile -t names < sample.txt
  .venv/bin/mutmut run "${children[@]}" "${names[@]}" > mutmut.log 2>&1 || true
else
  : > sample.txt
  .venv/bin/mutmut run "${children[@]}" > mutmut.log 2>&1 || true
fi
summary=$(.venv/bin/python - <<'PY'
import json, math, pathlib
from mutmut.stats import status_by_exit_code
drawn = set(pathlib.Path("sample.txt").read_text().split())
status = {
    name: status_by_exit_code[code]
    for meta in pathlib.Path("mutants").rglob("*.meta")
    for name, code in json.loads(meta.read_text())["exit_code_by_key"].items()
    if not drawn or name in drawn
}
count = {s: sum(1 for v in status.values() if v == s) for s in set(status.values())}
n = len(status)
killed = count.get("killed", 0) + count.get("timeout", 0)
print(f"{n} mutants: {count.get('killed', 0)} killed, {count.get('timeout', 0)} timed out (killed), "
      f"{count.get('survived', 0)} survived, {count.get('no tests', 0)} not covered, "
      f"{n - killed - count.get('survived', 0) - count.get('no tests', 0)} other")
# Wilson score interval, 95%
p, z = killed / max(1, n), 1.96
centre = (p + z * z / (2 * n)) / (1 + z * z / n) if n else 0.0
half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n) if n else 0.0
print(f"kill rate {p:.1%} (95% interval {centre - half:.1%} to {centre + half:.1%})")
for name, s in sorted(status.items()):
    if s not in ("killed", "timeout"):
        print(f"  {s}: {name}")
PY
)
echo "$summary"
echo "(mutmut show NAME in $work to read one)"
