// The back office's live notifications (001 §4, §7, §9): the counts
// polled every 15 s, on window focus and on load; on a rise, the 3-second
// banner, the chosen sound and the tab-title alert.
import { useQuery } from "@tanstack/react-query";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import type { NotificationCounts } from "#contract/dashboard.ts";
import { apiGet } from "#web/admin/shared/api-client.ts";
import {
  EMPTY_COUNTS,
  NEW_MESSAGE_BANNER_MS,
  newMessageText,
  normaliseCounts,
  NOTIFICATION_POLL_MS,
  risenCounts,
  unreadTotal,
} from "./notifications.ts";
import { getToken, readSoundPreferences, saveSoundPreferences, type SoundPreferences, type SoundType } from "#web/admin/shared/session.ts";
import { createSoundPlayer, type SoundPlayer } from "./sounds.ts";
import { TabAlert } from "./tab-alert.ts";

export const NOTIFICATIONS_QUERY_KEY = ["admin", "notifications"] as const;

interface NotificationsValue {
  counts: NotificationCounts;
  /** The banner text while it shows (3 s after a rise), else null. */
  banner: string | null;
  sound: SoundPreferences;
  setSound(preferences: SoundPreferences): void;
  playSound(type: SoundType): void;
  /** Ends the tab-title and favicon alert (interaction, route change, nav click). */
  clearTabAlert(): void;
  /** Stops polling: the session is about to end (after a password change). */
  stopPolling(): void;
  /**
   * A 'new' contact message was just opened (001 §4): the unread count drops
   * by one at once. Call the answer once the server has been told: `true`
   * keeps the drop until a poll made after it shows the server's own count,
   * `false` (the server refused) puts the count back.
   */
  markContactRead(): (saved: boolean) => void;
}

/** A contact message counted as read here before the server's count says so. */
export interface LocalRead {
  id: number;
  /** When the server confirmed it (ms since 1970); null while the request is on its way. */
  savedAt: number | null;
}

/**
 * The counts to show: the server's, less the messages read here that no poll
 * made since has counted yet (one made after the confirmation has).
 */
export function withLocalReads(counts: NotificationCounts, reads: readonly LocalRead[], countedAt: number): NotificationCounts {
  const pending = reads.filter((read) => read.savedAt === null || countedAt < read.savedAt).length;
  return pending === 0 ? counts : { ...counts, contacts: Math.max(0, counts.contacts - pending) };
}

const NotificationsContext = createContext<NotificationsValue | null>(null);

export function useNotifications(): NotificationsValue {
  const value = useContext(NotificationsContext);
  if (!value) throw new Error("useNotifications needs <NotificationsProvider>");
  return value;
}

const INTERACTIONS = ["click", "keydown", "scroll", "mousemove", "touchstart"] as const;

export function NotificationsProvider({ children }: { children: ReactNode }) {
  const [stopped, setStopped] = useState(false);
  const [banner, setBanner] = useState<{ text: string; id: number } | null>(null);
  const [sound, setSoundState] = useState<SoundPreferences>(readSoundPreferences);
  const soundRef = useRef(sound);
  soundRef.current = sound;
  const previous = useRef<NotificationCounts | null>(null);
  const tabAlert = useRef<TabAlert | null>(null);
  const player = useRef<SoundPlayer | null>(null);

  const [localReads, setLocalReads] = useState<LocalRead[]>([]);
  const lastRead = useRef(0);

  const enabled = !stopped && getToken() !== null;
  const { data, dataUpdatedAt, refetch } = useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: async ({ signal }) => normaliseCounts(await apiGet<NotificationCounts>("/admin-api.php/notifications", signal)),
    enabled,
    refetchInterval: NOTIFICATION_POLL_MS,
    // The tab alert exists for a hidden tab: it must keep hearing about new messages.
    refetchIntervalInBackground: true,
    // Polling on window focus (001 §7) is handled below on the window's own focus event.
    refetchOnWindowFocus: false,
    retry: false,
  });

  useEffect(() => {
    const alert = new TabAlert(document);
    const sounds = createSoundPlayer(window);
    tabAlert.current = alert;
    player.current = sounds;
    const removeUnlock = sounds.unlockOnFirstGesture();
    const clear = () => {
      if (alert.isActive) alert.clear();
    };
    for (const type of INTERACTIONS) window.addEventListener(type, clear, { capture: true, passive: true });
    return () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, clear, { capture: true });
      removeUnlock();
      alert.dispose();
      sounds.dispose();
      tabAlert.current = null;
      player.current = null;
    };
  }, []);

  useEffect(() => {
    if (!enabled) return;
    const onFocus = () => {
      if (getToken()) void refetch();
    };
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [enabled, refetch]);

  useEffect(() => {
    if (!data) return;
    const risen = risenCounts(previous.current, data);
    previous.current = data;
    if (risen.length === 0) {
      tabAlert.current?.update(unreadTotal(data));
      return;
    }
    setBanner((current) => ({ text: newMessageText(risen), id: (current?.id ?? 0) + 1 }));
    if (soundRef.current.enabled) player.current?.play(soundRef.current.type);
    tabAlert.current?.start(unreadTotal(data));
  }, [data]);

  useEffect(() => {
    if (banner === null) return;
    const timer = setTimeout(() => setBanner(null), NEW_MESSAGE_BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  const setSound = useCallback((preferences: SoundPreferences) => {
    saveSoundPreferences(preferences);
    setSoundState(preferences);
  }, []);
  const playSound = useCallback((type: SoundType) => player.current?.play(type), []);
  const clearTabAlert = useCallback(() => tabAlert.current?.clear(), []);
  const stopPolling = useCallback(() => setStopped(true), []);

  const markContactRead = useCallback(() => {
    const id = (lastRead.current += 1);
    setLocalReads((reads) => [...reads, { id, savedAt: null }]);
    return (saved: boolean) => {
      if (!saved) {
        setLocalReads((reads) => reads.filter((read) => read.id !== id));
        return;
      }
      const savedAt = Date.now();
      setLocalReads((reads) => reads.map((read) => (read.id === id ? { ...read, savedAt } : read)));
      // A fresh poll (one already on its way is cancelled) brings the server's count, which includes this read.
      if (getToken()) void refetch();
    };
  }, [refetch]);

  // Reads that a poll has counted since are done with.
  useEffect(() => {
    setLocalReads((reads) => {
      const waiting = reads.filter((read) => read.savedAt === null || dataUpdatedAt < read.savedAt);
      return waiting.length === reads.length ? reads : waiting;
    });
  }, [dataUpdatedAt]);

  const counts = useMemo(() => withLocalReads(data ?? EMPTY_COUNTS, localReads, dataUpdatedAt), [data, localReads, dataUpdatedAt]);

  const value = useMemo<NotificationsValue>(
    () => ({ counts, banner: banner?.text ?? null, sound, setSound, playSound, clearTabAlert, stopPolling, markContactRead }),
    [counts, banner, sound, setSound, playSound, clearTabAlert, stopPolling, markContactRead],
  );
  return <NotificationsContext.Provider value={value}>{children}</NotificationsContext.Provider>;
}
