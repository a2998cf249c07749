"""The in-app rules reference for Rice Wars, in our own words (HTML for QTextBrowser).

Written from the rulebook, ../shared/rules/ricewars-components.md and the decisions the
engine documents (`engine.ricewars`); Daimyo's own decisions are marked "Daimyo:". Each
heading, paragraph and list item is one message for the translators (`app.i18n`), in the
German rulebook's words (Bauern, Reisfelder, Statthalter, Ratgeber) and ours in Portuguese.
"""

from __future__ import annotations

from app.i18n import _, game_name
from engine.ricewars import data as R
from engine.ricewars.board import DEFAULT_PLAYERS, DEFAULT_START_PEASANTS, DEFAULT_TRACKS
from engine.ricewars.data import ADVISORS, CARDS

# The reference's words name these numbers of the engine: a rule change fails here.
assert {side: len(track) for side, track in DEFAULT_TRACKS.items()} == {"quick": 7, "epic": 8}
assert DEFAULT_PLAYERS == {"quick": (2, 4), "epic": (3, 5)}
assert DEFAULT_START_PEASANTS == {"quick": 2, "epic": 3}
assert R.START_MONEY == {"red": 5, "yellow": 6, "black": 7, "green": 8, "blue": 9}
assert (R.START_CARDS, R.DRAW_CARDS, R.HAND_LIMIT, len(CARDS)) == (2, 2, 5, 55)
assert (R.PALACE_INCOME, R.ROUND_BONUS) == (2, 3)
assert (R.PEASANT_COST, R.ASHIGARU_COST, R.RONIN_COST) == (1, 2, 4)
assert (R.DUEL_DRAW_CHALLENGER, R.DUEL_DRAW_CHALLENGED) == (2, 3)
assert (R.NEUTRAL_POOL, R.NEUTRAL_PEASANTS_PER_ROUND, R.NEUTRAL_MAX_ASHIGARU) == (9, 3, 2)


def _cards_table() -> str:
    kinds = {"action": _("action"), "reaction": _("reaction")}
    rows = []
    seen: dict[str, list[int]] = {}
    first = {}
    for card in CARDS:
        seen.setdefault(card.type, []).append(card.bonus)
        first.setdefault(card.type, card)
    for type_id, bonuses in seen.items():
        card = first[type_id]
        rows.append(
            f"<tr><td><b>{card.name}</b> {card.kanji}<br><i>{_(card.title)}</i></td>"
            f"<td>{kinds[card.kind]}</td><td>{card.cost}</td>"
            f"<td>{', '.join(f'+{b}' for b in bonuses)}</td><td>{_(card.text)}</td></tr>"
        )
    heads = (_("Card"), _("Kind"), _("Cost"), _("Copies: bonus"), _("Effect"))
    return _table(heads, rows)


def _table(heads: tuple[str, ...], rows: list[str]) -> str:
    head = "".join(f"<th>{h}</th>" for h in heads)
    return (
        "<table border='1' cellspacing='0' cellpadding='3'><tr>" + head + "</tr>" + "".join(rows)
    ) + "</table>"


def _advisors_table() -> str:
    when = {"action": _("action"), "combat": _("combat"), "duel": _("duel")}
    rows = [
        f"<tr><td><b>{a.name}</b> {a.kanji}</td><td>{a.upkeep}</td><td>{when[a.when]}</td>"
        f"<td>{_(a.text)}</td></tr>"
        for a in ADVISORS
    ]
    return _table((_("Advisor"), _("Upkeep"), _("Used"), _("Service")), rows)


