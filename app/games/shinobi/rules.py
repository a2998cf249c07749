"""The in-app rules reference for Shinobi, in our own words (HTML for QTextBrowser).

Written from the rulebook (../shared/rules/shinobi.de.txt) and the component notes; the
decisions Daimyo takes where the sources are open (see `engine.shinobi.state`) are marked
"Daimyo:".
"""

from __future__ import annotations

SHINOBI_RULES_HTML = """
<h1>Shinobi</h1>
<p>Five clans fight for Japan: <b>Go-Hōjō, Mōri, Oda, Takeda and Uesugi</b>. You are a secret
agent of one of them. You give orders to the armies of <i>every</i> clan, but whose interest you
serve stays hidden until the end. 3–5 players.</p>

<h2 id="contents">Contents</h2>
<ul>
<li><a href="#setup">Setting up</a></li>
<li><a href="#turn">A turn: three orders</a></li>
<li><a href="#ninja">The Ninja</a></li>
<li><a href="#end">The last round and the reveal</a></li>
<li><a href="#decisions">Daimyo's decisions</a></li>
<li><a href="#app">Playing in Daimyo</a></li>
</ul>

<h2 id="setup">Setting up</h2>
<ul>
<li>Each player is dealt one secret <b>allegiance</b> card from the five clans. With fewer than
five players the rest go back unseen, so some clans belong to <b>nobody</b>.</li>
<li>The deck holds 58 cards: 11 of each clan and 3 <b>Ninja</b>. Everyone draws 4.</li>
<li>The table in front of each player is that player's <b>province</b>. The cards of one clan in
one province form that clan's <b>army</b> there; its strength is its number of cards.</li>
</ul>

<h2 id="turn">A turn: three orders, in this order</h2>
<ol>
<li><b>Deploy</b> a card from your hand to another player's province (or play a Ninja instead).
</li>
<li>Either <b>deploy</b> a card to your own province, or <b>move</b> one card from any province
but your own to any other province (your own included). Nothing ever leaves your own
province by a move.</li>
<li><b>Attack</b> — compulsory when possible: one army of your own province removes one card
from a <b>strictly smaller</b> army of <b>another clan</b> in another province. An army that
received a card this turn (deployed or moved in) or was hit by your Ninja cannot be attacked
this turn. The attacker loses nothing.</li>
</ol>
<p>Then draw back up to 4 cards (2 after two deployments, 1 after a deployment and a move).
Play passes to the left (the next seat).</p>

<h2 id="ninja">The Ninja</h2>
<p>Instead of the first order you may play a Ninja on any army in another player's province:
the Ninja and one card of that army are discarded, and that army cannot be attacked this
turn.</p>

<h2 id="end">The last round and the reveal</h2>
<p>When the deck runs out, the last round begins: every other player takes one more turn and
the next turn of the player who drew the last card is the last of the game. Nobody draws in
the last round.</p>
<p>Then all allegiances are revealed. The clan with the most cards on the whole table wins;
its player wins the game. On a tie, the player with more cards of their own clan in their own
province wins. If the largest clan is served by nobody, the next largest clan wins.</p>

<h2 id="decisions">Daimyo's decisions</h2>
<ul>
<li>Daimyo: the first player is drawn by lot from the game's seed.</li>
<li>Daimyo: orders 1 and 2 are compulsory like the attack; an order with no legal option
(only possible when a hand runs dry in the last round) is skipped.</li>
<li>Daimyo: a card deployed by the first order may be moved by the second.</li>
<li>Daimyo: an attacking army needs at least 2 cards (it must be larger than an army of 1).
</li>
<li>Daimyo: when the deck holds fewer cards than you need, you take them all and start the
last round.</li>
<li>Daimyo: if the next largest clan is ownerless too, the rule applies again; players still
tied after the tie-break share the win.</li>
<li>Daimyo: the discard pile is open; cards left in hands do not count at the end.</li>
</ul>

<h2 id="app">Playing in Daimyo</h2>
<ul>
<li>Each province shows one stack per clan with its number of cards. Clans have a colour
and a crest (▲ Go-Hōjō, ●●● Mōri, ✿ Oda, ◆ Takeda, ○ Uesugi), so colour alone never tells
them apart.</li>
<li>First order: click a card of your hand, then a lit province (or, for a Ninja, a lit army).
Second order: a card and then your own province, or an army elsewhere and then a lit
province. Third order: click one of your armies, then a lit target army.</li>
<li>A shield marks an army protected from this turn's attack; +1 and −1 marks show what the
last turns changed. Press Esc or <i>Cancel</i> to choose again.</li>
<li>Only your own allegiance and hand are shown; the log never names anybody's clan before
the reveal. <i>Undo my last decision</i> works within your turn, until you draw.</li>
</ul>
"""
