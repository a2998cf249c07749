# ruff: noqa: E501 - the texts are the data files' own lines, kept whole to compare
"""The cards' and advisors' English words (`data/cards.json`, `data/advisors.json`) as the
catalog's messages: xgettext reads no JSON, so each title and text is marked here once, and
the app says it with `_` where it is shown (`_(card.text)`). A test
(tests/engine/ricewars/test_texts.py) fails when the JSON and this list differ."""

from __future__ import annotations

from engine.words import N_

TEXTS = (
    N_("Rich harvest"),
    N_("Take 3 Ryo from the bank."),
    N_("Rice tax"),
    N_("Every other daimyo (not the neutral) pays you 1 Ryo, if they have it."),
    N_("New paddy"),
    N_(
        "Place a peasant from your supply (not from your daimyo board) on a free field by the peasant rule."
    ),
    N_("Rice planting"),
    N_(
        "Place up to two peasants from your daimyo board, one after the other, each by the peasant rule."
    ),
    N_("Uprising"),
    N_("Remove an opponent's peasant that has no connection to its palace."),
    N_("Land survey"),
    N_("Move one of your peasants on the board to a free neighbouring field."),
    N_("Conscription"),
    N_(
        "Take an active ashigaru from the supply without paying its hire (it needs upkeep from the next round)."
    ),
    N_("Rest"),
    N_("All your exhausted ashigaru and ronin become active again."),
    N_("Spy"),
    N_("Take a random card from the hand of another daimyo."),
    N_("Merchant"),
    N_("Draw 2 cards (never more than the hand limit of 5)."),
    N_("Arson"),
    N_("Remove an opponent's peasant next to your palace or to one of your peasants."),
    N_("Bribe"),
    N_("An active ashigaru of another daimyo becomes exhausted."),
    N_("Festival"),
    N_("Take 1 Ryo for every 2 of your peasants connected to your palace."),
    N_("Rescue"),
    N_(
        "Played face down in a combat: after the cards are revealed, pay 1 Ryo: your troops in this combat stay active."
    ),
    N_("Victory"),
    N_(
        "Played face down in a combat: after the tie-break, if you lost, pay 1 Ryo: you win the combat instead."
    ),
    N_("Courage"),
    N_(
        "Played face down in a duel: after the cards are revealed, pay 1 Ryo: +3 strength in this duel."
    ),
    N_("Guard"),
    N_(
        "Played face down in a combat you defend: after the cards are revealed, pay 1 Ryo: +2 strength."
    ),
    N_("Escape"),
    N_(
        "When a ronin challenges you to a duel, pay 2 Ryo: the duel does not take place and you give no peasants (the ronin stays exhausted)."
    ),
    N_("Put the top card of the deck face down as an extra bonus card (only its strength counts)."),
    N_("+2 strength when at least one of your ashigaru fights."),
    N_("+3 strength in a duel."),
    N_("Take 4 Ryo from the bank."),
    N_("Place a peasant from your supply on a free field by the peasant rule."),
    N_("+3 strength when you defend."),
)
"""Every card title, card text and advisor service text, in file order."""
