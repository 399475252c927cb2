// The table's words (paced turns, turn signals, help lines, the El Grande cards' texts, the guided
// games' steps: keys "guide.<game>.<n>"), English and German. Counted words go through
// Intl.PluralRules: a key "x#one" / "x#other". A key "x@touch" holds the words for a touch screen
// (tap, not click or drag), used there in place of "x".
import { lang, touchScreen } from "./i18n.js";

const WORDS = {
  en: {
    pace: "Speed of the other moves", paceInstant: "at once", paceFast: "fast", paceNormal: "normal", paceSlow: "slow",
    "caballerosN#one": "{n} Caballero", "caballerosN#other": "{n} Caballeros",
    skip: "skip", "queued#one": "{n} move to show", "queued#other": "{n} moves to show",
    sound: "sound on my turn", notify: "notify me", notifyOn: "notifications on",
    yourTurnTitle: "● Your turn", yourTurnBody: "{game}: it is your turn.",
    lastMove: "last move", rules: "Rules", help: "What to do now", helpWatching: "What the players do now", showText: "card text",
    place: "Caballeros from the court: {n}", powerCard: "Power card {n}", power: "When played: {c} from your province to your court.",
    modifier: "Played with a power card, it changes the card's value by {v}.",
    "mod.court_gain#one": "Ability: {n} Caballero to your court.", "mod.court_gain#other": "Ability: {n} Caballeros to your court.",
    "mod.place_free#one": "Ability: place {n} Caballero.", "mod.place_free#other": "Ability: place {n} Caballeros.",
    "mod.move#one": "Ability: move {n} of your Caballeros.", "mod.move#other": "Ability: move {n} of your Caballeros.", regionValues: "points for 1st / 2nd / 3rd",
    boardValues: "mobile scoreboard: points for 1st / 2nd / 3rd",
    france: "France", portugal: "Portugal", mapNote: "Outline: Natural Earth (public domain); inner borders drawn by the project after the printed board.",
    province: "province", court: "court", castilloTitle: "Castillo: Caballeros inside stay hidden until the scoring",
    tower: "Cube tower", towerIn: "thrown in", towerOut: "fell out", towerStay: "stayed inside", battleWon: "{name} wins", battleLost: "{name} loses", battleTie: "tie",
    guided: "Guided first game", guidedHint: "A short opening that explains each step as you make it.",
    guideStep: "Step {n}", guideSkipped: "A step was left out: this time the game had nothing to ask you there.", guideDone: "That was the opening. Play on as you like — the bots answer at their own pace.",
    guideNext: "Your choice now:", guideClose: "close", guideShow: "↓ Show me on the board",
    undo: "take back", cardInUse: "“{card}”: {text}", movesFrom: "Now out of {county} ({action}).", foughtOver: "Fought over now: province {no}, worth {value} points (marked on the board).",
    "guide.mansfeld.1": "Every round begins with a secret choice: how many dice you will roll (1–6). Look at the open characters: their cost is the sum that some of your dice (any of them) must make exactly. Fewer dice go earlier in the turn order, more dice reach the dear characters.",
    "guide.mansfeld.2": "Your dice are rolled (drawn here as dice). A character marked ✓ can be made from some of them: take him — or nobody, if you would rather wait.",
    "guide.mansfeld.3": "Round two. Your characters are in your row of the table; their strength counts later, when the provinces are conquered. Set your dice again.",
    "guide.mansfeld.3none": "Round two. You recruited nobody in round one; the characters you recruit will stand in your row of the table, and their strength counts later, when the provinces are conquered. Set your dice again: more dice reach the dear characters.",
    "guide.elgrande.1": "Play a power card from your hand. The highest card of the round chooses an action card first; the small number on the card is how many Caballeros come from your province into your court.",
    "guide.elgrande.2": "Your Caballeros move from the province to the court (the columns of the table): only Caballeros at court can be placed on the map.",
    "guide.elgrande.3": "Take one of the five open action cards. Point at a card (or tap it) to read its text; its last line says how many Caballeros you may place.",
    "guide.elgrande.4": "Place your Caballeros: into the regions next to the King's (♚), outlined in gold, or into the Castillo in the sea. The card's special action may come before or after.",
    "guide.elgrande.5": "Now the card's special action: the choices say what it does here. After the third round every region is scored: most Caballeros take the first value.",
    "guide.wallenstein.1": "First you choose your starting counties, one at a time, from the open row; each county you hold gives a card for planning and a point at the scoring.",
    "guide.wallenstein.2": "Plan the round: the box outlined in gold asks for a county card or money. Click one (or drag a card from your hand onto it). Nobody sees your plan until it is carried out.",
    "guide.wallenstein.2@touch": "Plan the round: the box outlined in gold asks for a county card or money. Tap one of the cards offered. Nobody sees your plan until it is carried out.",
    "guide.wallenstein.3": "Bids decide the turn order: take a place; each place comes with a bonus tile (more Taler, grain, armies, or +1 in battle).",
    "guide.wallenstein.4": "Your plan is carried out. Move armies from the county that acted: into a neighbour of yours, or attack — an attack shows its odds through the cube tower before you confirm.",
  },
  de: {
    pace: "Tempo der anderen Züge", paceInstant: "sofort", paceFast: "schnell", paceNormal: "normal", paceSlow: "langsam",
    "caballerosN#one": "{n} Caballero", "caballerosN#other": "{n} Caballeros",
    skip: "überspringen", "queued#one": "{n} Zug noch zu zeigen", "queued#other": "{n} Züge noch zu zeigen",
    sound: "Ton, wenn ich dran bin", notify: "benachrichtigen", notifyOn: "Benachrichtigung an",
    yourTurnTitle: "● Du bist dran", yourTurnBody: "{game}: Du bist am Zug.",
    lastMove: "letzter Zug", rules: "Regeln", help: "Was jetzt zu tun ist", helpWatching: "Was die Spieler jetzt tun", showText: "Kartentext",
    place: "Caballeros vom Hof: {n}", powerCard: "Machtkarte {n}", power: "Gespielt: {c} aus deiner Provinz an deinen Hof.",
    modifier: "Wird mit einer Machtkarte gespielt und ändert ihren Wert um {v}.",
    "mod.court_gain#one": "Sonderfähigkeit: {n} Caballero an deinen Hof.", "mod.court_gain#other": "Sonderfähigkeit: {n} Caballeros an deinen Hof.",
    "mod.place_free#one": "Sonderfähigkeit: {n} Caballero einsetzen.", "mod.place_free#other": "Sonderfähigkeit: {n} Caballeros einsetzen.",
    "mod.move#one": "Sonderfähigkeit: {n} eigenen Caballero versetzen.", "mod.move#other": "Sonderfähigkeit: {n} eigene Caballeros versetzen.", regionValues: "Punkte für 1. / 2. / 3.",
    boardValues: "Wertungstafel: Punkte für 1. / 2. / 3.",
    france: "Frankreich", portugal: "Portugal", mapNote: "Umriss: Natural Earth (gemeinfrei); innere Grenzen vom Projekt nach dem gedruckten Plan gezeichnet.",
    province: "Provinz", court: "Hof", castilloTitle: "Castillo: Caballeros darin bleiben bis zur Wertung verdeckt",
    tower: "Würfelturm", towerIn: "hineingeworfen", towerOut: "herausgefallen", towerStay: "im Turm geblieben", battleWon: "{name} gewinnt", battleLost: "{name} verliert", battleTie: "Unentschieden",
    guided: "Geführte erste Partie", guidedHint: "Eine kurze Eröffnung, die jeden Schritt erklärt, während du ihn machst.",
    guideStep: "Schritt {n}", guideSkipped: "Ein Schritt ist ausgefallen: Diesmal hatte das Spiel dich dort nichts zu fragen.", guideDone: "Das war die Eröffnung. Spiel nach Belieben weiter — die Bots antworten in ihrem Tempo.",
    guideNext: "Deine Wahl jetzt:", guideClose: "schließen", guideShow: "↓ Zeig es mir auf dem Spielplan",
    undo: "zurücknehmen", cardInUse: "„{card}“: {text}", movesFrom: "Jetzt aus {county} ({action}).", foughtOver: "Jetzt umkämpft: Provinz {no}, {value} Punkte wert (auf dem Brett markiert).",
    "guide.mansfeld.1": "Jede Runde beginnt mit einer geheimen Wahl: wie viele Würfel du wirfst (1–6). Sieh dir die offenen Charaktere an: ihre Kosten muss ein Teil deiner Würfel genau ergeben. Wer weniger Würfel wählt, ist früher dran; mehr Würfel erreichen die teuren Charaktere.",
    "guide.mansfeld.2": "Deine Würfel sind geworfen (hier als Würfel gezeichnet). Ein Charakter mit ✓ lässt sich aus einigen davon bilden: nimm ihn — oder keinen, wenn du lieber wartest.",
    "guide.mansfeld.3": "Zweite Runde. Deine Charaktere stehen in deiner Zeile der Tabelle; ihre Kampfkraft zählt später, beim Erobern der Provinzen. Lege wieder deine Würfel fest.",
    "guide.mansfeld.3none": "Zweite Runde. In der ersten Runde hast du niemanden rekrutiert; die Charaktere, die du rekrutierst, stehen in deiner Zeile der Tabelle, und ihre Kampfkraft zählt später, beim Erobern der Provinzen. Lege wieder deine Würfel fest: mehr Würfel erreichen die teuren Charaktere.",
    "guide.elgrande.1": "Spiele eine Machtkarte aus deiner Hand. Die höchste Karte der Runde wählt zuerst eine Aktionskarte; die kleine Zahl auf der Karte sagt, wie viele Caballeros aus deiner Provinz an deinen Hof kommen.",
    "guide.elgrande.2": "Deine Caballeros ziehen aus der Provinz an den Hof (die Spalten der Tabelle): nur Caballeros vom Hof kommen auf die Karte.",
    "guide.elgrande.3": "Nimm eine der fünf offenen Aktionskarten. Zeig auf eine Karte (oder tippe sie an), um ihren Text zu lesen; die letzte Zeile sagt, wie viele Caballeros du setzen darfst.",
    "guide.elgrande.4": "Setze deine Caballeros: in die Nachbarregionen der Region des Königs (♚), golden umrandet, oder ins Castillo im Meer. Die Sonderaktion der Karte darf vorher oder nachher kommen.",
    "guide.elgrande.5": "Jetzt die Sonderaktion der Karte: die Auswahl sagt, was sie hier bewirkt. Nach der dritten Runde wird jede Region gewertet: die meisten Caballeros bekommen den ersten Wert.",
    "guide.wallenstein.1": "Zuerst wählst du deine Startländer, eines nach dem anderen, aus der offenen Reihe; jedes Land bringt eine Karte für die Planung und bei der Wertung einen Punkt.",
    "guide.wallenstein.2": "Plane die Runde: das golden umrandete Feld verlangt eine Länderkarte oder Geld. Klicke eine an (oder zieh eine Karte aus der Hand darauf). Niemand sieht deinen Plan, bis er ausgeführt wird.",
    "guide.wallenstein.2@touch": "Plane die Runde: das golden umrandete Feld verlangt eine Länderkarte oder Geld. Tippe eine der angebotenen Karten an. Niemand sieht deinen Plan, bis er ausgeführt wird.",
    "guide.wallenstein.3": "Die Gebote entscheiden die Zugfolge: nimm einen Platz; jeder Platz bringt ein Bonusplättchen (mehr Taler, Getreide, Armeen oder +1 im Kampf).",
    "guide.wallenstein.4": "Dein Plan wird ausgeführt. Ziehe Armeen aus dem Land, das gehandelt hat: in ein eigenes Nachbarland oder zum Angriff — ein Angriff zeigt seine Chancen im Würfelturm, bevor du bestätigst.",
  },
};

