"""njudge's approval rule for draws by name in a NoDIAS game (data/draws 22-41)."""

from __future__ import annotations

from judge.game.named_draws import NamedVote, agreed_draw

SURVIVORS = {"eng", "fra", "ger", "rus"}


def _vote(power: str, *powers: str) -> NamedVote:
    return NamedVote(power, frozenset(powers))


def test_data_draws_three_voters_in_their_lists_agree():
    votes = [_vote("eng", "eng", "fra", "rus"), _vote("fra", "eng", "fra", "rus"),
             _vote("rus", "eng", "fra", "rus"), _vote("ger", "eng", "fra", "rus")]  # fmt: skip
    assert agreed_draw(SURVIVORS, votes) == {"eng", "fra", "rus"}


def test_data_draws_a_voter_outside_his_list_accepts_it_with_or_without_him():
    votes = [_vote("eng", "eng", "fra"), _vote("fra", "eng", "fra"), _vote("ger", "eng", "fra"),
             _vote("rus", "eng", "fra", "ger")]  # fmt: skip
    assert agreed_draw(SURVIVORS, votes) == {"eng", "fra"}


def test_data_draws_the_largest_accepted_draw_passes():
    votes = [_vote("eng", "eng", "fra", "ger"), _vote("fra", "eng", "fra"),
             _vote("ger", "eng", "fra", "rus"), _vote("rus", "eng", "fra", "ger")]  # fmt: skip
    # France accepts only parts of E F including F: E F is the largest all accept.
    assert agreed_draw(SURVIVORS, votes) == {"eng", "fra"}


def test_data_draws_a_voter_left_out_against_his_will_blocks_it():
    votes = [_vote("eng", "eng", "fra"), _vote("fra", "eng", "fra"),
             _vote("ger", "eng", "fra", "ger"), _vote("rus", "eng", "fra")]  # fmt: skip
    assert agreed_draw(SURVIVORS, votes) is None


def test_a_voter_without_a_vote_blocks_every_draw():
    votes = [_vote("eng", "eng", "fra"), _vote("fra", "eng", "fra"), _vote("ger")]
    assert agreed_draw(SURVIVORS, votes) is None
