"""The in-app rules reference for Battle for Rokugan, in our own words (HTML for QTextBrowser).

Written from the rulebook and ../shared/rules/rokugan-components.md; the decisions Daimyo
takes where the sources are open are marked "Daimyo:". Each heading, paragraph, list item
and table cell is one message for the translators (`app.i18n`), in the words of the
glossary (Kampfmarker, Kontrollmarker, Verwüsten; fichas de combate, devastação, ...); the
page's structure stays here, so a translation cannot break it.
"""

from __future__ import annotations

from app.i18n import N_, _
from engine.rokugan import board as B
from engine.rokugan import data as D

# The reference's words name these numbers of the engine: a rule change fails here.
assert (D.CONTROL_TOKENS, D.TOKENS_PER_CLAN, D.HAND_SIZE, D.ROUNDS) == (30, 27, 6, 5)
assert (D.SCOUT_CARDS, D.SHUGENJA_CARDS, D.TERRITORY_HONOR) == (2, 1, 5)
assert D.INITIAL_CONTROL == {2: 11, 3: 7, 4: 5, 5: 4}
assert (B.LANDS_PROVINCES, B.SAIL_PROVINCES, B.WEB_TERRITORIES) == (2, 6, 7)
assert (B.CHAIN_PROVINCES, B.CHAIN_TERRITORIES) == (6, 3)

