"""`doi simulate`: the Conflict tournament and the Zhukov table (issue 15) print win rates."""
from __future__ import annotations

from app.cli import main


def test_simulate_zhukov_prints_random_and_greedy_win_rates_per_player_count(capsys):
    assert main(["simulate", "--ruleset", "zhukov", "--games", "1", "--revolutionaries", "4"]) == 0
    out = capsys.readouterr().out
    rows = [line.split() for line in out.splitlines() if line.strip().startswith("4 ")]
    assert [r[1] for r in rows] == ["random", "greedy"]
    assert all(r[2].endswith("%") for r in rows)


def test_simulate_conflict_refuses_4_revolutionaries(capsys):
    assert main(["simulate", "--games", "1", "--revolutionaries", "4"]) == 2
    assert "1-3" in capsys.readouterr().err
