// The two notification sounds of 001 §9, made with Web Audio (no
// files to download): "notification" sweeps one tone 800 → 600 Hz over
// 0.5 s; "newMessage" plays C5 + E5 together for 0.8 s. Browsers only let
// audio start after a user gesture, so the context is created or resumed on
// the first click or key press. Failures are logged as warnings only.
import type { SoundType } from "#web/admin/shared/session.ts";

export const SOUND_SPECS = {
  notification: { frequencies: [800], sweepTo: 600, seconds: 0.5, gain: 0.3 },
  newMessage: { frequencies: [523.25, 659.25], sweepTo: null, seconds: 0.8, gain: 0.2 },
} as const satisfies Record<SoundType, { frequencies: readonly number[]; sweepTo: number | null; seconds: number; gain: number }>;

/** The part of AudioContext used here (a fake stands in for it in unit tests). */
export interface ToneContext {
  readonly currentTime: number;
  readonly destination: AudioNode;
  createOscillator(): OscillatorNode;
  createGain(): GainNode;
}

/** Schedules one sound on the context, starting now. */
export function scheduleSound(context: ToneContext, type: SoundType) {
  const spec = SOUND_SPECS[type];
  const start = context.currentTime;
  const end = start + spec.seconds;
  const gain = context.createGain();
  gain.gain.setValueAtTime(spec.gain, start);
  // Fading out avoids the click of a tone cut off mid-wave.
  gain.gain.exponentialRampToValueAtTime(0.01, end);
  gain.connect(context.destination);
  for (const frequency of spec.frequencies) {
    const oscillator = context.createOscillator();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(frequency, start);
    if (spec.sweepTo !== null) oscillator.frequency.exponentialRampToValueAtTime(spec.sweepTo, end);
    oscillator.connect(gain);
    oscillator.start(start);
    oscillator.stop(end);
  }
}

type AudioContextClass = new () => AudioContext;

export interface SoundPlayer {
  play(type: SoundType): void;
  /** Listens for the first click or key press to unlock audio; returns the cleanup. */
  unlockOnFirstGesture(): () => void;
  dispose(): void;
}

export function createSoundPlayer(win: Window = window): SoundPlayer {
  let context: AudioContext | null = null;

  function ensureContext(): AudioContext | null {
    if (!context) {
      const audio = win as unknown as { AudioContext?: AudioContextClass; webkitAudioContext?: AudioContextClass };
      const Ctor = audio.AudioContext ?? audio.webkitAudioContext;
      if (!Ctor) {
        console.warn("此瀏覽器不支援 Web Audio，無法播放提示音");
        return null;
      }
      context = new Ctor();
    }
    if (context.state === "suspended") {
      context.resume().catch((error: unknown) => console.warn("無法啟用音效", error));
    }
    return context;
  }

  return {
    play(type) {
      try {
        const ready = ensureContext();
        if (ready) scheduleSound(ready, type);
      } catch (error) {
        console.warn("無法播放提示音", error);
      }
    },
    unlockOnFirstGesture() {
      const unlock = () => {
        try {
          ensureContext();
        } catch (error) {
          console.warn("無法啟用音效", error);
        }
        remove();
      };
      const remove = () => {
        win.removeEventListener("click", unlock, true);
        win.removeEventListener("keydown", unlock, true);
      };
      win.addEventListener("click", unlock, true);
      win.addEventListener("keydown", unlock, true);
      return remove;
    },
    dispose() {
      context?.close().catch(() => undefined);
      context = null;
    },
  };
}
