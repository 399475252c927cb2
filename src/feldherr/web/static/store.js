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

// Tokens in the address (#token=X from an invite link, #tokens=a,b from this client) win and are
// remembered; without any, the remembered ones count. A friend's invitation opened on a device
// that holds other seats of the game already (its creator trying the link) is played in that tab
// only: remembered with them, the game's address alone would open both seats on this device as
// hot-seat, the friend's hidden hand one button away.
export function fromHash(id) {
  const params = new URLSearchParams(location.hash.slice(1));
  const invite = params.get("token") || "";
  const given = [...(params.get("tokens") || "").split(","), invite].filter(Boolean);
  if (given.length) {
    const known = held(id);
    if (!(invite && given.length === 1 && known.length && !known.includes(invite))) remember(id, given);
    return given;
  }
  return held(id);
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