// One line per phase: what the player does now.
const PHASE_HELP = {
  en: {
    "wallenstein.draft": "Choose your starting counties: each pick takes one county card from the open row.",
    "wallenstein.plan": "Plan the round: put one county card (or money) into each of the ten action boxes and bid for the turn order. Nobody sees your plan until it is carried out.",
    "wallenstein.position": "Take a place in the turn order: each place comes with its bonus tile.",
    "wallenstein.move": "Move armies: from the county that just acted, into a neighbouring county of yours or to attack.",
    "wallenstein.revolt-order": "Choose the order in which the revolting counties are dealt with.",
    "wallenstein.leader": "Place or move your military leader.",
    "wallenstein.landsknechte": "Choose one benefit of the new Landsknechte card.",
    "wallenstein.favor": "Take one favor card from the court, or none.",
    "wallenstein.over": "The game is over: the final scoring is below.",
    "elgrande.modpass": "Choose the modifier you pass to the player on your left; everyone chooses at the same time.",
    "elgrande.power": "Play a power card: the higher the number, the earlier you choose an action card; its Caballeros move from the province to your court.",
    "elgrande.court": "Move Caballeros from the province into your court, as your power card allows.",
    "elgrande.recall": "Take Caballeros back as the card says.",
    "elgrande.ability": "Use the special ability of your card, or let it pass.",
    "elgrande.take": "Take one of the open action cards: it says how many Caballeros you may place and which special action you get.",
    "elgrande.act": "Place Caballeros from your court next to the King (in his region's neighbours or the Castillo) and use the card's action — before or after, as you like.",
    "elgrande.veto": "A Veto! card can cancel the action just announced.",
    "elgrande.effect": "Carry out the card's special action.",
    "elgrande.disc": "Set your secret disc: the region where the Castillo's Caballeros go at this scoring.",
    "elgrande.over": "The game is over: the final scoring is below.",
    "mansfeld.dice": "Set secretly how many dice (1–6) you will roll this round: fewer dice go earlier in the turn order.",
    "mansfeld.recruit": "Recruit one open character whose cost some of your dice make exactly — or take nobody.",
    "mansfeld.commit": "Commit any of your characters to this province face down (even none); strength plus your luck die wins it.",
    "mansfeld.over": "The game is over: the final scoring is below.",
  },
  de: {
    "wallenstein.draft": "Wähle deine Startländer: jede Wahl nimmt eine Länderkarte aus der offenen Reihe.",
    "wallenstein.plan": "Plane die Runde: lege in jedes der zehn Aktionsfelder eine Länderkarte (oder Geld) und biete um die Zugfolge. Niemand sieht den Plan, bis er ausgeführt wird.",
    "wallenstein.position": "Nimm einen Platz in der Zugfolge: jeder Platz bringt sein Bonusplättchen.",
    "wallenstein.move": "Ziehe Armeen: aus dem Land, das gerade gehandelt hat, in ein eigenes Nachbarland oder zum Angriff.",
    "wallenstein.revolt-order": "Wähle die Reihenfolge, in der die Aufstände abgehandelt werden.",
    "wallenstein.leader": "Setze oder ziehe deinen Heerführer.",
    "wallenstein.landsknechte": "Wähle einen Vorteil der neuen Landsknechte-Karte.",
    "wallenstein.favor": "Nimm eine Gunstkarte vom Kaiserhof, oder keine.",
    "wallenstein.over": "Das Spiel ist aus: die Schlusswertung steht unten.",
    "elgrande.modpass": "Wähle den Modifikator, den du an deinen linken Nachbarn weitergibst; alle wählen gleichzeitig.",
    "elgrande.power": "Spiele eine Machtkarte: je höher die Zahl, desto früher wählst du eine Aktionskarte; ihre Caballeros kommen aus der Provinz an deinen Hof.",
    "elgrande.court": "Bringe Caballeros aus der Provinz an deinen Hof, wie deine Machtkarte es erlaubt.",
    "elgrande.recall": "Nimm Caballeros zurück, wie die Karte es sagt.",
    "elgrande.ability": "Nutze die Sonderfähigkeit deiner Karte, oder verzichte.",
    "elgrande.take": "Nimm eine der offenen Aktionskarten: sie sagt, wie viele Caballeros du setzen darfst und welche Sonderaktion du hast.",
    "elgrande.act": "Setze Caballeros von deinem Hof neben den König (in die Nachbarregionen seiner Region oder ins Castillo) und nutze die Aktion der Karte — vorher oder nachher, wie du willst.",
    "elgrande.veto": "Eine Veto!-Karte kann die eben angesagte Aktion aufheben.",
    "elgrande.effect": "Führe die Sonderaktion der Karte aus.",
    "elgrande.disc": "Stelle deine geheime Scheibe ein: die Region, in die die Caballeros des Castillo bei dieser Wertung gehen.",
    "elgrande.over": "Das Spiel ist aus: die Schlusswertung steht unten.",
    "mansfeld.dice": "Lege verdeckt fest, wie viele Würfel (1–6) du in dieser Runde wirfst: wer weniger wählt, ist früher dran.",
    "mansfeld.recruit": "Rekrutiere einen offenen Charakter, dessen Kosten einige deiner Würfel genau ergeben — oder keinen.",
    "mansfeld.commit": "Lege beliebig viele deiner Charaktere verdeckt für diese Provinz (auch keinen); Kampfkraft plus Kriegsglück gewinnt sie.",
    "mansfeld.over": "Das Spiel ist aus: die Schlusswertung steht unten.",
  },
};

