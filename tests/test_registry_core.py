"""The registry's rules (tdtool.tournament.registry): matching with the look-ups' folding,
never guessing between two players, ids through merges, and merges that lose nothing."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tdtool.errors import InputError
from tdtool.names import ascii_fold
from tdtool.tournament.registry import (
    MatchKind,
    RegistryPlayer,
    clean_email,
    clean_name,
    clean_phone,
    ids_of,
    match_name,
    merged,
    parse_player_id,
    resolve_id,
    same_name_taken,
)

JOSE = RegistryPlayer(104, "José García", ("Pepe",))
ANA = RegistryPlayer(7, "Ana Garcia")
LUKASZ = RegistryPlayer(12, "Łukasz Żak")
PLAYERS = [JOSE, ANA, LUKASZ]


@pytest.mark.parametrize(
    "typed, kind, ids",
    [
        pytest.param("José García", MatchKind.EXACT, [104], id="exact"),
        pytest.param("JOSÉ GARCÍA", MatchKind.EXACT, [104], id="exact-any-case"),
        pytest.param("jose garcia", MatchKind.SAME, [104], id="without-accents"),
        pytest.param("lukasz zak", MatchKind.SAME, [12], id="letters-spelled-plainly"),
        pytest.param("pepe", MatchKind.EXACT, [104], id="alias"),
        pytest.param("jose", MatchKind.PARTIAL, [104], id="one-word"),
        pytest.param("garcia", MatchKind.PARTIAL, [7, 104], id="two-players-both-named"),
        pytest.param("luk", MatchKind.PARTIAL, [12], id="start-of-a-name"),
        pytest.param("zoe", MatchKind.NONE, [], id="nobody"),
    ],
)
def test_a_typed_name_meets_the_registry_as_the_look_ups_fold_it(typed, kind, ids):
    found = match_name(typed, PLAYERS)
    assert found.kind is kind
    assert [p.id for p in found.players] == ids


def test_a_merged_player_is_never_matched_by_name():
    gone = RegistryPlayer(131, "Jose Garcia", merged_into=104)
    found = match_name("jose garcia", [JOSE, gone])
    assert [p.id for p in found.players] == [104]


def test_an_id_is_typed_with_a_hash():
    assert parse_player_id("#104") == 104
    assert parse_player_id(" # 7 ") == 7
    assert parse_player_id("104") is None
    assert parse_player_id("#1a") is None


def test_a_merged_id_means_the_player_it_was_merged_into():
    chain = [
        RegistryPlayer(1, "A"),
        RegistryPlayer(2, "B", merged_into=1),
        RegistryPlayer(3, "C", merged_into=2),
    ]
    assert resolve_id(3, chain).id == 1
    assert ids_of(chain[0], chain) == {1, 2, 3}
    assert resolve_id(9, chain) is None


def test_a_merge_loop_ends():
    loop = [RegistryPlayer(1, "A", merged_into=2), RegistryPlayer(2, "B", merged_into=1)]
    assert resolve_id(1, loop) is not None


def test_a_player_is_never_merged_into_themselves():
    with pytest.raises(InputError, match="itself"):
        merged(JOSE, JOSE)


def test_the_same_name_to_the_look_ups_is_taken():
    assert same_name_taken("JOSE garcia", PLAYERS) == JOSE
    assert same_name_taken("pépé", PLAYERS) == JOSE  # an alias
    assert same_name_taken("José García", PLAYERS, but=104) is None
    assert same_name_taken("Jose", PLAYERS) is None


@pytest.mark.parametrize(
    "check, text",
    [
        (clean_name, ""),
        (clean_name, "   "),
        (clean_name, "#12"),
        (clean_name, "x" * 101),
        (clean_email, "anna"),
        (clean_email, "anna@x"),
        (clean_email, "an na@example.org"),
        (clean_phone, "call me"),
        (clean_phone, "12"),
    ],
)
def test_bad_names_and_contact_fields_are_refused(check, text):
    with pytest.raises(InputError):
        check(text)


def test_contact_fields_may_be_left_out():
    assert clean_email("") is None and clean_phone(None) is None
    assert clean_phone(" +34  600 123 456 ") == "+34 600 123 456"


# --- properties -----------------------------------------------------------------------------

LETTERS = st.sampled_from(list("abcdeéèñoöøułłßzżAÉÑÖ"))
NAMES = st.lists(LETTERS, min_size=1, max_size=8).map("".join)
FULL_NAMES = st.lists(NAMES, min_size=1, max_size=3).map(" ".join)


def _variants(name: str) -> st.SearchStrategy[str]:
    """The name typed another way: any case, accents dropped, spaces doubled."""
    return st.sampled_from(
        [name.upper(), name.lower(), ascii_fold(name), "  " + name.replace(" ", "  ") + " "]
    )


@given(st.lists(FULL_NAMES, min_size=1, max_size=6, unique_by=ascii_fold), st.data())
def test_folding_any_registered_name_typed_any_way_finds_that_player_alone(names, data):
    players = [RegistryPlayer(i + 1, n) for i, n in enumerate(names)]
    target = data.draw(st.sampled_from(players))
    typed = data.draw(_variants(target.name))
    found = match_name(typed, players)
    assert found.kind in (MatchKind.EXACT, MatchKind.SAME)
    assert [p.id for p in found.players] == [target.id]


@given(st.lists(FULL_NAMES, min_size=2, max_size=6), st.data())
def test_a_match_is_never_a_guess_every_possible_player_is_named(names, data):
    players = [RegistryPlayer(i + 1, n) for i, n in enumerate(names)]
    typed = data.draw(st.sampled_from([w for n in names for w in n.split()]))
    found = match_name(typed, players)
    folded = ascii_fold(typed)
    for p in players:
        plain = ascii_fold(p.name)
        if plain == folded or folded in plain.split():
            # Everyone the typed word fully names is among the candidates, or a better kind
            # of match (the whole name) was found for someone.
            assert p in found.players or found.kind in (MatchKind.EXACT, MatchKind.SAME)


@st.composite
def _players(draw: st.DrawFn) -> RegistryPlayer:
    """A player as the registry keeps one: no alias twice, none their name (any case)."""
    names = draw(st.lists(FULL_NAMES, min_size=1, max_size=4, unique_by=str.casefold))
    return RegistryPlayer(
        draw(st.integers(1, 1000)),
        names[0],
        tuple(names[1:]),
        draw(st.none() | st.just("a@b.org")),
        draw(st.none() | st.just("555 1234")),
    )


PLAYER = _players()


@given(PLAYER, PLAYER)
def test_a_merge_loses_no_name_and_no_alias(keep, gone):
    if keep.id == gone.id:
        gone = RegistryPlayer(keep.id + 1, gone.name, gone.aliases, gone.email, gone.phone)
    after = merged(keep, gone)
    kept = {n.casefold() for n in after.names()}
    assert {n.casefold() for n in keep.names() + gone.names()} <= kept
    assert after.name == keep.name and after.id == keep.id
    assert len(after.aliases) == len({a.casefold() for a in after.aliases})
    assert after.email == (keep.email or gone.email)
    assert after.phone == (keep.phone or gone.phone)


@given(st.lists(st.integers(0, 5), min_size=1, max_size=6))
def test_after_any_merges_every_id_means_exactly_one_live_player(targets):
    """Merging in any order: each id resolves to a live player, and the ids of the live
    players together are every id (no event entered under any id is lost)."""
    players = [RegistryPlayer(i + 1, f"P{i + 1}") for i in range(6)]
    for gone, into in enumerate(targets, start=1):
        keep = resolve_id(into + 1, players)
        g = resolve_id(gone, players)
        assert keep is not None and g is not None
        if keep.id == g.id:
            continue
        players = [merged(keep, g) if p.id == keep.id else p for p in players if p.id != g.id] + [
            RegistryPlayer(g.id, g.name, g.aliases, merged_into=keep.id)
        ]
        players.sort(key=lambda p: p.id)
    live = [p for p in players if p.merged_into is None]
    every = set().union(*(ids_of(p, players) for p in live))
    assert every == {p.id for p in players}
    assert sum(len(ids_of(p, players)) for p in live) == len(players)
    names = {n.casefold() for p in live for n in p.names()}
    assert {f"p{i}" for i in range(1, 7)} <= names
