// Fresh node ids for what the editor adds, duplicates or pastes. The contract
// wants 6–24 lower-case letters and digits (element-fields.ts `nodeId`); 12
// random characters make a repeat within a page (or across two pages pasted
// together) practically impossible, and `taken` rules out even that.
const ALPHABET = "abcdefghijklmnopqrstuvwxyz0123456789";
const LENGTH = 12;

export function newNodeId(taken?: ReadonlySet<string>): string {
  for (;;) {
    const bytes = crypto.getRandomValues(new Uint8Array(LENGTH));
    // 252 is the largest multiple of 36 below 256: bytes above it are drawn again so every character is equally likely.
    const id = Array.from(bytes, (byte) => (byte < 252 ? ALPHABET[byte % 36] : "")).join("");
    if (id.length === LENGTH && !taken?.has(id)) return id;
  }
}
