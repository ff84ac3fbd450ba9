import { describe, expect, it } from "vitest";
import {
  clearSession,
  parseStoredUser,
  readSession,
  readSoundPreferences,
  readThemeColor,
  saveSession,
  saveSoundPreferences,
  saveThemeColor,
  STORAGE_KEYS,
  type KeyValueStore,
} from "./session.ts";

class MemoryStore implements KeyValueStore {
  readonly values = new Map<string, string>();
  getItem(key: string) {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.values.set(key, value);
  }
  removeItem(key: string) {
    this.values.delete(key);
  }
}

const user = { id: 7, name: "系統管理員", email: "admin@example.com" };

describe("session storage", () => {
  it("stores the token in local and session storage and the user with its sign-in time", () => {
    const local = new MemoryStore();
    const session = new MemoryStore();
    const at = new Date("2025-03-04T06:05:09.000Z");
    saveSession("tok-123", user, at, local, session);
    expect(local.getItem("admin_token")).toBe("tok-123");
    expect(session.getItem("admin_token")).toBe("tok-123");
    expect(JSON.parse(local.getItem("admin_user")!)).toEqual({ ...user, login_at: "2025-03-04T06:05:09.000Z" });
    expect(readSession(local, session)).toEqual({ token: "tok-123", user: { ...user, login_at: "2025-03-04T06:05:09.000Z" } });
  });

  it("is signed out when no token is stored, whatever else is there", () => {
    const local = new MemoryStore();
    local.setItem("admin_user", JSON.stringify(user));
    expect(readSession(local, new MemoryStore())).toBeNull();
  });

  it("clears token and user but keeps the background and sound preferences", () => {
    const local = new MemoryStore();
    const session = new MemoryStore();
    saveSession("tok", user, new Date(), local, session);
    saveThemeColor("gray-900", local);
    saveSoundPreferences({ enabled: false, type: "notification" }, local);
    clearSession(local, session);
    expect(readSession(local, session)).toBeNull();
    expect(local.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(session.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(readThemeColor(local)).toBe("gray-900");
    expect(readSoundPreferences(local)).toEqual({ enabled: false, type: "notification" });
  });

  it("survives a broken stored user", () => {
    expect(parseStoredUser("{not json")).toBeNull();
    expect(parseStoredUser("null")).toBeNull();
    expect(parseStoredUser('{"name":"王小明"}')).toEqual({ id: 0, name: "王小明", email: "", login_at: "" });
  });

  it("treats a throwing storage as empty instead of crashing", () => {
    const broken: KeyValueStore = {
      getItem: () => {
        throw new Error("denied");
      },
      setItem: () => {
        throw new Error("denied");
      },
      removeItem: () => {
        throw new Error("denied");
      },
    };
    expect(readSession(broken, broken)).toBeNull();
  });
});

describe("sound preferences", () => {
  it("default to on with the new-message chord", () => {
    expect(readSoundPreferences(new MemoryStore())).toEqual({ enabled: true, type: "newMessage" });
  });
  it("ignore an unknown stored type", () => {
    const local = new MemoryStore();
    local.setItem("sound_type", "trumpet");
    local.setItem("sound_enabled", "true");
    expect(readSoundPreferences(local)).toEqual({ enabled: true, type: "newMessage" });
  });
});