def rules_html() -> str:
    """The rules in the current language."""
    out: list[str] = []
    out.append("<h1>" + game_name("ricewars") + "</h1>")
    out.append(
        "<p>"
        + _(
            "You are a daimyō in a valley of rice paddies. Over <b>7 rounds</b> (quick "
            "side) or <b>8 rounds</b> (epic side) you settle peasants on the fields, hire"
            " soldiers and advisors, and fight for the land. Whoever holds the <b>most "
            "fields</b> at the end wins; a tie goes to the greater <b>wealth</b> (Ryo "
            "plus what the kept servants and the peasants on the daimyo board cost to "
            "hire)."
        )
        + "</p>"
    )
    out.append('<h2 id="contents">' + _("Contents") + "</h2>")
    out.append("<ul>")
    out.append('<li><a href="#board">' + _("The board and the peasant rule") + "</a></li>")
    out.append('<li><a href="#setup">' + _("Setting up") + "</a></li>")
    out.append('<li><a href="#round">' + _("A round") + "</a></li>")
    out.append('<li><a href="#combat">' + _("Combat") + "</a></li>")
    out.append('<li><a href="#duel">' + _("Duel") + "</a></li>")
    out.append('<li><a href="#scenario">' + _("Two players: the neutral daimyō") + "</a></li>")
    out.append('<li><a href="#cards">' + _("Cards") + "</a></li>")
    out.append('<li><a href="#advisors">' + _("Advisors") + "</a></li>")
    out.append('<li><a href="#app">' + _("Playing in Daimyo") + "</a></li>")
    out.append("</ul>")
    out.append('<h2 id="board">' + _("The board and the peasant rule") + "</h2>")
    out.append(
        "<p>"
        + _(
            "The board is a patchwork of rice fields. Fields on the edge with a castle "
            "outline are <b>palace sites</b>. The blessed field in the centre earns 2 Ryo"
            " (quick side) or 3 Ryo (epic side) instead of 1. Each field holds one "
            "peasant or one palace."
        )
        + "</p>"
    )
    out.append(
        "<p>"
        + _(
            "A peasant is <b>connected</b> when it borders its palace, or a connected "
            "peasant of the same colour. <b>The peasant rule</b>: a new peasant goes on a"
            " free field next to your palace or next to one of your connected peasants — "
            "and never next to one of your own peasants that is cut off from your palace."
            " Cut-off peasants earn nothing (the board marks them with ✂)."
        )
        + "</p>"
    )
    out.append(
        "<p>"
        + _(
            "The quick side takes 2–4 players, the epic side 3–5. Two players always play"
            " the scenario on the quick side."
        )
        + "</p>"
    )
    out.append('<h2 id="setup">' + _("Setting up") + "</h2>")
    out.append("<ol>")
    out.append(
        "<li>"
        + _(
            "The governor is drawn by lot. Colours go clockwise from the governor: red, "
            "yellow, black, green, blue; starting money by colour 5, 6, 7, 8, 9 Ryo "
            "(Daimyo: the rulebook gives black 7)."
        )
        + "</li>"
    )
    out.append("<li>" + _("Each daimyō draws 2 cards.") + "</li>")
    out.append(
        "<li>"
        + _(
            "Clockwise from the governor, everyone builds a palace on a palace site at "
            "least two free fields away from every other palace. The governor may then "
            "move the palace."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "Clockwise, everyone places 2 (quick) or 3 (epic) starting peasants, one at a"
            " time, by the peasant rule."
        )
        + "</li>"
    )
    out.append("</ol>")
    out.append('<h2 id="round">' + _("A round") + "</h2>")
    out.append("<ol>")
    out.append(
        "<li>"
        + _(
            "<b>Income.</b> Palace 2 Ryo, every connected peasant 1 (the blessed field "
            "more), and +3 in rounds with the +3 Ryo symbol."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "<b>Hiring and upkeep.</b> From the governor clockwise: hire peasants (1 Ryo,"
            " onto your daimyo board), ashigaru (2) and ronin (4) from the supply; pay "
            "upkeep for every servant kept (ashigaru 2, ronin 4) and every advisor held. "
            "What is not paid when you say Done leaves. Paying a servant also makes it "
            "active again."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "<b>Advisor auction</b> (only in the two rounds with the auction symbol). The"
            " governor draws advisors (3; 2 with two or three seats) and picks the order."
            " Everyone who holds fewer than two advisors makes a <b>sealed bid</b>. The "
            "highest bidders pay and get 2 services, the second highest pay and get 1. An"
            " advisor nobody bids on leaves the game."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "<b>Actions.</b> From the governor clockwise, one action per turn: place a "
            "peasant from your daimyo board, play an action card, attack, challenge to a "
            "duel, use an advisor's service (one service per round), or <b>pass</b>. "
            "After your second pass you take no more actions this round (you still "
            "defend). The phase ends when everyone has passed twice."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "<b>Draw.</b> Everyone draws 2 cards (3 in rounds with the card symbol), "
            "never above 5 in hand. The governor's marker passes clockwise."
        )
        + "</li>"
    )
    out.append("</ol>")
    out.append("<p>" + _("The game ends after the action phase of the last round.") + "</p>")
    out.append('<h2 id="combat">' + _("Combat") + "</h2>")
    out.append(
        "<p>"
        + _(
            "Attack any opponent's peasant (not a palace) with your active ashigaru and "
            "at most one active ronin; they become exhausted. The defender may add active"
            " ashigaru and at most one ronin. Strength: peasant 1, ashigaru 2, ronin 4; "
            "the attacker gets +1 in rounds with the attack symbol."
        )
        + "</p>"
    )
    out.append(
        "<p>"
        + _(
            "Then, starting with the attacker, the sides take turns adding a bonus: a "
            "card face down (only its strength bonus counts) or an advisor's combat "
            "service. When one side stops, the other has exactly one more step. The cards"
            " are turned up; revealed reaction cards (Kyuujo, Mamori) may be paid for. A "
            "tie is broken by drawing cards, attacker first, until decided (with no card "
            "left the defender wins). A losing side holding Shouri may pay for it and win"
            " after all."
        )
        + "</p>"
    )
    out.append(
        "<p>"
        + _(
            "An attacking ronin <b>converts</b> the peasant to the winner's colour; "
            "ashigaru drive it out, and the winner may occupy the field from the daimyo "
            "board. All played cards go to the discard pile and each side draws one card."
        )
        + "</p>"
    )
    out.append('<h2 id="duel">' + _("Duel") + "</h2>")
    out.append(
        "<p>"
        + _(
            "An active ronin may challenge another daimyō (never the neutral). Refusing "
            "gives two of your peasants to the challenger. An accepted duel has no base "
            "strength: cards face down, Jojutsu no shishou and Yuuki decide. A tie loses "
            "for both. A losing daimyō removes four peasants; a losing ronin leaves. The "
            "challenger draws 2 cards, the challenged 3. Nigeru lets the challenged pay 2"
            " Ryo to escape the duel."
        )
        + "</p>"
    )
    out.append('<h2 id="scenario">' + _("Two players: the neutral daimyō") + "</h2>")
    out.append(
        "<p>"
        + _(
            "With two players a third, neutral colour joins on the quick side. It has no "
            "money, cards or advisors. Its palace is placed by the governor; its starting"
            " peasants are placed by the players in turn. Each round it receives 3 "
            "peasants (from a pool of 9) and one ashigaru (at most 2). In the action "
            "phase the players take turns placing its peasants by the peasant rule. It "
            "never attacks; attacked, it defends with one ashigaru and one card drawn "
            "face down. If the neutral holds the most fields (or ties for the most) at "
            "the end, <b>nobody wins</b>."
        )
        + "</p>"
    )
    out.append('<h2 id="cards">' + _("Cards") + "</h2>")
    out.append(
        "<p>"
        + _(
            "55 cards: 40 action cards, played as an action (some cost Ryo), and 15 "
            "reaction cards, used at their moment. Every card also has a strength bonus "
            "for combats and duels."
        )
        + "</p>"
    )
    out.append(_cards_table())
    out.append('<h2 id="advisors">' + _("Advisors") + "</h2>")
    out.append(_advisors_table())
    out.append('<h2 id="app">' + _("Playing in Daimyo") + "</h2>")
    out.append("<ul>")
    out.append(
        "<li>"
        + _(
            "Lit fields are where your choice may go: click one. To attack, click the "
            "enemy peasant and then the button with the troops. To play a card, click it "
            "in your hand, then its target."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "Bids are typed into the bid box and placed sealed; nobody sees them before the reveal."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "The panel under the board shows the running combat or auction. When a fight "
            "ends, its card exchanges are retold step by step (Continue, or Skip all)."
        )
        + "</li>"
    )
    out.append(
        "<li>"
        + _(
            "Undo takes back your last decision until hidden information (a drawn card, a"
            " reveal) has come to light."
        )
        + "</li>"
    )
    out.append("</ul>")
    return "\n".join(out)
