"""One test per card: the 22 territory cards, scout, shugenja and the first-player card."""

import pytest

from engine.rokugan import data as D
from engine.rokugan import rounds, tokens
from engine.rokugan import state as S
from tests.engine.rokugan.fixtures import control, labels_at, position, special, texts


def play(st, text):
    st.apply_checked(st.spec.parse_action(text))


def upkeep(extra: str, clans: str = "crab lion") -> S.RokuganState:
    """A card round in round 2 with the first seat to act."""
    return position(f"clans {clans}\nround 2\nphase cards\n{extra}")


# ----------------------------------------------------------------------------- territory


def test_feats_of_engineering_puts_the_harbor_in_an_inland_province():
    st = upkeep("card crab feats_of_engineering crab\ncontrol crab CRAB_2")
    legal = texts(st.legal_actions())
    assert "card feats_of_engineering CRAB_2" in legal
    assert "card feats_of_engineering CRAB_C" not in legal  # already coastal
    play(st, "card feats_of_engineering CRAB_2")
    assert special(st, "CRAB_2") == "harbor"
    assert st.is_coastal(st.board.index["CRAB_2"])
    assert st.terr_holder[st.board.territory_ids.index("crab")] == S.PLAYED


def test_promotion_takes_a_token_back_and_sends_one_away():
    st = upkeep("card crab promotion crab\ndiscard crab army4 raid\nhand crab army1 army1")
    assert texts(st.legal_actions()) >= {"card promotion army4"}
    assert "card promotion raid" not in texts(st.legal_actions())
    play(st, "card promotion army4")
    assert st.pending == (S.PEND_SEND, 1)
    assert "send bluff pool" not in texts(st.legal_actions())
    play(st, "send army1 pool")
    assert labels_at(st, "crab", S.HAND) == ["army1", "army4", "bluff"]
    assert labels_at(st, "crab", S.DISCARD) == ["raid"]


def test_code_of_honor_places_two_honor_tokens():
    st = upkeep("card crane code_of_honor crab", clans="crab crane")
    assert not any("SL_N" in a for a in texts(st.legal_actions()))
    play(st, "card code_of_honor CRAB_1 CRAB_2")
    assert special(st, "CRAB_1") == special(st, "CRAB_2") == "honor1"
    assert st.supply[D.HONOR1] == 0


def test_diplomatic_mission_on_an_opponents_province_gives_two_face_up_tokens():
    st = upkeep(
        "card crane diplomatic_mission crab\ncontrol lion CRAB_1\ncontrol crab CRAB_3",
    )
    play(st, "card diplomatic_mission CRAB_1 CRAB_3")
    assert special(st, "CRAB_1") == "peace"
    assert control(st, "CRAB_3") == ("crab", 1, 2)


def test_diplomatic_mission_on_an_empty_province_gives_nothing_else():
    st = upkeep("card crane diplomatic_mission crab\ncontrol crab CRAB_3")
    assert "card diplomatic_mission CRAB_1 CRAB_3" not in texts(st.legal_actions())
    play(st, "card diplomatic_mission CRAB_1")
    assert special(st, "CRAB_1") == "peace"
    assert control(st, "CRAB_3") == ("crab", 1, 0)


def test_strength_of_purpose_adds_a_face_up_token_in_two_own_provinces():
    st = upkeep("card dragon strength_of_purpose crab\ncontrol crab CRAB_1\ncontrol crab CRAB_2")
    assert texts(st.legal_actions()) == {"pass", "card strength_of_purpose CRAB_1 CRAB_2"}
    play(st, "card strength_of_purpose CRAB_1 CRAB_2")
    assert control(st, "CRAB_1") == ("crab", 1, 1)
    assert control(st, "CRAB_2") == ("crab", 1, 1)


def test_sacred_ground_places_the_shrine():
    st = upkeep("card dragon sacred_ground crab")
    play(st, "card sacred_ground SL_N")
    assert special(st, "SL_N") == "shrine"


def test_bushido_places_the_four_flower_token_worth_four_honor():
    st = upkeep("card lion bushido crab\ncontrol crab CRAB_1")
    assert "card bushido SL_N" not in texts(st.legal_actions())
    before = st.honor()[0]
    play(st, "card bushido CRAB_1")
    assert special(st, "CRAB_1") == "honor4"
    assert st.honor()[0] == before + 4


def test_honorable_fight_places_the_battlefield():
    st = upkeep("card lion honorable_fight crab")
    play(st, "card honorable_fight CRAB_1")
    assert special(st, "CRAB_1") == "battlefield"