// The same line for everyone but the player who decides: it names who decides ({who}: their names,
// "Anna" or "Anna and Ben"), never "you". "#one" / "#other": one or several deciding at once.
const PHASE_OTHERS = {
  en: {
    "wallenstein.draft": "{who} chooses a starting county from the open row.",
    "wallenstein.plan#one": "{who} is still planning the round in secret.",
    "wallenstein.plan#other": "{who} are still planning the round in secret.",
    "wallenstein.position": "{who} takes a place in the turn order (each place comes with its bonus tile).",
    "wallenstein.move": "{who} moves armies: from the county that just acted, into a neighbouring own county or to attack.",
    "wallenstein.revolt-order": "{who} chooses the order in which the revolting counties are dealt with.",
    "wallenstein.leader": "{who} places or moves their military leader.",
    "wallenstein.landsknechte": "{who} chooses one benefit of the new Landsknechte card.",
    "wallenstein.favor": "{who} takes one favor card from the court, or none.",
    "elgrande.modpass#one": "{who} is still choosing the modifier to pass to the left.",
    "elgrande.modpass#other": "{who} are still choosing the modifiers to pass to the left.",
    "elgrande.power#one": "{who} is choosing a power card.",
    "elgrande.power#other": "{who} are choosing their power cards.",
    "elgrande.court": "{who} moves Caballeros from the province into the court, as the power card allows.",
    "elgrande.recall": "{who} takes Caballeros back as the card says.",
    "elgrande.ability": "{who} uses the special ability of their card, or lets it pass.",
    "elgrande.take": "{who} takes one of the open action cards.",
    "elgrande.act": "{who} places Caballeros next to the King and uses the card's action, before or after.",
    "elgrande.veto#one": "{who} may cancel the action just announced with a Veto! card.",
    "elgrande.veto#other": "{who} may cancel the action just announced with a Veto! card.",
    "elgrande.effect": "{who} carries out the card's special action.",
    "elgrande.disc#one": "{who} is still setting the secret disc.",
    "elgrande.disc#other": "{who} are still setting their secret discs.",
    "mansfeld.dice#one": "{who} is still setting in secret how many dice to roll this round.",
    "mansfeld.dice#other": "{who} are still setting in secret how many dice to roll this round.",
    "mansfeld.recruit": "{who} recruits one open character whose cost some of the dice make exactly, or nobody.",
    "mansfeld.commit#one": "{who} is still committing characters to this province face down.",
    "mansfeld.commit#other": "{who} are still committing characters to this province face down.",
  },
  de: {
    "wallenstein.draft": "{who} wählt ein Startland aus der offenen Reihe.",
    "wallenstein.plan#one": "{who} plant die Runde noch geheim.",
    "wallenstein.plan#other": "{who} planen die Runde noch geheim.",
    "wallenstein.position": "{who} nimmt einen Platz in der Zugfolge (jeder Platz bringt sein Bonusplättchen).",
    "wallenstein.move": "{who} zieht Armeen: aus dem Land, das gerade gehandelt hat, in ein eigenes Nachbarland oder zum Angriff.",
    "wallenstein.revolt-order": "{who} wählt die Reihenfolge, in der die Aufstände abgehandelt werden.",
    "wallenstein.leader": "{who} setzt oder zieht den eigenen Heerführer.",
    "wallenstein.landsknechte": "{who} wählt einen Vorteil der neuen Landsknechte-Karte.",
    "wallenstein.favor": "{who} nimmt eine Gunstkarte vom Kaiserhof, oder keine.",
    "elgrande.modpass#one": "{who} wählt noch den Modifikator, der nach links weitergeht.",
    "elgrande.modpass#other": "{who} wählen noch die Modifikatoren, die nach links weitergehen.",
    "elgrande.power#one": "{who} wählt eine Machtkarte.",
    "elgrande.power#other": "{who} wählen ihre Machtkarten.",
    "elgrande.court": "{who} bringt Caballeros aus der Provinz an den Hof, wie die Machtkarte es erlaubt.",
    "elgrande.recall": "{who} nimmt Caballeros zurück, wie die Karte es sagt.",
    "elgrande.ability": "{who} nutzt die Sonderfähigkeit der eigenen Karte, oder verzichtet.",
    "elgrande.take": "{who} nimmt eine der offenen Aktionskarten.",
    "elgrande.act": "{who} setzt Caballeros neben den König und nutzt die Aktion der Karte, vorher oder nachher.",
    "elgrande.veto#one": "{who} kann die eben angesagte Aktion mit einer Veto!-Karte aufheben.",
    "elgrande.veto#other": "{who} können die eben angesagte Aktion mit einer Veto!-Karte aufheben.",
    "elgrande.effect": "{who} führt die Sonderaktion der Karte aus.",
    "elgrande.disc#one": "{who} stellt noch die geheime Scheibe ein.",
    "elgrande.disc#other": "{who} stellen noch ihre geheimen Scheiben ein.",
    "mansfeld.dice#one": "{who} legt noch verdeckt fest, wie viele Würfel in dieser Runde geworfen werden.",
    "mansfeld.dice#other": "{who} legen noch verdeckt fest, wie viele Würfel sie in dieser Runde werfen.",
    "mansfeld.recruit": "{who} rekrutiert einen offenen Charakter, dessen Kosten einige der Würfel genau ergeben, oder keinen.",
    "mansfeld.commit#one": "{who} legt noch verdeckt Charaktere für diese Provinz.",
    "mansfeld.commit#other": "{who} legen noch verdeckt Charaktere für diese Provinz.",
  },
};

