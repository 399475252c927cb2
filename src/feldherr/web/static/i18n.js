// The client's own words in English and German; the games' words come from the server.
const WORDS = {
  en: {
    title: "feldherr", newGame: "New game", game: "Game", options: "Options", seats: "Seats",
    start: "Start", me: "me", friend: "a friend (by link)", hotseat: "hot-seat (this device)", bot: "bot",
    strength: "strength", cost: "cost", leftOver: "left over", name: "name", seat: "who plays", seatOf: "{colour}: who plays", games: "Games", open: "open", running: "running",
    finished: "finished", imported: "imported", watch: "watch", replay: "replay", toReplay: "Replay", play: "play",
    importRecord: "Import a record", importBtn: "Import", chooseFile: "a saved game record", pickFile: "Choose a file …", noFile: "no file chosen", pasteRecord: "or paste a record here",
    invite: "Invite links", copy: "copy", yourTurn: "Your decision", waiting: "Waiting for",
    log: "Log", board: "Board", passTo: "Pass the device to", ready: "I am {name}: show my seat",
    // the hand-over's promise, in the game's words (PASS_HINT in play.js): Wallenstein's plans, El
    // Grande's hands and secret discs; any other game (Mansfeld's dice and commitments) its secret choices
    passHint: "The other seats' secret choices stay hidden until this button is pressed.",
    passHintPlans: "The other seats' plans stay hidden until this button is pressed.",
    passHintHands: "The other seats' hands and secret choices stay hidden until this button is pressed.",
    connected: "connected", reconnecting: "reconnecting…", gameOver: "Game over", winner: "Winner",
    winners: "Winners", score: "score", finalScore: "Final scoring", scoreOverTime: "Score over time",
    moneyOverTime: "Money over time", step: "step", first: "first", prev: "back", next: "forward", last: "last",
    playBtn: "play", pause: "pause", move: "move", of: "of", filter: "filter choices",
    spectator: "spectator", lang: "Deutsch", language: "Language", nothing: "nothing to decide now",
    rematch: "Rematch", back: "Lobby", toLobby: "To the lobby: start a game or go on with one", public: "public game (spectators may watch)", players: "players",
    error: "Error", noAnswer: "The server does not answer; try again in a moment",
    refused: "The server refused the request (status {status})", noGames: "no games yet", home: "feldherr — play Wallenstein, El Grande and Ernst von Mansfeld",
    toMove: "to move", version: "version", round: "round", year: "year", phase: "phase", seed: "seed",
    hidden: "hidden", revealed: "revealed", you: "you", stats: "Statistics", view: "View (raw)",
    created: "Game created", openGame: "open the game", playersLabel: "Players", jump: "jump to move",
    legal: "legal choices", clear: "all choices", armies: "armies", armyGroups: "army groups", unrest: "unrest",
    odds: "win {win}, tie {tie}, lose {lose}", withOdds: "{text} — {odds}",
    tower: "Tower", tray: "tray", inside: "inside", towerEmpty: "no cubes in the tower", rowEmpty: "empty", turnOrder: "turn order",
    "wallenstein.score": "victory points", "wallenstein.money": "Thalers", "wallenstein.scoreOverTime": "Victory points over time", "wallenstein.moneyOverTime": "Thalers over time", hand: "hand", plan: "plan", bid: "bid",
    actions: "Action row", event: "event", bonus: "bonus tiles", court: "court", province: "province",
    castillo: "Castillo", king: "King", stacks: "stacks", openCards: "open action cards", powerCards: "power cards",
    played: "played", dummy: "dummy", neutralOf: "{colour} (neutral)", stack: "stack", modifiers: "modifiers", modifier: "modifier", cardTaken: "taken this round", cardNotTurned: "turned up when the round begins", stackEmpty: "stack used up", characters: "open characters", dice: "dice", provinces: "provinces", provincesLater: "The provinces are fought over one by one once the recruiting is done.", foughtOverNow: "fought over now",
    committed: "commitments", luck: "luck", deck: "deck", cards: "cards", used: "used",
    thaler: "Thaler", grain: "grain", vp: "points", supply: "supply", buildings: "buildings", money: "money",
    battles: "Battles won (+) and lost (−)",
    counties: "counties", best_province: "best province", values: "values", draft: "draft",
    // counted texts: Intl.PluralRules picks "one" or "other"; {n} is the number in the language's format
    choicesN: { one: "{n} choice", other: "{n} choices" }, armiesN: { one: "{n} army", other: "{n} armies" }, unrestN: { one: "{n} revolt marker", other: "{n} revolt markers" }, neutralCounty: "neutral",
    talerN: { one: "{n} Thaler", other: "{n} Thalers" }, hiddenN: { one: "{n} hidden", other: "{n} hidden" },
    cardsN: { one: "{n} card", other: "{n} cards" }, leftN: { one: "{n} card left", other: "{n} cards left" },
    handN: { one: "{n} card left in hand", other: "{n} cards left in hand" },
    handPowerN: { one: "{n} power card left in hand", other: "{n} power cards left in hand" },
    movesOf: { one: "move {at} of {n}", other: "move {at} of {n}" }, pointsN: { one: "{n} point", other: "{n} points" },
    stackN: { one: "stack {no}: {n} card", other: "stack {no}: {n} cards" }, matchN: { one: "{n} move fits", other: "{n} moves fit" },
    botRandom: "Random moves", botHeuristic: "Rule of thumb", botEasy: "Beginner", botMedium: "Medium", botHard: "Strong",
    botIsmcts: "Plain tree search (research)", botOther: "Computer", advanced: "Advanced", modelDefaults: "the model's own values", researchBots: "offer the research bot (plain tree search)",
    seedLabel: "seed (the same seed deals the same game)", mappingLabel: "option values as JSON", inviteFor: "Invite link for {name}",
    copied: "copied", reachAt: "Your friends open this address (it must be reachable from their device):", rank: "Place",
    player: "Player", stepBack: "back", partOf: "part {k} of {n}", stepClear: "start again", confirm: "Confirm", chosen: "chosen so far",
    pickSet: "toggle, then confirm", planStaged: "Your plan (not sent yet)", planSending: "Your plan (being sent)", sendPlan: "Confirm plan", resetPlan: "clear plan", planUndo: "take back the last card",
    luckAgain: "Tie: the luck dice are thrown again", rollAgain: "The dice are thrown again",
    thrownFirst: "first throw", thrownAgainN: "thrown again ({n})",
    undo: "Take back my last move", undoHint: "Nobody has acted since, and it showed nothing hidden.",
    planBox: "box", planHint: "Fill the boxes of your planning board in any order; click a box there to change it until you confirm.",
    "planHint@touch": "Fill the boxes of your planning board in any order; tap a box there to change it until you confirm.",
    planNext: "Card for", boxesFilledN: { one: "{k} of {n} box filled", other: "{k} of {n} boxes filled" }, planBad: "This plan is not possible: {why}",
    phaseLabel: "phase", scoreboards: "scoreboards", yourName: "your name", botLabel: "computer",
    analyse: "Analyse", copyBtn: "Copy", planLost: "card handed over", planLeaveEmpty: "leave it empty", lastMove: "last move",
    mapSwipe: "Swipe sideways to see the whole map",
    diceSetN: { one: "{n} die set for this round", other: "{n} dice set for this round" },
    diceSecret: "Dice set in secret: shown when everyone has set theirs", luckDie: "luck die: {n}",
    commitSecret: "Cards committed face down: shown when everyone has committed",
    countyOut: "{name}: not used with 3 players (no armies may enter)",
    notJoined: "not here yet", away: "away", standIn: "a bot plays for now",
    waitNotJoined: "{name} has not opened the invitation yet.",
    waitAway: "{name} is not at the table right now; if {name} stays away, a bot plays meanwhile.",
    waitAwayNever: "{name} is not at the table right now.",
    waitStandIn: "{name} is away: a bot plays meanwhile, until {name} is back.",
    nameTitle: "Your name at this table", nameHint: "Until you give one, the others read your colour: {name}.",
    nameTake: "Take this name", friendUnnamed: "a friend (gives a name on joining)",
    inviteHint: "Not every friend has opened their invitation yet: send them their link, or let a bot take the seat.",
    notComeTitle: "Not here yet", notComeHint: "Not every friend has opened their invitation yet. You can wait, or let a bot take a seat for the rest of the game.",
    replaceBtn: "Let a bot play for {name}", replaceNo: "Keep waiting", replaceYes: "Yes, a bot plays for {name}",
    replaceAsk: "A bot takes {name}'s seat for the rest of this game. If {name} opens the invitation later, {name} can only watch. Let the bot play?",
    replaced: "instead of a friend who did not come",
    askTitle: "This invitation is for {name}", askTitleUnnamed: "This invitation is for another player",
    askHint: "You opened a friend's invitation on this device. Taken here, this tab plays {name}'s seat, and the others see {name} as having come. If {name} plays on a device of their own, send them the link instead.",
    askHintUnnamed: "You opened a friend's invitation on this device. Taken here, this tab plays that seat, and the others see its player as having come. If the friend plays on a device of their own, send them the link instead.",
    askTake: "Take {name}'s seat here", askTakeUnnamed: "Take this seat here", askMine: "Back to my seat", askWatch: "Watch the game instead",
    watchInstead: "Watch the game",
    rematchJoin: "Join the rematch", rematchBy: "{name} has started a rematch.", watching: "You are watching this game.",
  },
  de: {
    title: "feldherr", newGame: "Neues Spiel", game: "Spiel", options: "Optionen", seats: "Plätze",
    start: "Los", me: "ich", friend: "Mitspieler (per Link)", hotseat: "an diesem Gerät", bot: "Bot",
    strength: "Stärke", cost: "Kosten", leftOver: "übrig", name: "Name", seat: "wer spielt", seatOf: "{colour}: wer spielt", games: "Spiele", open: "offen", running: "läuft",
    finished: "beendet", imported: "importiert", watch: "zuschauen", replay: "Wiederholung", toReplay: "Wiederholung", play: "spielen",
    importRecord: "Partie importieren", importBtn: "Importieren", chooseFile: "eine gespeicherte Partie", pickFile: "Datei wählen …", noFile: "keine Datei gewählt", pasteRecord: "oder eine Partie-Aufzeichnung hier einfügen",
    invite: "Einladungslinks", copy: "kopieren", yourTurn: "Deine Entscheidung", waiting: "Es wartet auf",
    log: "Protokoll", board: "Spielplan", passTo: "Gib das Gerät weiter an", ready: "Ich bin {name}: meinen Platz zeigen",
    passHint: "Die geheimen Entscheidungen der anderen bleiben verborgen, bis dieser Knopf gedrückt wird.",
    passHintPlans: "Die Pläne der anderen bleiben verborgen, bis dieser Knopf gedrückt wird.",
    passHintHands: "Die Handkarten und geheimen Entscheidungen der anderen bleiben verborgen, bis dieser Knopf gedrückt wird.",
    connected: "verbunden", reconnecting: "verbinde neu…", gameOver: "Spielende", winner: "Sieger",
    winners: "Sieger", score: "Punkte", finalScore: "Schlusswertung", scoreOverTime: "Punkte im Verlauf",
    moneyOverTime: "Geld im Verlauf", step: "Schritt", first: "Anfang", prev: "zurück", next: "vor", last: "Ende",
    playBtn: "abspielen", pause: "anhalten", move: "Zug", of: "von", filter: "Auswahl filtern",
    spectator: "Zuschauer", lang: "English", language: "Sprache", nothing: "gerade nichts zu entscheiden",
    rematch: "Revanche", back: "Übersicht", toLobby: "Zur Übersicht: ein Spiel beginnen oder weiterspielen", public: "öffentlich (Zuschauer erlaubt)", players: "Spieler",
    error: "Fehler", noAnswer: "Der Server antwortet nicht; bitte gleich noch einmal versuchen",
    refused: "Der Server hat die Anfrage abgelehnt (Status {status})", noGames: "noch keine Spiele", home: "feldherr — Wallenstein, El Grande und Ernst von Mansfeld spielen",
    toMove: "am Zug", version: "Stand", round: "Runde", year: "Jahr", phase: "Phase", seed: "Startwert",
    hidden: "verdeckt", revealed: "aufgedeckt", you: "du", stats: "Statistik", view: "Ansicht (roh)",
    created: "Spiel angelegt", openGame: "zum Spiel", playersLabel: "Spieler", jump: "springe zu Zug",
    legal: "erlaubte Wahl", clear: "alle Möglichkeiten", armies: "Armeen", armyGroups: "Armeegruppen", unrest: "Unruhe",
    odds: "Sieg {win}, Unentschieden {tie}, Niederlage {lose}", withOdds: "{text} — {odds}",
    tower: "Turm", tray: "Schale", inside: "im Turm", towerEmpty: "keine Würfel im Turm", rowEmpty: "leer", turnOrder: "Reihenfolge",
    "wallenstein.score": "Siegpunkte", "wallenstein.money": "Taler", "wallenstein.scoreOverTime": "Siegpunkte im Verlauf", "wallenstein.moneyOverTime": "Taler im Verlauf", hand: "Hand", plan: "Plan", bid: "Gebot",
    actions: "Aktionsleiste", event: "Ereignis", bonus: "Bonusplättchen", court: "Hof", province: "Provinz",
    castillo: "Castillo", king: "König", stacks: "Stapel", openCards: "offene Aktionskarten", powerCards: "Machtkarten",
    played: "gespielt", dummy: "neutraler Spieler", neutralOf: "{colour} (neutral)", stack: "Stapel", modifiers: "Modifikatoren", modifier: "Modifikator", cardTaken: "diese Runde genommen", cardNotTurned: "wird zu Rundenbeginn aufgedeckt", stackEmpty: "Stapel aufgebraucht", characters: "offene Charaktere", dice: "Würfel", provinces: "Provinzen", provincesLater: "Um die Provinzen wird nacheinander gekämpft, sobald das Rekrutieren vorbei ist.", foughtOverNow: "jetzt umkämpft",
    committed: "Einsätze", luck: "Kriegsglück", deck: "Stapel", cards: "Karten", used: "verbraucht",
    thaler: "Taler", grain: "Getreide", vp: "Siegpunkte", supply: "Vorrat", buildings: "Gebäude",
    battles: "Schlachten gewonnen (+) und verloren (−)",
    money: "Geld", counties: "Länder", best_province: "beste Provinz", values: "Werte", draft: "Auswahl",
    choicesN: { one: "{n} Möglichkeit", other: "{n} Möglichkeiten" }, armiesN: { one: "{n} Armee", other: "{n} Armeen" }, unrestN: { one: "{n} Unruhemarker", other: "{n} Unruhemarker" }, neutralCounty: "neutral",
    talerN: { one: "{n} Taler", other: "{n} Taler" }, hiddenN: { one: "{n} verdeckt", other: "{n} verdeckt" },
    cardsN: { one: "{n} Karte", other: "{n} Karten" }, leftN: { one: "noch {n} Karte", other: "noch {n} Karten" },
    handN: { one: "{n} Karte auf der Hand", other: "{n} Karten auf der Hand" },
    handPowerN: { one: "{n} Machtkarte auf der Hand", other: "{n} Machtkarten auf der Hand" },
    movesOf: { one: "Zug {at} von {n}", other: "Zug {at} von {n}" }, pointsN: { one: "{n} Punkt", other: "{n} Punkte" },
    stackN: { one: "Stapel {no}: {n} Karte", other: "Stapel {no}: {n} Karten" }, matchN: { one: "{n} Zug passt", other: "{n} Züge passen" },
    botRandom: "Zufallszüge", botHeuristic: "Faustregel", botEasy: "Anfänger", botMedium: "Mittel", botHard: "Stark",
    botIsmcts: "Einfache Baumsuche (Forschung)", botOther: "Computer", advanced: "Erweitert", modelDefaults: "die Werte des Modells", researchBots: "Forschungs-Bot anbieten (einfache Baumsuche)",
    seedLabel: "Startwert (gleicher Startwert, gleiche Partie)", mappingLabel: "Optionswerte als JSON", inviteFor: "Einladungslink für {name}",
    copied: "kopiert", reachAt: "Deine Mitspieler öffnen diese Adresse (sie muss von ihrem Gerät aus erreichbar sein):", rank: "Platz",
    player: "Spieler", stepBack: "zurück", partOf: "Teil {k} von {n}", stepClear: "neu beginnen", confirm: "Bestätigen", chosen: "bisher gewählt",
    pickSet: "auswählen, dann bestätigen", planStaged: "Dein Plan (noch nicht abgegeben)", planSending: "Dein Plan (wird abgegeben)", sendPlan: "Plan bestätigen", resetPlan: "Plan leeren", planUndo: "letzte Karte zurücknehmen",
    luckAgain: "Gleichstand: Die Kriegsglück-Würfel werden erneut geworfen", rollAgain: "Die Würfel werden erneut geworfen",
    thrownFirst: "erster Wurf", thrownAgainN: "neu geworfen ({n})",
    undo: "Meinen letzten Zug zurücknehmen", undoHint: "Seitdem hat niemand gehandelt, und der Zug hat nichts Verdecktes gezeigt.",
    planBox: "Feld", planHint: "Fülle die Felder deines Planungstableaus in beliebiger Reihenfolge; ein Klick auf ein Feld dort ändert es, bis du bestätigst.",
    "planHint@touch": "Fülle die Felder deines Planungstableaus in beliebiger Reihenfolge; tippe dort ein Feld an, um es bis zum Bestätigen zu ändern.",
    planNext: "Karte für", boxesFilledN: { one: "{k} von {n} Feld belegt", other: "{k} von {n} Feldern belegt" }, planBad: "Dieser Plan geht nicht: {why}",
    phaseLabel: "Phase", scoreboards: "Wertungstafeln", yourName: "dein Name", botLabel: "Computer",
    analyse: "Analysieren", copyBtn: "Kopieren", planLost: "Karte abgegeben", planLeaveEmpty: "frei lassen", lastMove: "letzter Zug",
    mapSwipe: "Seitlich wischen, um die ganze Karte zu sehen",
    diceSetN: { one: "{n} Würfel für diese Runde gesetzt", other: "{n} Würfel für diese Runde gesetzt" },
    diceSecret: "Würfel verdeckt gesetzt: sichtbar, wenn alle gesetzt haben", luckDie: "Kriegsglück-Würfel: {n}",
    commitSecret: "Karten verdeckt eingesetzt: sichtbar, wenn alle eingesetzt haben",
    countyOut: "{name} spielt bei 3 Spielern nicht mit (keine Armeen dürfen hinein)",
    notJoined: "noch nicht da", away: "abwesend", standIn: "vorerst spielt ein Bot",
    waitNotJoined: "{name} hat die Einladung noch nicht geöffnet.",
    waitAway: "{name} ist gerade nicht am Tisch; bleibt {name} länger weg, spielt vorerst ein Bot.",
    waitAwayNever: "{name} ist gerade nicht am Tisch.",
    waitStandIn: "{name} ist abwesend: Ein Bot spielt, bis {name} zurück ist.",
    nameTitle: "Dein Name an diesem Tisch", nameHint: "Bis du einen angibst, lesen die anderen deine Farbe: {name}.",
    nameTake: "Diesen Namen nehmen", friendUnnamed: "Mitspieler (gibt beim Beitreten selbst einen Namen an)",
    inviteHint: "Noch nicht alle Mitspieler haben ihre Einladung geöffnet: Schick ihnen ihren Link, oder lass einen Bot den Platz übernehmen.",
    notComeTitle: "Noch nicht da", notComeHint: "Noch nicht alle Mitspieler haben ihre Einladung geöffnet. Ihr könnt warten oder einen Platz für den Rest der Partie einem Bot geben.",
    replaceBtn: "Einen Bot für {name} spielen lassen", replaceNo: "Weiter warten", replaceYes: "Ja, ein Bot spielt für {name}",
    replaceAsk: "Ein Bot übernimmt den Platz von {name} für den Rest dieser Partie. Öffnet {name} die Einladung später, kann {name} nur noch zuschauen. Den Bot spielen lassen?",
    replaced: "statt eines Mitspielers, der nicht kam",
    askTitle: "Diese Einladung ist für {name}", askTitleUnnamed: "Diese Einladung ist für einen anderen Spieler",
    askHint: "Du hast die Einladung eines Mitspielers auf diesem Gerät geöffnet. Nimmst du den Platz hier, spielt dieser Tab für {name}, und die anderen sehen {name} als angekommen. Spielt {name} an einem eigenen Gerät, schick den Link lieber weiter.",
    askHintUnnamed: "Du hast die Einladung eines Mitspielers auf diesem Gerät geöffnet. Nimmst du den Platz hier, spielt dieser Tab diesen Platz, und die anderen sehen den Mitspieler als angekommen. Spielt er an einem eigenen Gerät, schick den Link lieber weiter.",
    askTake: "Den Platz von {name} hier nehmen", askTakeUnnamed: "Diesen Platz hier nehmen", askMine: "Zurück zu meinem Platz", askWatch: "Stattdessen zuschauen",
    watchInstead: "Dem Spiel zuschauen",
    rematchJoin: "Zur Revanche", rematchBy: "{name} hat eine Revanche gestartet.", watching: "Du schaust bei diesem Spiel zu.",
  }
};