def test_aid_of_the_kami_places_the_two_defense_token_worth_one_honor():
    st = upkeep("card phoenix aid_of_the_kami crab\ncontrol crab CRAB_1")
    before = st.honor()[0]
    play(st, "card aid_of_the_kami CRAB_1")
    assert special(st, "CRAB_1") == "defense2"
    assert st.defense_bonus(st.board.index["CRAB_1"], 1) == 2
    assert st.honor()[0] == before + 1


def test_bless_the_lands_removes_scorched_earth_and_places_two_control_tokens():
    st = upkeep("card phoenix bless_the_lands crab\nspecial CRAB_1 scorched_earth")
    assert texts(st.legal_actions()) == {"pass", "card bless_the_lands CRAB_1"}
    play(st, "card bless_the_lands CRAB_1")
    assert special(st, "CRAB_1") == ""
    assert control(st, "CRAB_1") == ("crab", 1, 1)
    assert st.supply[D.SCORCHED] == 15


def test_spy_network_shows_a_hand_and_forbids_the_bluff():
    st = upkeep("card scorpion spy_network crab\nhand lion army5 navy2")
    play(st, "card spy_network lion")
    obs = st.observation(0)
    assert sorted(st.label(1, t) for q, t in obs.known_hand if q == 1) == [
        "army5",
        "bluff",
        "navy2",
    ]
    assert st.spied == [0, 1]
    st.phase, st.cur, st.pending = S.PH_PLACE, 1, None
    assert not any(a.startswith("place bluff") for a in texts(st.legal_actions()))


def test_foment_rebellion_removes_peace_and_rewards_its_owner():
    st = upkeep("card scorpion foment_rebellion crab\ncontrol crab CRAB_1\nspecial CRAB_1 peace")
    play(st, "card foment_rebellion CRAB_1")
    assert special(st, "CRAB_1") == ""
    assert control(st, "CRAB_1") == ("crab", 1, 2)
    assert st.supply[D.PEACE] == 15


def test_cultural_exchange_swaps_all_control_tokens_of_two_provinces():
    st = upkeep(
        "card unicorn cultural_exchange crab\ncontrol crab CRAB_1\ncontrol lion LION_C up=2"
    )
    play(st, "card cultural_exchange CRAB_1 LION_C")
    assert control(st, "CRAB_1") == ("lion", 0, 2)
    assert control(st, "LION_C") == ("crab", 1, 0)


def test_reinforcements_takes_two_armies_and_sends_two_tokens():
    st = upkeep("card unicorn reinforcements crab\ndiscard crab army2 army5 navy1\nhand crab raid")
    assert "card reinforcements army2 army5" in texts(st.legal_actions())
    play(st, "card reinforcements army2 army5")
    assert st.pending == (S.PEND_SEND, 2)
    play(st, "send raid discard")
    play(st, "send army2 pool")
    assert labels_at(st, "crab", S.HAND) == ["army5", "bluff"]
    assert labels_at(st, "crab", S.DISCARD) == ["navy1", "raid"]


def test_pirate_raids_scorches_own_province_and_places_three_tokens_elsewhere():
    st = upkeep("card islands_neutral pirate_raids crab\ncontrol crab CRAB_1\ncontrol crab CRAB_2")
    play(st, "card pirate_raids CRAB_1 CRAB_2")
    assert special(st, "CRAB_1") == "scorched_earth"
    assert control(st, "CRAB_1") == (None, 0, 0)
    assert control(st, "CRAB_2") == ("crab", 1, 3)


def test_pirate_raids_on_an_opponent_scorches_it():
    st = upkeep("card islands_neutral pirate_raids crab\ncontrol lion LION_C")
    play(st, "card pirate_raids LION_C")
    assert special(st, "LION_C") == "scorched_earth"
    assert control(st, "LION_C") == (None, 0, 0)
    assert st.control_left[1] == 30


def test_port_of_prosperity_places_the_two_honor_token():
    st = upkeep("card islands_neutral port_of_prosperity crab")
    play(st, "card port_of_prosperity ISL_2")
    assert special(st, "ISL_2") == "honor2"


def test_bountiful_harvest_adds_two_face_up_tokens():
    st = upkeep("card gold_neutral bountiful_harvest crab\ncontrol crab GOLD_2")
    play(st, "card bountiful_harvest GOLD_2")
    assert control(st, "GOLD_2") == ("crab", 1, 2)