_TEXTS = (
    N_("Battle for Rokugan"),
    N_(
        "You are the daimyō of one of the great clans. Over <b>five rounds</b> you send "
        "armies, fleets, shinobi and diplomats into the provinces of Rokugan. Whoever "
        "holds the most <b>honor</b> at the end wins."
    ),
    N_("Contents"),
    N_('<a href="#map">The map</a>'),
    N_('<a href="#setup">Setting up the game</a>'),
    N_('<a href="#round">A round</a>'),
    N_('<a href="#tokens">Combat tokens</a>'),
    N_('<a href="#resolution">Resolution</a>'),
    N_('<a href="#special">Special tokens</a>'),
    N_('<a href="#cards">Cards</a>'),
    N_('<a href="#clans">Clan abilities</a>'),
    N_('<a href="#objectives">Secret objectives</a>'),
    N_('<a href="#territory">Territory cards</a>'),
    N_('<a href="#scoring">Scoring</a>'),
    N_('<a href="#app">Playing in Daimyo</a>'),
    N_("The map"),
    N_(
        "The land is divided into <b>provinces</b>, grouped by colour into "
        "<b>territories</b>. Two provinces that share a stretch of border are "
        "<b>neighbours</b> (a <i>land border</i>); a province whose border meets the "
        "sea has a <i>coastal border</i> there and is <b>coastal</b>. Each province "
        "shows its <b>flowers</b> (honor at the end), and some show a printed "
        "<b>defense</b> bonus: every clan capital +2, each Shadowlands province +1."
    ),
    N_(
        "You <b>control</b> a province while your control tokens lie in it. Face-down "
        "control tokens only mark ownership; <b>face-up</b> ones also add 1 defense "
        "each and score 1 honor."
    ),
    N_("Setting up the game"),  # the rulebook's own heading (de: Spielaufbau)
    N_("One of the two territory cards of each territory is dealt face down beside it."),
    N_(
        "Each player takes a clan, its 30 control tokens and 27 combat tokens. The "
        "bluff goes behind the player's screen; the other tokens are shuffled into a "
        "face-down <b>pool</b>."
    ),
    N_(
        "Each player gets 2 scout cards and 1 shugenja card, and keeps 1 of 2 dealt "
        "<b>secret objectives</b>."
    ),
    N_("Each player puts a face-down control token into their clan's capital."),
    N_(
        "A clan initiative card decides the first player. Then, in turn, players put "
        "further face-down control tokens into empty provinces (11 each with 2 players, "
        "7 with 3, 5 with 4, 4 with 5)."
    ),
    N_("A round"),
    N_("Upkeep"),
    N_(
        "From round 2: the top initiative card names the new first player (neutral "
        "cards go to the player with the most provinces, the most control tokens on the "
        "board, or the most territory cards; on a tie the current first player keeps it "
        "if tied, else it goes to the tied player nearest to its right)."
    ),
    N_(
        "Everyone takes the bluff back and draws from the pool until 6 tokens are "
        "behind the screen: that is your <b>hand</b>."
    ),
    N_(
        "From round 2: in turn, each player plays a territory card or passes, until all "
        "have passed in a row."
    ),
    N_("Placement"),
    N_(
        "In turn order, each player places one token from hand face down on the board, "
        "until everyone has a single token left. At most one token may lie on a border; "
        "any number may lie in a province's centre. At the start of your turn you may "
        "first play scout, shugenja, first-player and Shadowlands cards."
    ),
    N_("Resolution"),
    N_(
        "All tokens are revealed and resolved in a fixed order (see <a "
        'href="#resolution"> Resolution</a>); then the round marker advances.'
    ),
    N_("Combat tokens"),
    N_("Token"),
    N_("Strengths"),
    N_("Where it goes"),
    N_("Army"),
    N_(
        "Attack: on a land border from a province you control into the neighbour. "
        "Defend: the centre of a province you control."
    ),
    N_("Navy"),
    N_("Attack: on any coastal border. Defend: the centre of a coastal province you control."),
    N_("Shinobi"),
    N_("The centre of any province: it defends if you control the province, otherwise it attacks."),
    N_("Blessing"),
    N_(
        "Face up on one of your own face-down army, navy or shinobi tokens. The pair "
        "cannot be targeted by cards or abilities."
    ),
    N_("Diplomacy"),
    N_("A province you control: it becomes peaceful forever."),
    N_("Raid"),
    N_(
        "A province you do not control: it becomes scorched earth, if you have a "
        "shinobi there or control a neighbouring province."
    ),
    N_("Bluff"),
    N_(
        "Anywhere a non-blessing token could go. It is removed at reveal and goes back "
        "behind your screen, so you save a real token for later."
    ),
    N_(
        "Each clan has one special token in addition: Crab a navy 3, Crane a second "
        "diplomacy, Dragon a blessing +3, Lion an army 6, Phoenix a blessing +3, "
        "Scorpion a shinobi 3, Unicorn a second raid."
    ),
    N_(
        "A token placed against its rules is allowed on the table but removed at "
        "reveal. Daimyo only offers legal placements and tells you why a spot is not "
        "allowed."
    ),
    N_("Resolution"),
    N_("<b>Reveal</b> every token."),
    N_("<b>Remove bluffs</b> and illegally placed tokens."),
    N_(
        "<b>Raids</b>: each valid raid discards every token in its province and on its "
        "borders, removes all control tokens there and leaves a <i>scorched earth</i> "
        "token."
    ),
    N_(
        "<b>Diplomacy</b>: discards every token in its province and on its borders and "
        "leaves a <i>peace</i> token."
    ),
    N_(
        "<b>Battles</b>: every province with tokens of a clan that does not control it "
        "is a battle. Each attacker adds its tokens against the province; the defender "
        "adds its defending tokens plus every defense bonus (printed, face-up control "
        "tokens, defense tokens). The highest total wins; a tie goes to the defender. A "
        "winning attacker replaces the defender's control tokens with one of its own, "
        "face down. A successful defender adds one <b>face-up</b> control token. A "
        "province defended with an army, navy or shinobi that nobody attacked counts as "
        "successfully defended too. An empty province is won only by beating its "
        "defense bonuses."
    ),
    N_(
        "<b>Territories</b>: whoever controls every province of a territory (scorched "
        "ones excepted) claims its territory card; a card whose territory was lost goes "
        "back."
    ),
    N_("The round marker advances."),
    N_(
        "A player without any control token at the start of upkeep becomes a "
        "<b>ronin</b> for the round: armies may go on any land border, but no diplomacy "
        "and no raid."
    ),
    N_("Special tokens"),
    N_(
        "A province holds at most one special token; peace and scorched earth replace "
        "any other and are never replaced themselves."
    ),
    N_("<b>Scorched earth</b>: nobody may control, attack or place tokens in or on it."),
    N_(
        "<b>Peace</b>: cannot be attacked, and its owner cannot attack from it; no "
        "tokens in or on it."
    ),
    N_("<b>Shrine</b>: cannot be attacked; only its controller may place tokens in or on it."),
    N_("<b>Battlefield</b>: no diplomacy or raid tokens in it."),
    N_("<b>Harbor</b>: goes into an inland province, which then counts as coastal."),
    N_(
        "<b>Honor bonus</b> (+1, +2, or the 4-flower token) and <b>defense bonus</b> "
        "(+1, +2): extra honor or extra defense; each defense bonus token also scores 1 "
        "honor."
    ),
    N_("Cards"),
    N_("<b>Scout</b> (2 per player): secretly look at one opponent's face-down token."),
    N_("<b>Shugenja</b> (1 per player): reveal one opponent's token on the board and discard it."),
    N_(
        "<b>First-player card</b>: secretly look at one token on the board, then send "
        "it back to its owner's pool. Not used with 2 players."
    ),
    N_(
        "All of these are played at the start of your placement turn, before you place "
        "a token, and never on a token that carries a blessing. Each is used once."
    ),
    N_("Clan abilities"),
    N_("<b>Crab</b>: each face-up Crab control token gives 2 defense instead of 1."),
    N_(
        "<b>Crane</b>: Crane wins ties. Daimyo: in any battle with Crane in it, a tie "
        "for the best total that includes Crane goes to Crane."
    ),
    N_(
        "<b>Dragon</b>: in upkeep, draw one more token, then return one non-bluff token "
        "from hand to the pool."
    ),
    N_("<b>Lion</b>: a Lion bluff defending a province stays at reveal and adds +2 defense."),
    N_(
        "<b>Phoenix</b>: when attacking a capital, ignore its printed +2 defense (the "
        "Shadowlands' +1 still counts)."
    ),
    N_(
        "<b>Scorpion</b>: once per round, right after placing a token, secretly look at "
        "one face-down token on the board."
    ),
    N_(
        "<b>Unicorn</b>: right before reveal, swap the places of two of its own "
        "face-down tokens (both must be legal where they land; blessed tokens cannot "
        "move)."
    ),
    N_("Secret objectives"),
    N_("Objective"),
    N_("Condition at the end"),
    N_("Honor"),
    N_("Last Line of Defense"),
    N_("the Crab capital, or 2 Crab provinces"),
    N_("Rice Bowl of the Empire"),
    N_("the Crane capital, or 2 Crane provinces"),
    N_("Great Wall of the North"),
    N_("the Dragon capital, or 2 Dragon provinces"),
    N_("Court of the Five Winds"),
    N_("the Unicorn capital, or 2 Unicorn provinces"),
    N_("Plains of Battle"),
    N_("the Lion capital, or 2 Lion provinces"),
    N_("Great Library"),
    N_("the Phoenix capital, or 2 Phoenix provinces"),
    N_("Den of Secrets"),
    N_("the Scorpion capital, or 2 Scorpion provinces"),
    N_("Way of the Sail"),
    N_("6 coastal provinces"),
    N_("Emerald Empire"),
    N_("a chain of 6 neighbouring provinces across 3 territories"),
    N_("Web of Influence"),
    N_("a province in each of 7 territories"),
    N_("Way of Humility"),
    N_("the fewest provinces (ties count)"),
    N_("Reclaiming the Lost Lands"),
    N_("both Shadowlands provinces"),
    N_("Territory cards"),
    N_(
        "Claimed by controlling a whole territory; each is played once, in upkeep from "
        "round 2 (Shadowlands cards: at the start of a placement turn, for a price)."
    ),
    N_("Territory"),
    N_("Card"),
    N_("Effect"),
    N_("Crab"),
    N_("Feats of Engineering"),
    N_("the harbor token in an inland province"),
    N_("Crab"),
    N_("Promotion"),
    N_(
        "an army, navy or shinobi from your discard pile into hand, then one hand token "
        "to the discard pile or pool"
    ),
    N_("Crane"),
    N_("Code of Honor"),
    N_("+1 honor tokens in 2 provinces"),
    N_("Crane"),
    N_("Diplomatic Mission"),
    N_(
        "a peace token in any province; if it was an opponent's, 2 face-up control "
        "tokens in one of yours"
    ),
    N_("Dragon"),
    N_("Strength of Purpose"),
    N_("a face-up control token in each of 2 of your provinces"),
    N_("Dragon"),
    N_("Sacred Ground"),
    N_("the shrine token in a province"),
    N_("Lion"),
    N_("Bushido"),
    N_("the 4-flower honor token in a province"),
    N_("Lion"),
    N_("Honorable Fight"),
    N_("the battlefield token in a province"),
    N_("Phoenix"),
    N_("Aid of the Kami"),
    N_("a +2 defense token in a province"),
    N_("Phoenix"),
    N_("Bless the Lands"),
    N_("remove scorched earth, then 2 of your control tokens there, one face up"),
    N_("Scorpion"),
    N_("Spy Network"),
    N_("look at a player's hand; that player may not place the bluff this round"),
    N_("Scorpion"),
    N_("Foment Rebellion"),
    N_("remove a peace token; if the province is yours, 2 face-up control tokens there"),
    N_("Unicorn"),
    N_("Cultural Exchange"),
    N_("swap all control tokens of one of your provinces with those of an opponent's"),
    N_("Unicorn"),
    N_("Reinforcements"),
    N_("2 armies from your discard pile into hand, then 2 hand tokens to the discard pile or pool"),
    N_("Islands"),
    N_("Pirate Raids"),
    N_(
        "scorched earth in any province; if it was yours, 3 face-up control tokens in "
        "another of yours"
    ),
    N_("Islands"),
    N_("Port of Prosperity"),
    N_("a +2 honor token in a province"),
    N_("Gold"),
    N_("Bountiful Harvest"),
    N_("2 face-up control tokens in one of your provinces"),
    N_("Gold"),
    N_("Ashigaru Levies"),
    N_("+1 defense tokens in 3 provinces"),
    N_("Shadowlands N."),
    N_("Dark Favors"),
    N_("pay a control token: look at up to 4 tokens, then reveal and discard one"),
    N_("Shadowlands N."),
    N_("Purge the Weak"),
    N_("discard a hand token and place nothing this turn: reveal and discard 2 tokens"),
    N_("Shadowlands S."),
    N_("Animate the Dead"),
    N_("pay a control token: place a token from your discard pile face up"),
    N_("Shadowlands S."),
    N_("Inspire Fear"),
    N_("pay a control token: remove up to 2 special tokens"),
    N_("Honor and defense tokens never go into the Shadowlands."),
    N_("Scoring"),
    N_("After round 5 every player scores:"),
    N_("the flowers of every province they control (printed and on honor tokens);"),
    N_("1 per face-up control token on the board (not in the Shadowlands);"),
    N_("1 per defense bonus token in their provinces;"),
    N_("their secret objective, if achieved;"),
    N_("5 per territory they control (not the Shadowlands)."),
    N_(
        "The most honor wins. The rulebook leaves ties open; Daimyo: a tie goes to the "
        "player with more provinces, then to the one who won more territory cards (held "
        "and played); a tie after that is a shared victory."
    ),
    N_("Playing in Daimyo"),
    N_(
        "Choose a token from your hand at the bottom; the places where it may go light "
        "up. Click one to place it. Hovering over a spot that is not allowed says why."
    ),
    N_("Cards and choices the rules offer now appear as buttons above your hand."),
    N_("Undo takes back your own decisions, until something hidden has been revealed since."),
    N_("Tokens you cannot see are drawn face down; your own are drawn face up with a dashed rim."),
    N_("Zoom with the mouse wheel or Ctrl + / Ctrl −, pan by dragging, fit with Ctrl 0."),
    N_(
        "The game is saved automatically after every decision: <i>Continue</i>, when the "
        "program starts, picks it up."
    ),
)
"""The words of the page, in its order (`_PAGE` places them)."""

