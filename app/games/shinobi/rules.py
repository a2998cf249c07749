"""The in-app rules reference for Shinobi, in our own words (HTML for QTextBrowser).

Written from the rulebook (../shared/rules/shinobi.de.txt) and the component notes; the
decisions Daimyo takes where the sources are open (see `engine.shinobi.state`) are marked
"Daimyo:". Each heading, paragraph and list item is one message for the translators
(`app.i18n`), in the words of the glossary (Befehl, disponieren, verlegen; ordem, ...).
"""

from __future__ import annotations

from app.i18n import _
from engine.shinobi import cards as C

# The reference's words name these numbers of the engine: a rule change fails here.
assert (C.DECK_SIZE, C.CARDS_PER_CLAN, C.NINJAS, C.HAND_SIZE) == (58, 11, 3, 4)


def rules_html() -> str:
    """The rules in the current language."""
    contents = [
        ("setup", _("Setting up")),
        ("turn", _("A turn: three orders")),
        ("ninja", _("The Ninja")),
        ("end", _("The last round and the reveal")),
        ("decisions", _("Daimyo's decisions")),
        ("app", _("Playing in Daimyo")),
    ]
    setup = [
        _(
            "Each player is dealt one secret <b>allegiance</b> card from the five clans. With "
            "fewer than five players the rest go back unseen, so some clans belong to "
            "<b>nobody</b>."
        ),
        _("The deck holds 58 cards: 11 of each clan and 3 <b>Ninja</b>. Everyone draws 4."),
        _(
            "The table in front of each player is that player's <b>province</b>. The cards of "
            "one clan in one province form that clan's <b>army</b> there; its strength is its "
            "number of cards."
        ),
    ]
    orders = [
        _(
            "<b>Deploy</b> a card from your hand to another player's province (or play a "
            "Ninja instead)."
        ),
        _(
            "Either <b>deploy</b> a card to your own province, or <b>move</b> one card from any "
            "province but your own to any other province (your own included). Nothing ever "
            "leaves your own province by a move."
        ),
        _(
            "<b>Attack</b> — compulsory when possible: one army of your own province removes "
            "one card from a <b>strictly smaller</b> army of <b>another clan</b> in another "
            "province. An army that received a card this turn (deployed or moved in) or was "
            "hit by your Ninja cannot be attacked this turn. The attacker loses nothing."
        ),
    ]
    decisions = [
        _("Daimyo: the first player is drawn by lot from the game's seed."),
        _(
            "Daimyo: orders 1 and 2 are compulsory like the attack; an order with no legal "
            "option (only possible when a hand runs dry in the last round) is skipped."
        ),
        _("Daimyo: a card deployed by the first order may be moved by the second."),
        _(
            "Daimyo: an attacking army needs at least 2 cards (it must be larger than an "
            "army of 1)."
        ),
        _(
            "Daimyo: when the deck holds fewer cards than you need, you take them all and "
            "start the last round."
        ),
        _(
            "Daimyo: if the next largest clan is ownerless too, the rule applies again; "
            "players still tied after the tie-break share the win."
        ),
        _("Daimyo: the discard pile is open; cards left in hands do not count at the end."),
    ]
    playing = [
        _(
            "Each province shows one stack per clan with its number of cards. Clans have a "
            "colour and a crest (▲ Go-Hōjō, ●●● Mōri, ✿ Oda, ◆ Takeda, ○ Uesugi), so colour "
            "alone never tells them apart."
        ),
        _(
            "First order: click a card of your hand, then a lit province (or, for a Ninja, a "
            "lit army). Second order: a card and then your own province, or an army elsewhere "
            "and then a lit province. Third order: click one of your armies, then a lit "
            "target army."
        ),
        _(
            "A shield marks an army protected from this turn's attack; +1 and −1 marks show "
            "what the last turns changed. Press Esc or <i>Cancel</i> to choose again."
        ),
        _(
            "Only your own allegiance and hand are shown; the log never names anybody's clan "
            "before the reveal. <i>Undo my last decision</i> works within your turn, until "
            "you draw."
        ),
    ]

    def items(texts: list[str], tag: str = "ul") -> str:
        return f"<{tag}>" + "".join(f"<li>{t}</li>" for t in texts) + f"</{tag}>"

    def heading(anchor: str) -> str:
        return f'<h2 id="{anchor}">{dict(contents)[anchor]}</h2>'

    parts = [
        "<h1>Shinobi</h1>",
        "<p>"
        + _(
            "Five clans fight for Japan: <b>Go-Hōjō, Mōri, Oda, Takeda and Uesugi</b>. You are "
            "a secret agent of one of them. You give orders to the armies of <i>every</i> "
            "clan, but whose interest you serve stays hidden until the end. 3–5 players."
        )
        + "</p>",
        '<h2 id="contents">{}</h2>'.format(_("Contents")),
        items([f'<a href="#{anchor}">{title}</a>' for anchor, title in contents]),
        heading("setup"),
        items(setup),
        '<h2 id="turn">{}</h2>'.format(_("A turn: three orders, in this order")),
        items(orders, "ol"),
        "<p>"
        + _(
            "Then draw back up to 4 cards (2 after two deployments, 1 after a deployment and "
            "a move). Play passes to the left (the next seat)."
        )
        + "</p>",
        heading("ninja"),
        "<p>"
        + _(
            "Instead of the first order you may play a Ninja on any army in another player's "
            "province: the Ninja and one card of that army are discarded, and that army "
            "cannot be attacked this turn."
        )
        + "</p>",
        heading("end"),
        "<p>"
        + _(
            "When the deck runs out, the last round begins: every other player takes one "
            "more turn and the next turn of the player who drew the last card is the last of "
            "the game. Nobody draws in the last round."
        )
        + "</p>",
        "<p>"
        + _(
            "Then all allegiances are revealed. The clan with the most cards on the whole "
            "table wins; its player wins the game. On a tie, the player with more cards of "
            "their own clan in their own province wins. If the largest clan is served by "
            "nobody, the next largest clan wins."
        )
        + "</p>",
        heading("decisions"),
        items(decisions),
        heading("app"),
        items(playing),
    ]
    return "\n".join(parts)
