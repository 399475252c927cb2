// The client's own words in English and German; the games' words come from the server.
const WORDS = {
  en: {
    title: "feldherr", newGame: "New game", game: "Game", options: "Options", seats: "Seats",
    start: "Start", me: "me", friend: "a friend (by link)", hotseat: "hot-seat (this device)", bot: "bot",
    strength: "strength", cost: "cost", leftOver: "left over", name: "name", seat: "Seat", games: "Games", open: "open", running: "running",
    finished: "finished", imported: "imported", watch: "watch", replay: "replay", play: "play",
    importRecord: "Import a record", importBtn: "Import", chooseFile: "record file (JSON)",
    invite: "Invite links", copy: "copy", yourTurn: "Your decision", waiting: "Waiting for",
    log: "Log", board: "Board", passTo: "Pass the device to", ready: "I am {name}: show my seat",
    passHint: "The other seats' plans stay hidden until this button is pressed.",
    connected: "connected", reconnecting: "reconnecting…", gameOver: "Game over", winner: "Winner",
    winners: "Winners", score: "score", finalScore: "Final scoring", scoreOverTime: "Score over time",
    money: "Money over time", step: "step", first: "first", prev: "back", next: "forward", last: "last",
    playBtn: "play", pause: "pause", move: "move", of: "of", filter: "filter choices",
    spectator: "spectator", lang: "Deutsch", language: "Language", nothing: "nothing to decide now",
    rematch: "Rematch", back: "Lobby", public: "public game (spectators may watch)", players: "players",
    error: "Error", noGames: "no games yet", home: "feldherr — play Wallenstein, El Grande and Ernst von Mansfeld",
    toMove: "to move", version: "version", round: "round", phase: "phase", seed: "seed",
    hidden: "hidden", revealed: "revealed", you: "you", stats: "Statistics", view: "View (raw)",
    created: "Game created", openGame: "open the game", playersLabel: "Players", jump: "jump to move",
    legal: "legal choices", clear: "all choices", armies: "armies", unrest: "unrest",
    oddsWin: "win", oddsTie: "tie", oddsLose: "lose",
    tower: "Tower", tray: "tray", inside: "inside", hand: "hand", plan: "plan", bid: "bid",
    actions: "Action row", event: "event", bonus: "bonus tiles", court: "court", province: "province",
    castillo: "Castillo", king: "King", stacks: "stacks", openCards: "open action cards", powerCards: "power cards",
    played: "played", dummy: "dummy", characters: "open characters", dice: "dice", provinces: "provinces",
    committed: "commitments", luck: "luck", deck: "deck", cards: "cards", used: "used",
    thaler: "Taler", grain: "grain", vp: "points", supply: "supply", buildings: "buildings", money: "money",
    battles: "Battles won (+) and lost (−)",
    counties: "counties", best_province: "best province", values: "values", draft: "draft",
  },
  de: {
    title: "feldherr", newGame: "Neues Spiel", game: "Spiel", options: "Optionen", seats: "Plätze",
    start: "Los", me: "ich", friend: "Mitspieler (per Link)", hotseat: "an diesem Gerät", bot: "Bot",
    strength: "Stärke", cost: "Kosten", leftOver: "übrig", name: "Name", seat: "Platz", games: "Spiele", open: "offen", running: "läuft",
    finished: "beendet", imported: "importiert", watch: "zuschauen", replay: "Wiederholung", play: "spielen",
    importRecord: "Partie importieren", importBtn: "Importieren", chooseFile: "Partie-Datei (JSON)",
    invite: "Einladungslinks", copy: "kopieren", yourTurn: "Deine Entscheidung", waiting: "Es wartet auf",
    log: "Protokoll", board: "Spielplan", passTo: "Gib das Gerät weiter an", ready: "Ich bin {name}: meinen Platz zeigen",
    passHint: "Die Pläne der anderen bleiben verborgen, bis dieser Knopf gedrückt wird.",
    connected: "verbunden", reconnecting: "verbinde neu…", gameOver: "Spielende", winner: "Sieger",
    winners: "Sieger", score: "Punkte", finalScore: "Schlusswertung", scoreOverTime: "Punkte im Verlauf",
    money: "Geld im Verlauf", step: "Schritt", first: "Anfang", prev: "zurück", next: "vor", last: "Ende",
    playBtn: "abspielen", pause: "anhalten", move: "Zug", of: "von", filter: "Auswahl filtern",
    spectator: "Zuschauer", lang: "English", language: "Sprache", nothing: "gerade nichts zu entscheiden",
    rematch: "Revanche", back: "Übersicht", public: "öffentlich (Zuschauer erlaubt)", players: "Spieler",
    error: "Fehler", noGames: "noch keine Spiele", home: "feldherr — Wallenstein, El Grande und Ernst von Mansfeld spielen",
    toMove: "am Zug", version: "Stand", round: "Runde", phase: "Phase", seed: "Startwert",
    hidden: "verdeckt", revealed: "aufgedeckt", you: "du", stats: "Statistik", view: "Ansicht (roh)",
    created: "Spiel angelegt", openGame: "zum Spiel", playersLabel: "Spieler", jump: "springe zu Zug",
    legal: "erlaubte Wahl", clear: "alle Möglichkeiten", armies: "Armeen", unrest: "Unruhe",
    oddsWin: "Sieg", oddsTie: "Unentschieden", oddsLose: "Niederlage",
    tower: "Turm", tray: "Schale", inside: "im Turm", hand: "Hand", plan: "Plan", bid: "Gebot",
    actions: "Aktionsleiste", event: "Ereignis", bonus: "Bonusplättchen", court: "Hof", province: "Provinz",
    castillo: "Castillo", king: "König", stacks: "Stapel", openCards: "offene Aktionskarten", powerCards: "Machtkarten",
    played: "gespielt", dummy: "neutraler Spieler", characters: "offene Charaktere", dice: "Würfel", provinces: "Provinzen",
    committed: "Einsätze", luck: "Glück", deck: "Stapel", cards: "Karten", used: "benutzt",
    thaler: "Taler", grain: "Getreide", vp: "Siegpunkte", supply: "Vorrat", buildings: "Gebäude",
    battles: "Schlachten gewonnen (+) und verloren (−)",
    money: "Geld", counties: "Grafschaften", best_province: "beste Provinz", values: "Werte", draft: "Auswahl",
  },
};

let current = localStorage.getItem("feldherr:lang") || (navigator.language || "en").slice(0, 2);
if (!(current in WORDS)) current = "en";

export function lang() { return current; }
export function setLang(value) {
  current = value in WORDS ? value : "en";
  localStorage.setItem("feldherr:lang", current);
  document.documentElement.lang = current;
}
export function t(key, args = {}) {
  let text = WORDS[current][key] ?? WORDS.en[key] ?? key;
  for (const [k, v] of Object.entries(args)) text = text.replace(`{${k}}`, v);
  return text;
}
document.documentElement.lang = current;
