// The seat tokens this device holds, per game, so that a reload (or a later visit) resumes.
const key = (id) => `feldherr:tokens:${id}`;

export function remember(id, tokens) {
  const known = new Set(held(id));
  for (const token of tokens) if (token) known.add(token);
  localStorage.setItem(key(id), JSON.stringify([...known]));
}

export function held(id) {
  try {
    const list = JSON.parse(localStorage.getItem(key(id)) || "[]");
    return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}

// The tokens in the address: #token=X from an invite link, #tokens=a,b from this client.
export function inHash() {
  const params = new URLSearchParams(location.hash.slice(1));
  const invite = params.get("token") || "";
  const given = [...(params.get("tokens") || "").split(","), invite].filter(Boolean);
  return { invite, given };
}

// Whether the invitation in the address is someone else's on this device: the device holds other
// seats of the game already, or created it (its creator trying a friend's link). The page then
// asks before it takes that seat, and a seat taken here is played in this tab only (tabHold):
// remembered with the others, the game's address alone would open both seats on this device as
// hot-seat, the friend's hidden hand one button away.
export function foreignInvite(id, invite) {
  if (!invite) return false;
  const known = held(id);
  if (known.includes(invite)) return false;
  return known.length > 0 || invites(id).some((i) => i.link.endsWith(`#token=${invite}`));
}

// The seats of this tab only (a friend's seat taken on the creator's device): kept for a reload of
// the tab, whose address no longer shows the token (it is taken out once the seat is claimed).
const tabKey = (id) => `feldherr:tab-tokens:${id}`;
export function tabHold(id, tokens) {
  try { sessionStorage.setItem(tabKey(id), JSON.stringify(tokens)); } catch { /* storage off */ }
}
function tabHeld(id) {
  try {
    const list = JSON.parse(sessionStorage.getItem(tabKey(id)) || "[]");
    return Array.isArray(list) ? list.filter((x) => typeof x === "string") : [];
  } catch {
    return [];
  }
}
// A seat token of this device for the game, to read it where it is private (its replay, the
// ending's charts, the analysis board): a player of a private game is one of those who may see it.
export function readToken(id) {
  return held(id)[0] ?? tabHeld(id)[0] ?? null;
}
const reloaded = () => performance.getEntriesByType("navigation")[0]?.type === "reload";

// The tokens this page plays: those in the address win and are remembered (a foreign invitation
// is the caller's to ask about first: not remembered here); without any, a reload of a tab that
// plays a seat of its own keeps it, else the remembered ones count.
export function fromHash(id) {
  const { invite, given } = inHash();
  if (given.length) {
    if (!foreignInvite(id, invite)) remember(id, given);
    return given;
  }
  const tab = reloaded() ? tabHeld(id) : [];
  return tab.length ? tab : held(id);
}

// A token that opens no seat any more (a bot took it): forgotten, so the game's address alone
// opens the game to watch.
export function forget(id, token) {
  localStorage.setItem(key(id), JSON.stringify(held(id).filter((x) => x !== token)));
  tabHold(id, tabHeld(id).filter((x) => x !== token));
}

// The tokens out of the visible address once the seat is claimed (a screenshot or a shared
// address must not hand the seat on); a reload finds them where they are kept.
export function hideTokens() {
  if (inHash().given.length) history.replaceState(history.state, "", location.pathname + location.search);
}

// The invitation links of a game this device created (friends' seats), so that its creator can
// hand them out again from the seat's page until every friend has come.
const invitesKey = (id) => `feldherr:invites:${id}`;

export function rememberInvites(id, invites) {
  try { localStorage.setItem(invitesKey(id), JSON.stringify(invites)); } catch { /* storage full or off */ }
}

export function invites(id) {
  try {
    const list = JSON.parse(localStorage.getItem(invitesKey(id)) || "[]");
    return Array.isArray(list) ? list.filter((x) => x && Number.isInteger(x.seat) && typeof x.link === "string") : [];
  } catch {
    return [];
  }
}