// The games' phases (the view's "phase" values) in words.
const PHASES = {
  en: {
    draft: "draft", plan: "planning", position: "turn order", move: "actions", execute: "actions", "revolt-order": "revolts",
    leader: "military leaders", landsknechte: "Landsknechte", favor: "court favors", winter: "winter", pre: "before the actions",
    post: "after the actions", "winter-end": "end of winter", over: "game over", modpass: "passing the round", power: "power cards",
    court: "from the court", recall: "recalling", ability: "special ability", take: "action cards", act: "action", veto: "veto",
    effect: "card's effect", disc: "secret discs", dice: "dice", recruit: "recruiting", commit: "commitments",
  },
  de: {
    draft: "Auswahl", plan: "Planung", position: "Zugfolge", move: "Aktionen", execute: "Aktionen", "revolt-order": "Aufstände",
    leader: "Heerführer", landsknechte: "Landsknechte", favor: "Gunst am Hof", winter: "Winter", pre: "vor den Aktionen",
    post: "nach den Aktionen", "winter-end": "Winterende", over: "Spielende", modpass: "Runde aussetzen", power: "Machtkarten",
    court: "vom Hof", recall: "Zurückholen", ability: "Sonderfähigkeit", take: "Aktionskarten", act: "Aktion", veto: "Veto",
    effect: "Kartenwirkung", disc: "geheime Scheiben", dice: "Würfel", recruit: "Anwerben", commit: "Einsätze",
  },
};

