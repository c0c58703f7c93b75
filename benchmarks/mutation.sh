#!/usr/bin/env bash
# Mutation testing of the rules and the purple effects (not part of CI: it takes
# several minutes). Run from anywhere:  bash benchmarks/mutation.sh
# It copies the project to a scratch folder, installs mutmut there in its own
# virtual environment, mutates hadara_rules/_rules/ and hadara_rules/_effects.py
# (see [tool.mutmut] in pyproject.toml), runs the fast rule tests against each
# mutant, and prints the kill rate and the surviving mutants.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
work="${MUTATION_DIR:-$(mktemp -d)}"
echo "working in $work"
git -C "$root" archive --format=tar HEAD | tar -x -C "$work"
python3 -m venv "$work/.venv"
"$work/.venv/bin/pip" install --quiet attrs cattrs pyyaml pytest hypothesis "mutmut>=3.8"
cd "$work"
.venv/bin/mutmut run > mutmut.log 2>&1 || true
.venv/bin/mutmut results > results.txt 2>&1 || true
summary=$(.venv/bin/python - <<'PY'
import re, pathlib
text = pathlib.Path("mutmut.log").read_text(errors="replace")
counts = re.findall(r"(\d+)/(\d+)\s+🎉 (\d+) 🫥 (\d+)\s+⏰ (\d+)\s+🤔 (\d+)\s+🙁 (\d+)", text)
done, total, killed, untested, timeout, suspicious, survived = map(int, counts[-1])
print(f"{done} mutants: {killed} killed, {timeout} timed out (killed), {survived} survived, {untested} not covered")
print(f"kill rate {(killed + timeout) / max(1, done):.1%}")
PY
)
echo "$summary"
echo "surviving mutants (mutmut show NAME in $work to read one):"
grep ": survived" results.txt || true
