// The only owner of the back office's browser storage keys (001 §9):
// the session (token + user), the background preset and the sound choice.
// Login state is nothing but a stored token (001 §2); the server
// decides whether it is still valid.
import type { AdminUser } from "#contract/auth.ts";

export const STORAGE_KEYS = {
  token: "admin_token",
  user: "admin_user",
  themeColor: "admin_theme_color",
  soundEnabled: "sound_enabled",
  soundType: "sound_type",
} as const;

export interface StoredAdminUser extends AdminUser {
  /** ISO time of this sign-in, shown as 登入時間 on the dashboard. */
  login_at: string;
}

export interface AdminSession {
  token: string;
  user: StoredAdminUser | null;
}

export type SoundType = "notification" | "newMessage";
export const DEFAULT_SOUND_TYPE: SoundType = "newMessage";

/** The subset of the Web Storage API used here, so tests can pass a Map-backed fake. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Storage can be missing (server render) or throw (privacy modes, quota);
// the back office then behaves as signed out instead of crashing.
function storage(kind: "localStorage" | "sessionStorage"): KeyValueStore | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

function read(store: KeyValueStore | null, key: string): string | null {
  try {
    return store?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(store: KeyValueStore | null, key: string, value: string | null) {
  try {
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch (error) {
    console.warn(`無法寫入瀏覽器儲存空間（${key}）`, error);
  }
}

/** Reads the stored user, tolerating old or hand-edited values. */
export function parseStoredUser(raw: string | null): StoredAdminUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredAdminUser> | null;
    if (!value || typeof value !== "object") return null;
    return {
      id: typeof value.id === "number" ? value.id : Number(value.id) || 0,
      name: typeof value.name === "string" ? value.name : "",
      email: typeof value.email === "string" ? value.email : "",
      login_at: typeof value.login_at === "string" ? value.login_at : "",
    };
  } catch {
    return null;
  }
}

export function readSession(local = storage("localStorage"), session = storage("sessionStorage")): AdminSession | null {
  const token = read(local, STORAGE_KEYS.token) || read(session, STORAGE_KEYS.token);
  if (!token) return null;
  return { token, user: parseStoredUser(read(local, STORAGE_KEYS.user)) };
}

export const getToken = (): string | null => readSession()?.token ?? null;

export function saveSession(
  token: string,
  user: AdminUser,
  now = new Date(),
  local = storage("localStorage"),
  session = storage("sessionStorage"),
): StoredAdminUser {
  const stored: StoredAdminUser = { id: user.id, name: user.name, email: user.email, login_at: now.toISOString() };
  write(local, STORAGE_KEYS.token, token);
  write(local, STORAGE_KEYS.user, JSON.stringify(stored));
  write(session, STORAGE_KEYS.token, token);
  return stored;
}

/** Sign-out, expiry or a 401: the token and the user go; the preferences stay. */
export function clearSession(local = storage("localStorage"), session = storage("sessionStorage")) {
  write(local, STORAGE_KEYS.token, null);
  write(local, STORAGE_KEYS.user, null);
  write(session, STORAGE_KEYS.token, null);
  write(session, STORAGE_KEYS.user, null);
}

export function readThemeColor(local = storage("localStorage")): string | null {
  return read(local, STORAGE_KEYS.themeColor);
}

export function saveThemeColor(id: string, local = storage("localStorage")) {
  write(local, STORAGE_KEYS.themeColor, id);
}

export interface SoundPreferences {
  enabled: boolean;
  type: SoundType;
}

/** Sound is on unless switched off; the type defaults to the new-message chord (001 §4). */
export function readSoundPreferences(local = storage("localStorage")): SoundPreferences {
  const type = read(local, STORAGE_KEYS.soundType);
  return {
    enabled: read(local, STORAGE_KEYS.soundEnabled) !== "false",
    type: type === "notification" || type === "newMessage" ? type : DEFAULT_SOUND_TYPE,
  };
}

export function saveSoundPreferences(preferences: SoundPreferences, local = storage("localStorage")) {
  write(local, STORAGE_KEYS.soundEnabled, String(preferences.enabled));
  write(local, STORAGE_KEYS.soundType, preferences.type);
}
