"""The in-app rules reference for Battle for Rokugan, in our own words (HTML for QTextBrowser).

Written from the rulebook and ../shared/rules/rokugan-components.md; the decisions Daimyo
takes where the sources are open are marked "Daimyo:".
"""

from __future__ import annotations

ROKUGAN_RULES_HTML = """
<h1>Battle for Rokugan</h1>
<p>You are the daimyō of one of the great clans. Over <b>five rounds</b> you send armies,
fleets, shinobi and diplomats into the provinces of Rokugan. Whoever holds the most
<b>honor</b> at the end wins.</p>

<h2 id="contents">Contents</h2>
<ul>
<li><a href="#map">The map</a></li>
<li><a href="#setup">Setting up</a></li>
<li><a href="#round">A round</a></li>
<li><a href="#tokens">Combat tokens</a></li>
<li><a href="#resolution">Resolution</a></li>
<li><a href="#special">Special tokens</a></li>
<li><a href="#cards">Cards</a></li>
<li><a href="#clans">Clan abilities</a></li>
<li><a href="#objectives">Secret objectives</a></li>
<li><a href="#territory">Territory cards</a></li>
<li><a href="#scoring">Scoring</a></li>
<li><a href="#app">Playing in Daimyo</a></li>
</ul>

<h2 id="map">The map</h2>
<p>The land is divided into <b>provinces</b>, grouped by colour into <b>territories</b>. Two
provinces that share a stretch of border are <b>neighbours</b> (a <i>land border</i>); a
province whose border meets the sea has a <i>coastal border</i> there and is
<b>coastal</b>. Each province shows its <b>flowers</b> (honor at the end), and some show a
printed <b>defense</b> bonus: every clan capital +2, each Shadowlands province +1.</p>
<p>You <b>control</b> a province while your control tokens lie in it. Face-down control tokens
only mark ownership; <b>face-up</b> ones also add 1 defense each and score 1 honor.</p>

<h2 id="setup">Setting up</h2>
<ol>
<li>One of the two territory cards of each territory is dealt face down beside it.</li>
<li>Each player takes a clan, its 30 control tokens and 27 combat tokens. The bluff goes
behind the player's screen; the other tokens are shuffled into a face-down <b>pool</b>.</li>
<li>Each player gets 2 scout cards and 1 shugenja card, and keeps 1 of 2 dealt
<b>secret objectives</b>.</li>
<li>Each player puts a face-down control token into their clan's capital.</li>
<li>A clan initiative card decides the first player. Then, in turn, players put further
face-down control tokens into empty provinces (11 each with 2 players, 7 with 3, 5 with 4,
4 with 5).</li>
</ol>

<h2 id="round">A round</h2>
<h3>Upkeep</h3>
<ol>
<li>From round 2: the top initiative card names the new first player (neutral cards go to
the player with the most provinces, the most control tokens on the board, or the most
territory cards; on a tie the current first player keeps it if tied, else it goes to the tied
player nearest to its right).
</li>
<li>Everyone takes the bluff back and draws from the pool until 6 tokens are behind the
screen: that is your <b>hand</b>.</li>
<li>From round 2: in turn, each player plays a territory card or passes, until all have
passed in a row.</li>
</ol>
<h3>Placement</h3>
<p>In turn order, each player places one token from hand face down on the board, until
everyone has a single token left. At most one token may lie on a border; any number may lie
in a province's centre. At the start of your turn you may first play scout, shugenja,
first-player and Shadowlands cards.</p>
<h3>Resolution</h3>
<p>All tokens are revealed and resolved in a fixed order (see <a href="#resolution">
Resolution</a>); then the round marker advances.</p>

<h2 id="tokens">Combat tokens</h2>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>Token</th><th>Strengths</th><th>Where it goes</th></tr>
<tr><td>Army</td><td>1 ×6, 2 ×4, 3 ×3, 4 ×2, 5 ×1</td><td>Attack: on a land border from a
province you control into the neighbour. Defend: the centre of a province you control.</td></tr>
<tr><td>Navy</td><td>1 ×2, 2 ×1</td><td>Attack: on any coastal border. Defend: the centre
of a coastal province you control.</td></tr>
<tr><td>Shinobi</td><td>1, 2</td><td>The centre of any province: it defends if you control
the province, otherwise it attacks.</td></tr>
<tr><td>Blessing</td><td>+2 ×2</td><td>Face up on one of your own face-down army, navy or
shinobi tokens. The pair cannot be targeted by cards or abilities.</td></tr>
<tr><td>Diplomacy</td><td>—</td><td>A province you control: it becomes peaceful forever.
</td></tr>
<tr><td>Raid</td><td>—</td><td>A province you do not control: it becomes scorched earth, if
you have a shinobi there or control a neighbouring province.</td></tr>
<tr><td>Bluff</td><td>—</td><td>Anywhere a non-blessing token could go. It is removed at
reveal and goes back behind your screen, so you save a real token for later.</td></tr>
</table>
<p>Each clan has one special token in addition: Crab a navy 3, Crane a second diplomacy,
Dragon a blessing +3, Lion an army 6, Phoenix a blessing +3, Scorpion a shinobi 3,
Unicorn a second raid.</p>
<p>A token placed against its rules is allowed on the table but removed at reveal. Daimyo
only offers legal placements and tells you why a spot is not allowed.</p>

<h2 id="resolution">Resolution</h2>
<ol>
<li><b>Reveal</b> every token.</li>
<li><b>Remove bluffs</b> and illegally placed tokens.</li>
<li><b>Raids</b>: each valid raid discards every token in its province and on its borders,
removes all control tokens there and leaves a <i>scorched earth</i> token.</li>
<li><b>Diplomacy</b>: discards every token in its province and on its borders and leaves a
<i>peace</i> token.</li>
<li><b>Battles</b>: every province with tokens of a clan that does not control it is a
battle. Each attacker adds its tokens against the province; the defender adds its defending
tokens plus every defense bonus (printed, face-up control tokens, defense tokens). The
highest total wins; a tie goes to the defender. A winning attacker replaces the defender's
control tokens with one of its own, face down. A successful defender adds one
<b>face-up</b> control token. A province defended with an army, navy or shinobi that nobody
attacked counts as successfully defended too. An empty province is won only by beating its
defense bonuses.</li>
<li><b>Territories</b>: whoever controls every province of a territory (scorched ones
excepted) claims its territory card; a card whose territory was lost goes back.</li>
<li>The round marker advances.</li>
</ol>
<p>A player without any control token at the start of upkeep becomes a <b>ronin</b> for the
round: armies may go on any land border, but no diplomacy and no raid.</p>

<h2 id="special">Special tokens</h2>
<p>A province holds at most one special token; peace and scorched earth replace any other
and are never replaced themselves.</p>
<ul>
<li><b>Scorched earth</b>: nobody may control, attack or place tokens in or on it.</li>
<li><b>Peace</b>: cannot be attacked, and its owner cannot attack from it; no tokens in or
on it.</li>
<li><b>Shrine</b>: cannot be attacked; only its controller may place tokens in or on it.</li>
<li><b>Battlefield</b>: no diplomacy or raid tokens in it.</li>
<li><b>Harbor</b>: goes into an inland province, which then counts as coastal.</li>
<li><b>Honor bonus</b> (+1, +2, or the 4-flower token) and <b>defense bonus</b> (+1, +2):
extra honor or extra defense; each defense bonus token also scores 1 honor.</li>
</ul>

<h2 id="cards">Cards</h2>
<ul>
<li><b>Scout</b> (2 per player): secretly look at one opponent's face-down token.</li>
<li><b>Shugenja</b> (1 per player): reveal one opponent's token on the board and discard
it.</li>
<li><b>First-player card</b>: secretly look at one token on the board, then send it back to
its owner's pool. Not used with 2 players.</li>
</ul>
<p>All of these are played at the start of your placement turn, before you place a token,
and never on a token that carries a blessing. Each is used once.</p>

<h2 id="clans">Clan abilities</h2>
<ul>
<li><b>Crab</b>: each face-up Crab control token gives 2 defense instead of 1.</li>
<li><b>Crane</b>: Crane wins ties. Daimyo: in any battle with Crane in it, a tie for the best
total that includes Crane goes to Crane.</li>
<li><b>Dragon</b>: in upkeep, draw one more token, then return one non-bluff token from hand
to the pool.</li>
<li><b>Lion</b>: a Lion bluff defending a province stays at reveal and adds +2 defense.</li>
<li><b>Phoenix</b>: when attacking a capital, ignore its printed +2 defense (the
Shadowlands' +1 still counts).</li>
<li><b>Scorpion</b>: once per round, right after placing a token, secretly look at one
face-down token on the board.</li>
<li><b>Unicorn</b>: right before reveal, swap the places of two of its own face-down tokens
(both must be legal where they land; blessed tokens cannot move).</li>
</ul>

<h2 id="objectives">Secret objectives</h2>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>Objective</th><th>Condition at the end</th><th>Honor</th></tr>
<tr><td>Last Line of Defense</td><td>the Crab capital, or 2 Crab provinces</td><td>5</td></tr>
<tr><td>Rice Bowl of the Empire</td><td>the Crane capital, or 2 Crane provinces</td>
<td>6</td></tr>
<tr><td>Great Wall of the North</td><td>the Dragon capital, or 2 Dragon provinces</td>
<td>6</td></tr>
<tr><td>Court of the Five Winds</td><td>the Unicorn capital, or 2 Unicorn provinces</td>
<td>6</td></tr>
<tr><td>Plains of Battle</td><td>the Lion capital, or 2 Lion provinces</td><td>7</td></tr>
<tr><td>Great Library</td><td>the Phoenix capital, or 2 Phoenix provinces</td><td>7</td></tr>
<tr><td>Den of Secrets</td><td>the Scorpion capital, or 2 Scorpion provinces</td>
<td>7</td></tr>
<tr><td>Way of the Sail</td><td>6 coastal provinces</td><td>10</td></tr>
<tr><td>Emerald Empire</td><td>a chain of 6 neighbouring provinces across 3 territories</td>
<td>10</td></tr>
<tr><td>Web of Influence</td><td>a province in each of 7 territories</td><td>10</td></tr>
<tr><td>Way of Humility</td><td>the fewest provinces (ties count)</td><td>10</td></tr>
<tr><td>Reclaiming the Lost Lands</td><td>both Shadowlands provinces</td><td>3</td></tr>
</table>

<h2 id="territory">Territory cards</h2>
<p>Claimed by controlling a whole territory; each is played once, in upkeep from round 2
(Shadowlands cards: at the start of a placement turn, for a price).</p>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>Territory</th><th>Card</th><th>Effect</th></tr>
<tr><td>Crab</td><td>Feats of Engineering</td><td>the harbor token in an inland province
</td></tr>
<tr><td>Crab</td><td>Promotion</td><td>an army, navy or shinobi from your discard pile into
hand, then one hand token to the discard pile or pool</td></tr>
<tr><td>Crane</td><td>Code of Honor</td><td>+1 honor tokens in 2 provinces</td></tr>
<tr><td>Crane</td><td>Diplomatic Mission</td><td>a peace token in any province; if it was an
opponent's, 2 face-up control tokens in one of yours</td></tr>
<tr><td>Dragon</td><td>Strength of Purpose</td><td>a face-up control token in each of 2 of
your provinces</td></tr>
<tr><td>Dragon</td><td>Sacred Ground</td><td>the shrine token in a province</td></tr>
<tr><td>Lion</td><td>Bushido</td><td>the 4-flower honor token in a province</td></tr>
<tr><td>Lion</td><td>Honorable Fight</td><td>the battlefield token in a province</td></tr>
<tr><td>Phoenix</td><td>Aid of the Kami</td><td>a +2 defense token in a province</td></tr>
<tr><td>Phoenix</td><td>Bless the Lands</td><td>remove scorched earth, then 2 of your control
tokens there, one face up</td></tr>
<tr><td>Scorpion</td><td>Spy Network</td><td>look at a player's hand; that player may not
place the bluff this round</td></tr>
<tr><td>Scorpion</td><td>Foment Rebellion</td><td>remove a peace token; if the province is
yours, 2 face-up control tokens there</td></tr>
<tr><td>Unicorn</td><td>Cultural Exchange</td><td>swap all control tokens of one of your
provinces with those of an opponent's</td></tr>
<tr><td>Unicorn</td><td>Reinforcements</td><td>2 armies from your discard pile into hand,
then 2 hand tokens to the discard pile or pool</td></tr>
<tr><td>Islands</td><td>Pirate Raids</td><td>scorched earth in any province; if it was yours,
3 face-up control tokens in another of yours</td></tr>
<tr><td>Islands</td><td>Port of Prosperity</td><td>a +2 honor token in a province</td></tr>
<tr><td>Gold</td><td>Bountiful Harvest</td><td>2 face-up control tokens in one of your
provinces</td></tr>
<tr><td>Gold</td><td>Ashigaru Levies</td><td>+1 defense tokens in 3 provinces</td></tr>
<tr><td>Shadowlands N.</td><td>Dark Favors</td><td>pay a control token: look at up to 4
tokens, then reveal and discard one</td></tr>
<tr><td>Shadowlands N.</td><td>Purge the Weak</td><td>discard a hand token and place nothing
this turn: reveal and discard 2 tokens</td></tr>
<tr><td>Shadowlands S.</td><td>Animate the Dead</td><td>pay a control token: place a token
from your discard pile face up</td></tr>
<tr><td>Shadowlands S.</td><td>Inspire Fear</td><td>pay a control token: remove up to 2
special tokens</td></tr>
</table>
<p>Honor and defense tokens never go into the Shadowlands.</p>

<h2 id="scoring">Scoring</h2>
<p>After round 5 every player scores:</p>
<ul>
<li>the flowers of every province they control (printed and on honor tokens);</li>
<li>1 per face-up control token on the board (not in the Shadowlands);</li>
<li>1 per defense bonus token in their provinces;</li>
<li>their secret objective, if achieved;</li>
<li>5 per territory they control (not the Shadowlands).</li>
</ul>
<p>The most honor wins. The rulebook leaves ties open; Daimyo: a tie goes to the player with
more provinces, then to the one who won more territory cards (held and played); a tie after
that is a shared victory.</p>

<h2 id="app">Playing in Daimyo</h2>
<ul>
<li>Choose a token from your hand at the bottom; the places where it may go light up. Click
one to place it. Hovering over a spot that is not allowed says why.</li>
<li>Cards and choices the rules offer now appear as buttons above your hand.</li>
<li>Undo takes back your own decisions, until something hidden has been revealed since.</li>
<li>Tokens you cannot see are drawn face down; your own are drawn face up with a dashed rim.
</li>
<li>Zoom with the mouse wheel or Ctrl + / Ctrl −, pan by dragging, fit with Ctrl 0.</li>
<li>The game is saved automatically after every decision: <i>Continue</i> on the start
screen picks it up.</li>
</ul>
"""