def test_ashigaru_levies_places_three_defense_tokens():
    st = upkeep("card gold_neutral ashigaru_levies crab")
    play(st, "card ashigaru_levies CRAB_1 CRAB_2 CRAB_3")
    assert [special(st, q) for q in ("CRAB_1", "CRAB_2", "CRAB_3")] == ["defense1"] * 3
    assert st.supply[D.DEFENSE1] == 0


def test_card_special_tokens_replace_others_but_not_peace_or_scorched_earth():
    st = upkeep(
        "card lion honorable_fight crab\nspecial CRAB_1 shrine\nspecial CRAB_2 peace\n"
        "special CRAB_3 scorched_earth"
    )
    legal = texts(st.legal_actions())
    assert "card honorable_fight CRAB_1" in legal
    assert "card honorable_fight CRAB_2" not in legal
    assert "card honorable_fight CRAB_3" not in legal
    play(st, "card honorable_fight CRAB_1")
    assert special(st, "CRAB_1") == "battlefield"
    assert st.supply[D.SHRINE] == 1


def test_peace_and_scorched_earth_do_not_replace_each_other():
    st = upkeep(
        "card islands_neutral pirate_raids crab\nspecial CRAB_1 peace\nspecial LION_C shrine"
    )
    legal = texts(st.legal_actions())
    assert "card pirate_raids CRAB_1" not in legal
    assert "card pirate_raids LION_C" in legal


def test_no_territory_cards_in_round_one():
    st = position(
        "clans crab lion\ncard lion bushido crab\ncontrol crab CRAB_1\ncontrol lion LION_C"
    )
    rounds.start_round(st)
    assert st.phase == S.PH_PLACE


def test_card_round_ends_when_all_pass_in_a_row():
    st = upkeep("card lion bushido crab\ncard crab promotion lion\ndiscard lion army1")
    play(st, "pass")
    assert st.cur == 1 and st.phase == S.PH_CARDS
    play(st, "pass")
    assert st.phase == S.PH_PLACE


def test_passing_player_may_play_later_unless_all_passed():
    st = upkeep("card lion bushido crab\ncard crab promotion lion\ndiscard lion army1")
    play(st, "pass")
    play(st, "card promotion army1")
    play(st, "send army1 discard")
    assert st.phase == S.PH_CARDS and st.cur == 0
    play(st, "card bushido CRAB_1")
    assert st.phase == S.PH_PLACE


# ----------------------------------------------------------------------------- shadowlands


def shadow(extra: str) -> S.RokuganState:
    return position(
        "clans crab lion\ncontrol crab CRAB_1\ncontrol crab CRAB_2 down=1 up=1\n"
        "control lion LION_C\nhand crab army1 army2\nhand lion army1 army2\n" + extra
    )


def test_dark_favors_costs_a_control_token_looks_at_up_to_four_and_discards_one():
    st = shadow(
        "card shadowlands_north dark_favors crab\nplace lion army5 LION_C\nplace lion navy1 ISL_2~0"
    )
    assert "card dark_favors SL_N" not in texts(st.legal_actions())
    play(st, "card dark_favors CRAB_2")
    assert control(st, "CRAB_2") == ("crab", 1, 0)  # face-up removed first
    assert texts(st.legal_actions()) == {"look #0", "look #1"}
    play(st, "look #0")
    assert texts(st.legal_actions()) == {"skip look", "look #1"}
    play(st, "skip look")
    assert texts(st.legal_actions()) == {"discard #0"}
    play(st, "discard #0")
    assert labels_at(st, "lion", S.DISCARD) == ["army5"]
    assert st.cur == 0 and any(a.startswith("place ") for a in texts(st.legal_actions()))


def test_purge_the_weak_discards_a_hand_token_and_two_board_tokens_and_ends_the_turn():
    st = shadow(
        "card shadowlands_north purge_the_weak crab\nplace lion army5 LION_C\n"
        "place lion navy1 ISL_2~0"
    )
    play(st, "card purge_the_weak bluff")
    play(st, "discard #1")
    play(st, "discard #0")
    assert labels_at(st, "lion", S.DISCARD) == ["army5", "navy1"]
    assert "bluff" in labels_at(st, "crab", S.DISCARD)
    assert st.cur == 1  # nothing placed; the turn passed