_PAGE = """\
<h1>{0}</h1>
<p>{1}</p>
<h2 id="contents">{2}</h2>
<ul>
<li>{3}</li>
<li>{4}</li>
<li>{5}</li>
<li>{6}</li>
<li>{7}</li>
<li>{8}</li>
<li>{9}</li>
<li>{10}</li>
<li>{11}</li>
<li>{12}</li>
<li>{13}</li>
<li>{14}</li>
</ul>
<h2 id="map">{15}</h2>
<p>{16}</p>
<p>{17}</p>
<h2 id="setup">{18}</h2>
<ol>
<li>{19}</li>
<li>{20}</li>
<li>{21}</li>
<li>{22}</li>
<li>{23}</li>
</ol>
<h2 id="round">{24}</h2>
<h3>{25}</h3>
<ol>
<li>{26}</li>
<li>{27}</li>
<li>{28}</li>
</ol>
<h3>{29}</h3>
<p>{30}</p>
<h3>{31}</h3>
<p>{32}</p>
<h2 id="tokens">{33}</h2>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>{34}</th><th>{35}</th><th>{36}</th></tr>
<tr><td>{37}</td><td>1 ×6, 2 ×4, 3 ×3, 4 ×2, 5 ×1</td><td>{38}</td></tr>
<tr><td>{39}</td><td>1 ×2, 2 ×1</td><td>{40}</td></tr>
<tr><td>{41}</td><td>1, 2</td><td>{42}</td></tr>
<tr><td>{43}</td><td>+2 ×2</td><td>{44}</td></tr>
<tr><td>{45}</td><td>—</td><td>{46}</td></tr>
<tr><td>{47}</td><td>—</td><td>{48}</td></tr>
<tr><td>{49}</td><td>—</td><td>{50}</td></tr>
</table>
<p>{51}</p>
<p>{52}</p>
<h2 id="resolution">{53}</h2>
<ol>
<li>{54}</li>
<li>{55}</li>
<li>{56}</li>
<li>{57}</li>
<li>{58}</li>
<li>{59}</li>
<li>{60}</li>
</ol>
<p>{61}</p>
<h2 id="special">{62}</h2>
<p>{63}</p>
<ul>
<li>{64}</li>
<li>{65}</li>
<li>{66}</li>
<li>{67}</li>
<li>{68}</li>
<li>{69}</li>
</ul>
<h2 id="cards">{70}</h2>
<ul>
<li>{71}</li>
<li>{72}</li>
<li>{73}</li>
</ul>
<p>{74}</p>
<h2 id="clans">{75}</h2>
<ul>
<li>{76}</li>
<li>{77}</li>
<li>{78}</li>
<li>{79}</li>
<li>{80}</li>
<li>{81}</li>
<li>{82}</li>
</ul>
<h2 id="objectives">{83}</h2>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>{84}</th><th>{85}</th><th>{86}</th></tr>
<tr><td>{87}</td><td>{88}</td><td>5</td></tr>
<tr><td>{89}</td><td>{90}</td>
<td>6</td></tr>
<tr><td>{91}</td><td>{92}</td>
<td>6</td></tr>
<tr><td>{93}</td><td>{94}</td>
<td>6</td></tr>
<tr><td>{95}</td><td>{96}</td><td>7</td></tr>
<tr><td>{97}</td><td>{98}</td><td>7</td></tr>
<tr><td>{99}</td><td>{100}</td>
<td>7</td></tr>
<tr><td>{101}</td><td>{102}</td><td>10</td></tr>
<tr><td>{103}</td><td>{104}</td>
<td>10</td></tr>
<tr><td>{105}</td><td>{106}</td><td>10</td></tr>
<tr><td>{107}</td><td>{108}</td><td>10</td></tr>
<tr><td>{109}</td><td>{110}</td><td>3</td></tr>
</table>
<h2 id="territory">{111}</h2>
<p>{112}</p>
<table border="1" cellpadding="4" cellspacing="0">
<tr><th>{113}</th><th>{114}</th><th>{115}</th></tr>
<tr><td>{116}</td><td>{117}</td><td>{118}</td></tr>
<tr><td>{119}</td><td>{120}</td><td>{121}</td></tr>
<tr><td>{122}</td><td>{123}</td><td>{124}</td></tr>
<tr><td>{125}</td><td>{126}</td><td>{127}</td></tr>
<tr><td>{128}</td><td>{129}</td><td>{130}</td></tr>
<tr><td>{131}</td><td>{132}</td><td>{133}</td></tr>
<tr><td>{134}</td><td>{135}</td><td>{136}</td></tr>
<tr><td>{137}</td><td>{138}</td><td>{139}</td></tr>
<tr><td>{140}</td><td>{141}</td><td>{142}</td></tr>
<tr><td>{143}</td><td>{144}</td><td>{145}</td></tr>
<tr><td>{146}</td><td>{147}</td><td>{148}</td></tr>
<tr><td>{149}</td><td>{150}</td><td>{151}</td></tr>
<tr><td>{152}</td><td>{153}</td><td>{154}</td></tr>
<tr><td>{155}</td><td>{156}</td><td>{157}</td></tr>
<tr><td>{158}</td><td>{159}</td><td>{160}</td></tr>
<tr><td>{161}</td><td>{162}</td><td>{163}</td></tr>
<tr><td>{164}</td><td>{165}</td><td>{166}</td></tr>
<tr><td>{167}</td><td>{168}</td><td>{169}</td></tr>
<tr><td>{170}</td><td>{171}</td><td>{172}</td></tr>
<tr><td>{173}</td><td>{174}</td><td>{175}</td></tr>
<tr><td>{176}</td><td>{177}</td><td>{178}</td></tr>
<tr><td>{179}</td><td>{180}</td><td>{181}</td></tr>
</table>
<p>{182}</p>
<h2 id="scoring">{183}</h2>
<p>{184}</p>
<ul>
<li>{185}</li>
<li>{186}</li>
<li>{187}</li>
<li>{188}</li>
<li>{189}</li>
</ul>
<p>{190}</p>
<h2 id="app">{191}</h2>
<ul>
<li>{192}</li>
<li>{193}</li>
<li>{194}</li>
<li>{195}</li>
<li>{196}</li>
<li>{197}</li>
</ul>
"""


def rules_html() -> str:
    """The rules in the current language."""
    return _PAGE.format(*(_(text) for text in _TEXTS))
