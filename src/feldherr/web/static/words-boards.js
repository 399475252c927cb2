// The words of the Wallenstein boards drawn like the printed game (the planning board, the module
// boards, the winter scoring step by step), English and German. Counted words go through
// Intl.PluralRules: a key "x#one" / "x#other".
import { lang } from "./i18n.js";

const WORDS = {
  en: {
    planBoard: "Planning board", planOthers: "The other planning boards", planAll: "The planning boards",
    planHidden: "face down", planEmpty: "empty", planLost: "card handed over",
    "faceDownN#one": "{n} card face down", "faceDownN#other": "{n} cards face down", lskNext: "next card",
    planTower: "Dice tower card", planTowerTip: "Takes your own armies out of the tray instead of a county's.",
    "costN#one": "costs {n} Thaler", "costN#other": "costs {n} Thalers",
    "armiesForN#one": "{a} army for {n} Thaler", "armiesForN#other": "{a} armies for {n} Thalers",
    "convertN#one": "converts {n} army into a courtier", "convertN#other": "converts {n} armies into courtiers",
    bidNote: "money card: the bid for the turn order",
    moneyCard: "Money card", "coinTip#one": "A money card worth {n} Thaler.", "coinTip#other": "A money card worth {n} Thalers.", countyCard: "County card",
    countyTip: "{region} · taxes {tax} · grain {grain}",
    fillBox: "fill this box", changeBox: "take the card back out",
    court: "Emperor's Court", audience: "Audience hall", entrance: "Entrance hall", favorSpace: "space for {n} courtiers",
    audienceTip: "In the order of their courtiers, each player moves all courtiers from the entrance hall here and may take one favor card, returning to supply as many courtiers as its space shows; the favor is used at once. Then the courtiers still here go back to the entrance hall and the cards left are removed.",
    entranceTip: "The court's action boxes send one courtier here per army converted. The player with the most courtiers here goes to the audience hall first, the others in descending order (ties in player order).",
    statues: "Statues",
    "statuesTip#one": "When the military leader moves to an adjacent county of the player, he leaves victorious and a statue stays in the county he left; it stays if the county is lost. Another player's leader entering that county takes it as a trophy. Each statue on the board: {n} victory point at the end of the game.",
    "statuesTip#other": "When the military leader moves to an adjacent county of the player, he leaves victorious and a statue stays in the county he left; it stays if the county is lost. Another player's leader entering that county takes it as a trophy. Each statue on the board: {n} victory points at the end of the game.",
    "trophiesTip#one": "Statues of other players, taken when this player's military leader entered their county. Each trophy: {n} victory point at the end of the game.",
    "trophiesTip#other": "Statues of other players, taken when this player's military leader entered their county. Each trophy: {n} victory points at the end of the game.",
    "courtiersN#one": "{n} courtier", "courtiersN#other": "{n} courtiers",
    favorDeck: "favor cards left", "favorDeckN#one": "{n} favor card left", "favorDeckN#other": "{n} favor cards left",
    courtierSupply: "in supply", favorCard: "Favor card", favorEmpty: "no card", safeFrom: "safe from", parries: "parries the next revolt marker",
    landsknechte: "Landsknechte", lskTop: "top card", lskTip: "After the turn order is set, a player with counties in at least four regions slides the top card under the deck and takes one benefit of the new top card.",
    leaders: "Military leaders", leaderIn: "leader in", leaderHere: "★ your military leader stands in {county}: an action here is upgraded (see the Military leaders board)", leaderOff: "not on the board",
    "statuesN#one": "{n} statue", "statuesN#other": "{n} statues", "statueSupplyN#one": "{n} statue in supply", "statueSupplyN#other": "{n} statues in supply",
    trophies: "trophies", "trophiesN#one": "{n} trophy", "trophiesN#other": "{n} trophies", leaderTip: "The leader's county builds cheaper and collects and deploys more.",
    "leaderRules#one": "In the leader's county: a palace costs {p} Thalers, a church {c}, a trading post {t}; taxes and grain +{x}; deploy {d5}, {d3} or {d1} armies for the same money. Each statue on the board and each trophy: {n} victory point at the scoring.", "leaderRules#other": "In the leader's county: a palace costs {p} Thalers, a church {c}, a trading post {t}; taxes and grain +{x}; deploy {d5}, {d3} or {d1} armies for the same money. Each statue on the board and each trophy: {n} victory points at the scoring.",
    actionSteps: "The action, player by player", scoring: "Winter scoring", scoringStep: "Step {n} of {of}", scoringClose: "close", scoringSkip: "show all",
    scoringBase: "Counties and buildings", scoringMost: "Most {what} in {region}", scoringTie: "a tie: 1 less each", scoringNobody: "nobody",
    scoringTotal: "Victory points now", scoringGained: "this winter", scoringLeaders: "Military leaders: statues and trophies",
    "vpN#one": "+{n} victory point", "vpN#other": "+{n} victory points", player: "Player",
    courtSteps: "Emperor's Court: armies into courtiers", courtGained: "new courtiers", courtHall: "in the entrance hall",
    "courtConvertN#one": "{n} army from {source} into a courtier", "courtConvertN#other": "{n} armies from {source} into courtiers",
    "courtSkipN#one": "{n} army from {source} not converted: {reason}", "courtSkipN#other": "{n} armies from {source} not converted: {reason}",
    "courtLostN#one": "{n} army not converted: {reason}", "courtLostN#other": "{n} armies not converted: {reason}",
  },
  de: {
    planBoard: "Planungstableau", planOthers: "Die anderen Planungstableaus", planAll: "Die Planungstableaus",
    planHidden: "verdeckt", planEmpty: "leer", planLost: "Karte abgegeben",
    "faceDownN#one": "{n} Karte verdeckt", "faceDownN#other": "{n} Karten verdeckt", lskNext: "nächste Karte",
    planTower: "Würfelturmkarte", planTowerTip: "Nimmt eigene Armeen aus der Schale statt aus einem Land.",
    "costN#one": "kostet {n} Taler", "costN#other": "kostet {n} Taler",
    "armiesForN#one": "{a} Armee für {n} Taler", "armiesForN#other": "{a} Armeen für {n} Taler",
    "convertN#one": "wandelt {n} Armee in einen Höfling", "convertN#other": "wandelt {n} Armeen in Höflinge",
    bidNote: "Münzkarte: das Gebot um die Spielerreihenfolge",
    moneyCard: "Münzkarte", "coinTip#one": "Eine Münzkarte im Wert von {n} Taler.", "coinTip#other": "Eine Münzkarte im Wert von {n} Talern.", countyCard: "Länderkarte",
    countyTip: "{region} · Steuern {tax} · Getreide {grain}",
    fillBox: "dieses Feld belegen", changeBox: "Karte wieder herausnehmen",
    court: "Am Kaiserhof", audience: "Audienzsaal", entrance: "Empfangshalle", favorSpace: "Feld für {n} Höflinge",
    audienceTip: "Nach der Zahl ihrer Höflinge zieht jeder Spieler alle seine Höflinge aus der Empfangshalle hierher und darf eine Gunstkarte nehmen; er stellt so viele Höflinge zurück in seinen Vorrat, wie das Feld unter der Karte zeigt, und nutzt die Gunst sofort. Danach gehen die Höflinge, die noch hier stehen, zurück in die Empfangshalle, und übrige Gunstkarten kommen aus dem Spiel.",
    entranceTip: "Die Aktionsfelder des Kaiserhofs stellen pro umgewandelter Armee einen Höfling hierher. Wer die meisten Höflinge hier hat, geht als Erster in den Audienzsaal, die anderen in absteigender Zahl (bei Gleichstand in Spielerreihenfolge).",
    statues: "Denkmäler",
    "statuesTip#one": "Zieht der Heerführer in ein benachbartes eigenes Land, verlässt er sein Land im Triumph, und dort wird ein Denkmal errichtet; es bleibt, auch wenn das Land verloren geht. Betritt der Heerführer eines anderen Spielers das Land, hat er es erobert. Jedes Denkmal auf dem Plan: {n} Siegpunkt bei Spielende.",
    "statuesTip#other": "Zieht der Heerführer in ein benachbartes eigenes Land, verlässt er sein Land im Triumph, und dort wird ein Denkmal errichtet; es bleibt, auch wenn das Land verloren geht. Betritt der Heerführer eines anderen Spielers das Land, hat er es erobert. Jedes Denkmal auf dem Plan: {n} Siegpunkte bei Spielende.",
    "trophiesTip#one": "Denkmäler anderer Spieler, erobert, als der eigene Heerführer ihr Land betrat. Jedes eroberte Denkmal: {n} Siegpunkt bei Spielende.",
    "trophiesTip#other": "Denkmäler anderer Spieler, erobert, als der eigene Heerführer ihr Land betrat. Jedes eroberte Denkmal: {n} Siegpunkte bei Spielende.",
    "courtiersN#one": "{n} Höfling", "courtiersN#other": "{n} Höflinge",
    favorDeck: "Gunstkarten übrig", "favorDeckN#one": "{n} Gunstkarte übrig", "favorDeckN#other": "{n} Gunstkarten übrig",
    courtierSupply: "im Vorrat", favorCard: "Gunstkarte", favorEmpty: "keine Karte", safeFrom: "sicher vor", parries: "wehrt den nächsten Unruhemarker ab",
    landsknechte: "Landsknechte", lskTop: "oberste Karte", lskTip: "Nach der Spielerreihenfolge schiebt, wer Länder in mindestens vier Regionen hat, die oberste Karte unter den Stapel und erhält einen Vorteil der neuen obersten Karte.",
    leaders: "Heerführer", leaderIn: "Heerführer in", leaderHere: "★ dein Heerführer steht in {county}: eine Aktion hier wird aufgewertet (siehe die Heerführer unten)", leaderOff: "nicht auf dem Plan",
    "statuesN#one": "{n} Denkmal", "statuesN#other": "{n} Denkmäler", "statueSupplyN#one": "{n} Denkmal im Vorrat", "statueSupplyN#other": "{n} Denkmäler im Vorrat",
    trophies: "Eroberte Denkmäler", "trophiesN#one": "{n} erobertes Denkmal", "trophiesN#other": "{n} eroberte Denkmäler", leaderTip: "Im Land des Heerführers wird billiger gebaut und mehr eingezogen und aufgestellt.",
    "leaderRules#one": "Im Land des Heerführers: Palast {p} Taler, Kirche {c}, Handelshaus {t}; Steuern und Getreide +{x}; {d5}, {d3} oder {d1} Armeen aufstellen für dasselbe Geld. Jedes eigene Denkmal auf dem Plan und jedes eroberte Denkmal: {n} Siegpunkt bei der Wertung.", "leaderRules#other": "Im Land des Heerführers: Palast {p} Taler, Kirche {c}, Handelshaus {t}; Steuern und Getreide +{x}; {d5}, {d3} oder {d1} Armeen aufstellen für dasselbe Geld. Jedes eigene Denkmal auf dem Plan und jedes eroberte Denkmal: {n} Siegpunkte bei der Wertung.",
    actionSteps: "Die Aktion, Spieler für Spieler", scoring: "Winterwertung", scoringStep: "Schritt {n} von {of}", scoringClose: "schließen", scoringSkip: "alles zeigen",
    scoringBase: "Länder und Gebäude", scoringMost: "Meiste {what} in {region}", scoringTie: "Gleichstand: je 1 weniger", scoringNobody: "niemand",
    scoringTotal: "Siegpunkte jetzt", scoringGained: "in diesem Winter", scoringLeaders: "Heerführer: eigene und eroberte Denkmäler",
    "vpN#one": "+{n} Siegpunkt", "vpN#other": "+{n} Siegpunkte", player: "Spieler",
    courtSteps: "Am Kaiserhof: Armeen werden Höflinge", courtGained: "neue Höflinge", courtHall: "in der Empfangshalle",
    "courtConvertN#one": "{n} Armee aus {source} in einen Höfling umgewandelt", "courtConvertN#other": "{n} Armeen aus {source} in Höflinge umgewandelt",
    "courtSkipN#one": "{n} Armee aus {source} nicht umgewandelt: {reason}", "courtSkipN#other": "{n} Armeen aus {source} nicht umgewandelt: {reason}",
    "courtLostN#one": "{n} Armee nicht umgewandelt: {reason}", "courtLostN#other": "{n} Armeen nicht umgewandelt: {reason}",
  },
};

const fmt = (text, args) => text.replace(/\{(\w+)\}/g, (m, k) => (k in args ? String(typeof args[k] === "number" ? new Intl.NumberFormat(lang()).format(args[k]) : args[k]) : m));

export function wb(key, args = {}) {
  const table = WORDS[lang()] || WORDS.en;
  if (typeof args.n === "number" && (`${key}#other` in table)) {
    const cat = new Intl.PluralRules(lang()).select(args.n);
    return fmt(table[`${key}#${cat}`] ?? table[`${key}#other`], args);
  }
  return fmt(table[key] ?? WORDS.en[key] ?? key, args);
}