def test_animate_the_dead_places_a_discarded_token_face_up():
    st = shadow("card shadowlands_south animate_the_dead crab\ndiscard crab army4")
    play(st, "card animate_the_dead CRAB_1")
    assert control(st, "CRAB_1") == (None, 0, 0)
    legal = texts(st.legal_actions())
    assert "animate army4 CRAB_2|CRAB_3 ->CRAB_3" in legal
    assert "animate army4 CRAB_1|CRAB_3 ->CRAB_3" not in legal
    play(st, "animate army4 CRAB_2|CRAB_3 ->CRAB_3")
    assert st.tokens[0][S.T_UP] == 1
    assert st.observation(1).board_tokens[0][-1] == st.tokens[0][S.T_TID]
    assert st.cur == 0  # still to place from hand


def test_inspire_fear_removes_up_to_two_special_tokens():
    st = shadow(
        "card shadowlands_south inspire_fear crab\nspecial LION_C peace\nspecial CRAB_3 shrine"
    )
    play(st, "card inspire_fear CRAB_1 CRAB_3 LION_C")
    assert special(st, "LION_C") == special(st, "CRAB_3") == ""
    assert st.supply[D.PEACE] == 15 and st.supply[D.SHRINE] == 1
    assert control(st, "CRAB_1") == (None, 0, 0)


def test_shadowlands_cards_are_not_played_in_upkeep():
    st = upkeep(
        "card shadowlands_south inspire_fear crab\ncontrol crab CRAB_1\nspecial CRAB_2 peace"
    )
    assert st.phase == S.PH_CARDS
    assert texts(st.legal_actions()) == {"pass"}


# ----------------------------------------------------------------------------- scout etc.


def test_scout_card_looks_at_an_opponents_face_down_token():
    st = shadow("place lion army5 LION_C")
    assert texts(st.observation(0).board_tokens[0][-1:]) == {"-1"}
    play(st, "card scout #0")
    assert st.scouts[0] == 1
    assert st.observation(0).board_tokens[0][-1] == st.tokens[0][S.T_TID]
    assert st.cur == 0  # cards come before the placement


def test_blessed_tokens_cannot_be_targeted():
    st = shadow("place lion army5 LION_C")
    st.cur = 1
    tokens.move(st, 1, 21, S.HAND)  # blessing2
    play(st, "place blessing2 #0")
    assert not any("#0" in a or "#1" in a for a in texts(st.legal_actions()))


def test_shugenja_reveals_and_discards_an_opponents_token():
    st = shadow("place lion army5 LION_C")
    play(st, "card shugenja #0")
    assert st.shugenja[0] == 0
    assert labels_at(st, "lion", S.DISCARD) == ["army5"]
    assert st.tokens[0] is None


def test_first_player_card_returns_a_token_to_its_pool():
    st = position(
        "clans crab lion crane\ncontrol crab CRAB_1\nplace lion army5 LION_C\nhand crab army1"
    )
    play(st, "card first_player #0")
    assert "army5" not in labels_at(st, "lion", S.DISCARD)
    assert labels_at(st, "lion", S.POOL).count("army5") == 1
    assert not any(a.startswith("card first_player") for a in texts(st.legal_actions()))


def test_first_player_card_is_not_used_with_two_players():
    st = shadow("place lion army5 LION_C")
    assert not any(a.startswith("card first_player") for a in texts(st.legal_actions()))


@pytest.mark.parametrize("card", ["scout", "shugenja"])
def test_scout_and_shugenja_are_single_use(card):
    st = shadow("place lion army5 LION_C\nplace lion army1 LION_C")
    setattr(st, "scouts" if card == "scout" else "shugenja", [0, 0])
    assert not any(a.startswith(f"card {card}") for a in texts(st.legal_actions()))


def test_animate_the_dead_is_not_offered_with_a_cost_that_leaves_nothing_to_animate():
    # Crab's only province pays the cost; its discarded Army could then defend nowhere
    st = position(
        "clans crab lion\ncontrol crab CRAB_1\ncontrol lion LION_C\nhand crab army1 army2\n"
        "hand lion army1\ncard shadowlands_south animate_the_dead crab\ndiscard crab army4\n"
        "special CRAB_2 peace\nspecial SL_N peace\nspecial CRAB_3 peace\nspecial SCORP_1 peace\n"
        "special UNI_1 peace"
    )
    assert not any(a.startswith("card animate_the_dead") for a in texts(st.legal_actions()))
    st2 = position(
        "clans crab lion\ncontrol crab CRAB_1\ncontrol crab CRAB_2\nhand crab army1 army2\n"
        "card shadowlands_south animate_the_dead crab\ndiscard crab army4"
    )
    assert {"card animate_the_dead CRAB_1", "card animate_the_dead CRAB_2"} <= texts(
        st2.legal_actions()
    )