// The help line of a seat that has sent its secret decision of a simultaneous phase while its own
// update is still on the way (a Wallenstein plan once Confirm sends it box by box): the decision
// is locked, and the line names whom the table waits for (``#none``: nobody else).
const LOCKED = {
  en: {
    "wallenstein.plan": "Your plan is locked in",
    "elgrande.power": "Your power card is chosen",
    "elgrande.disc": "Your secret disc is set",
    "mansfeld.dice": "Your number of dice is set",
    "mansfeld.commit": "Your characters for this province are committed",
    waiting: "{what}; waiting for {who}.",
    "waiting#none": "{what}; the game goes on in a moment.",
  },
  de: {
    "wallenstein.plan": "Dein Plan steht fest",
    "elgrande.power": "Deine Machtkarte ist gewählt",
    "elgrande.disc": "Deine geheime Scheibe ist eingestellt",
    "mansfeld.dice": "Deine Würfelzahl steht fest",
    "mansfeld.commit": "Deine Charaktere für diese Provinz sind gelegt",
    waiting: "{what}; es wird noch auf {who} gewartet.",
    "waiting#none": "{what}; gleich geht es weiter.",
  },
};

// El Grande's action cards: the text printed on each, from the effect in the game's card data
// (src/feldherr/elgrande/data/cards.json, served at /api/web/data/elgrande/cards).
const EFFECT = {
  en: {
    "move.own": "Move up to {n} of your own Caballeros from one region to others.",
    "move.foreign": "Move up to {n} Caballeros of other players to other regions.",
    "move.any": "Move up to {n} Caballeros of any colour to other regions.",
    "move.own_foreign": "Move up to {own} of your own and {foreign} other Caballeros to other regions.",
    "move.all_own": "Move all your Caballeros out of one region to other regions.",
    oneSource: " All from one region.",
    place_free: "Place up to {n} Caballeros from your court in any regions (not the King's region, not the Castillo).",
    choice: "Either: {a} Or: {b}",
    veto: "Keep a Veto for this and the next round: it cancels another player's special action.",
    return_court: "Every other player returns all Caballeros of his court to the province.",
    return_court_n: "Every other player returns {n} Caballeros from his court to the province.",
    return_mixed: "Every other player, from your left, returns {n} of his Caballeros from the regions or his court to the province.",
    "score.choose": "Score one region of your choice.",
    "score.choose_castillo": "Score one region of your choice, or the Castillo.",
    "score.top": "Score all regions whose first value is {v}.",
    "score.first_only": "Score every region, first places only.",
    "score.most": "Score the region with the most Caballeros.",
    "score.fewest": "Score the region with the fewest Caballeros.",
    "score.disc_unique": "Every player chooses a region by secret disc; a region chosen by one player alone is scored.",
    "disc_return.all": "Every player chooses by secret disc a region where he has Caballeros and returns them to the province.",
    "disc_return.others": "The other players each choose by secret disc a region where they have Caballeros and return all of them to the province.",
    send_back_each: "Choose a region: one Caballero of each other colour there goes back to the province.",
    castillo_score: "Score the Castillo now; its Caballeros stay inside.",
    scoreboard: "Put a mobile scoreboard on a free region or the Castillo, or move one.",
    "king.adjacent": "Move the King to a neighbouring region.",
    "king.any": "Move the King to any region.",
    "king.exil": "Move the King to any region, or out of Spain to France or Portugal.",
    "king.gefolge": "Move the King to any region and take up to {n} of your Caballeros with him.",
    "king.landsitz": "Move the King to the region with the fewest Caballeros (at least one).",
    "king.revolte": "The King goes into the Castillo.",
    umsturz: "Choose a region: the other players move all their Caballeros out of it, each to the region of his secret disc.",
    grande: "Move your Grande to another region.",
    power_back: "Take back the power card just played or one from your discard pile.",
    court_gain: "Take {n} Caballeros from the province into your court.",
    grande_castillo: "Throw your Grande into the Castillo.",
    smuggle: "This turn you may also place Caballeros into the King's region.",
    swap: "Swap the King and your Grande (both must stand in regions).",
  },
  de: {
    "move.own": "Versetze bis zu {n} eigene Caballeros aus einer Region in andere.",
    "move.foreign": "Versetze bis zu {n} fremde Caballeros in andere Regionen.",
    "move.any": "Versetze bis zu {n} Caballeros beliebiger Farbe in andere Regionen.",
    "move.own_foreign": "Versetze bis zu {own} eigene und {foreign} fremde Caballeros in andere Regionen.",
    "move.all_own": "Versetze alle eigenen Caballeros einer Region in andere Regionen.",
    oneSource: " Alle aus einer Region.",
    place_free: "Setze bis zu {n} Caballeros von deinem Hof in beliebige Regionen (nicht in die Region des Königs, nicht ins Castillo).",
    choice: "Entweder: {a} Oder: {b}",
    veto: "Behalte ein Veto für diese und die nächste Runde: es hebt die Sonderaktion eines anderen auf.",
    return_court: "Jeder andere Spieler gibt alle Caballeros seines Hofes in die Provinz zurück.",
    return_court_n: "Jeder andere Spieler gibt {n} Caballeros von seinem Hof in die Provinz zurück.",
    return_mixed: "Jeder andere Spieler, links beginnend, gibt {n} eigene Caballeros aus den Regionen oder vom Hof in die Provinz zurück.",
    "score.choose": "Werte eine Region deiner Wahl.",
    "score.choose_castillo": "Werte eine Region deiner Wahl oder das Castillo.",
    "score.top": "Werte alle Regionen, deren erster Wert {v} ist.",
    "score.first_only": "Werte jede Region, nur die ersten Plätze.",
    "score.most": "Werte die Region mit den meisten Caballeros.",
    "score.fewest": "Werte die Region mit den wenigsten Caballeros.",
    "score.disc_unique": "Jeder wählt mit seiner geheimen Scheibe eine Region; eine Region, die nur einer gewählt hat, wird gewertet.",
    "disc_return.all": "Jeder wählt mit seiner geheimen Scheibe eine Region, in der er Caballeros hat, und gibt sie in die Provinz zurück.",
    "disc_return.others": "Die anderen wählen je mit ihrer geheimen Scheibe eine Region, in der sie Caballeros haben, und geben alle von dort in die Provinz zurück.",
    send_back_each: "Wähle eine Region: von jeder fremden Farbe geht dort ein Caballero in die Provinz zurück.",
    castillo_score: "Werte jetzt das Castillo; seine Caballeros bleiben darin.",
    scoreboard: "Lege eine bewegliche Wertungstafel auf eine freie Region oder das Castillo, oder versetze eine.",
    "king.adjacent": "Ziehe den König in eine Nachbarregion.",
    "king.any": "Ziehe den König in eine beliebige Region.",
    "king.exil": "Ziehe den König in eine beliebige Region oder außer Landes nach Frankreich oder Portugal.",
    "king.gefolge": "Ziehe den König in eine beliebige Region und nimm bis zu {n} eigene Caballeros mit.",
    "king.landsitz": "Ziehe den König in die Region mit den wenigsten Caballeros (mindestens einem).",
    "king.revolte": "Der König geht ins Castillo.",
    umsturz: "Wähle eine Region: die anderen ziehen alle ihre Caballeros dort ab, jeder in die Region seiner geheimen Scheibe.",
    grande: "Versetze deinen Grande in eine andere Region.",
    power_back: "Nimm die eben gespielte Machtkarte oder eine aus deinem Ablagestapel zurück.",
    court_gain: "Nimm {n} Caballeros aus der Provinz an deinen Hof.",
    grande_castillo: "Wirf deinen Grande ins Castillo.",
    smuggle: "In diesem Zug darfst du auch in die Region des Königs setzen.",
    swap: "Tausche den König und deinen Grande (beide müssen in Regionen stehen).",
  },
};