// The stored choice, else the browser's language ("DE-de", "de-AT" -> "de"): its first two letters,
// lower-cased.
let current = String(localStorage.getItem("feldherr:lang") || navigator.language || "en").slice(0, 2).toLowerCase();
if (!(current in WORDS)) current = "en";

export function lang() { return current; }
export function setLang(value) {
  current = value in WORDS ? value : "en";
  localStorage.setItem("feldherr:lang", current);
  document.documentElement.lang = current;
}
// A touch screen (a phone, a tablet): its words say "tap" where a mouse's say "click" (a key's
// variant "<key>@touch", where it has one).
export function touchScreen() { return window.matchMedia?.("(hover: none) and (pointer: coarse)").matches ?? false; }
const onTouch = (table, key) => (touchScreen() && `${key}@touch` in table ? `${key}@touch` : key);

export function t(key, args = {}) {
  let text = WORDS[current][onTouch(WORDS[current], key)] ?? WORDS.en[onTouch(WORDS.en, key)] ?? key;
  if (typeof text === "object") text = text.other;
  for (const [k, v] of Object.entries(args)) text = text.replaceAll(`{${k}}`, () => (typeof v === "number" ? num(v) : v)); // a name's "$&" stays as typed
  return text;
}

export function known(key) { return key in WORDS.en; }

