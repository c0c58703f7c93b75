"""Write the golden game records (run by hand when a rule change is intended).

    PYTHONPATH=tests python tests/golden/regenerate.py

Each game is played by the greedy bots; its record, its final score sheets, the
SHA-256 of its final position (as JSON) and the number and SHA-256 of its events
(each as JSON, one a line) are written beside this script. test_golden.py replays
every record and insists on all of them.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from helpers import told

from hadara_rules import GameConfig
from hadara_rules._rules.scoring import score
from hadara_rules.bots import make_bots, play_game
from hadara_rules.records import GameRecord, to_data, to_json

HERE = Path(__file__).resolve().parent
GAMES = {
    "basic-2p": GameConfig(players=2, seed=101),
    "basic-5p": GameConfig(players=5, seed=102),
    "advanced-2p": GameConfig(players=2, seed=103, advanced=True),
    "advanced-5p": GameConfig(players=5, seed=104, advanced=True),
}


def main() -> None:
    for name, config in GAMES.items():
        game = play_game(config, make_bots("greedy", config.players, config.seed))
        record = GameRecord(config, game.moves)
        (HERE / f"{name}.record.json").write_text(to_json(record) + "\n", encoding="utf-8")
        sheets = score(game.final)
        summary = {
            "moves": len(game.moves),
            "final_state_sha256": hashlib.sha256(to_json(game.final).encode()).hexdigest(),
            "score": [to_data(sheet)["data"] for sheet in sheets],
            **told(record),
        }
        (HERE / f"{name}.expected.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
        print(name, len(game.moves), [sheet.total for sheet in sheets])


if __name__ == "__main__":
    main()