const fmt = (text, args) => text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(args[k]) : m));

export function tw(key, args = {}) {
  const table = WORDS[lang()] || WORDS.en;
  // a touch screen's words where the key has them ("tap", not "click or drag")
  if (touchScreen() && `${key}@touch` in table) key = `${key}@touch`;
  if (typeof args.n === "number" && (`${key}#other` in table)) {
    const cat = new Intl.PluralRules(lang()).select(args.n);
    return fmt(table[`${key}#${cat}`] ?? table[`${key}#other`], args);
  }
  return fmt(table[key] ?? WORDS.en[key] ?? key, args);
}

// ``deciders``: the names of the players who decide now, where the page's own player is not one of
// them (another player's step, or a spectator's page): the line names them instead of saying "you".
export function phaseHelp(game, phase, deciders = null) {
  const k = `${game}.${phase}`;
  if (deciders && deciders.length) {
    const table = PHASE_OTHERS[lang()] || PHASE_OTHERS.en;
    const form = new Intl.PluralRules(lang()).select(deciders.length);
    const text = table[`${k}#${form}`] ?? table[`${k}#other`] ?? table[k];
    if (text) return fmt(text, { who: new Intl.ListFormat(lang(), { type: "conjunction" }).format(deciders) });
  }
  return (PHASE_HELP[lang()] || PHASE_HELP.en)[k] ?? PHASE_HELP.en[k] ?? null;
}