// A counted text: the plural category of n from Intl.PluralRules, n in the language's number format.
export function tn(key, n, args = {}) {
  const entry = WORDS[current][key] ?? WORDS.en[key];
  if (!entry) return `${num(n)} ${key}`;
  const text = typeof entry === "object" ? entry[new Intl.PluralRules(current).select(n)] ?? entry.other : entry;
  let out = text.replace("{n}", num(n));
  for (const [k, v] of Object.entries(args)) out = out.replaceAll(`{${k}}`, () => (typeof v === "number" ? num(v) : v));
  return out;
}

// A share (0.43) as a percentage in the language's format (Intl: English "43%", German "43 %" with
// a no-break space): every percentage a player reads comes from here or Intl's percent style.
// a word or phrase as a label of its own, with a capital ("trading post": "Trading post")
export function capital(text) {
  return text.charAt(0).toLocaleUpperCase(current) + text.slice(1);
}

export function pct(share, digits = 0) {
  return new Intl.NumberFormat(current, { style: "percent", maximumFractionDigits: digits }).format(share);
}

// An attack's odds (the server's move details: whole percents) in words: "win 56%, tie 27%, lose 17%".
export function oddsWords(odds) {
  const [win, tie, lose] = odds.percent.map((p) => pct(p / 100));
  return t("odds", { win, tie, lose });
}

// A move's phrase from the server with the facts it sends apart (move details) in the page's
// language and number format: an attack "… — win 56%, tie 27%, lose 17%".
export function moveWords(text, details) {
  return details?.odds && typeof text === "string" ? t("withOdds", { text, odds: oddsWords(details.odds) }) : text;
}

// A number in the language's format (German: 1.234,5).
export function num(n) {
  return typeof n === "number" ? new Intl.NumberFormat(current).format(n) : String(n ?? "–");
}

// A game phase in words; an unknown one is "–" rather than an id.
export function phaseName(phase) {
  return (phase && (PHASES[current][phase] ?? PHASES.en[phase])) || "–";
}

// The bots by strength for players; "ismcts" (a research bot) only when asked for under Advanced.
const BOTS = { random: "botRandom", heuristic: "botHeuristic", easy: "botEasy", medium: "botMedium", hard: "botHard", ismcts: "botIsmcts" };
export const BOT_ORDER = ["random", "heuristic", "easy", "medium", "hard", "ismcts"];
export const RESEARCH_BOTS = new Set(["ismcts"]);
export function botName(bot) {
  const base = String(bot || "").split("@")[0];
  return t(BOTS[base] || "botOther");
}
document.documentElement.lang = current;