// The help line of a seat whose secret decision is sent (see LOCKED): null where the phase has no
// such decision. ``waitingFor``: the names of the other players still deciding.
export function lockedHelp(game, phase, waitingFor = []) {
  const table = LOCKED[lang()] || LOCKED.en;
  const what = table[`${game}.${phase}`];
  if (!what) return null;
  if (!waitingFor.length) return fmt(table["waiting#none"], { what });
  return fmt(table.waiting, { what, who: new Intl.ListFormat(lang(), { type: "conjunction" }).format(waitingFor) });
}

// The printed text of an El Grande action card from its effect.
export function effectText(effect) {
  const E = EFFECT[lang()] || EFFECT.en;
  if (!effect || typeof effect !== "object") return "";
  const op = effect.op;
  if (op === "move") {
    let text;
    if (effect.own >= 99) text = E["move.all_own"];
    else if (effect.own && effect.foreign) text = fmt(E["move.own_foreign"], effect);
    else if (effect.own) text = fmt(E["move.own"], { n: effect.own });
    else if (effect.foreign) text = fmt(E["move.foreign"], { n: effect.foreign });
    else text = fmt(E["move.any"], { n: effect.any });
    // "all from one region" is said by the text of "all your Caballeros out of one region" already
    return effect.one_source && !(effect.own >= 99) ? text + E.oneSource : text;
  }
  if (op === "place_free") return fmt(E.place_free, { n: effect.count });
  if (op === "choice") return fmt(E.choice, { a: effectText(effect.options[0]), b: effectText(effect.options[1]) });
  if (op === "return_court") return effect.count ? fmt(E.return_court_n, { n: effect.count }) : E.return_court;
  if (op === "return_mixed") return fmt(E.return_mixed, { n: effect.count });
  if (op === "score") {
    if (effect.mode === "choose") return effect.castillo ? E["score.choose_castillo"] : E["score.choose"];
    if (effect.mode === "top") return fmt(E["score.top"], { v: effect.values.join(lang() === "de" ? " oder " : " or ") });
    return E[`score.${effect.mode}`] ?? "";
  }
  if (op === "disc_return") return E[`disc_return.${effect.who}`] ?? "";
  if (op === "king") return fmt(E[`king.${effect.mode}`] ?? "", { n: effect.escort ?? "" });
  if (op === "court_gain") return fmt(E.court_gain, { n: effect.count });
  return E[op] ?? "";
}
