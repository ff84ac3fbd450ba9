import { describe, expect, it } from "vitest";
import { scheduleSound, type ToneContext } from "./sounds.ts";

/** Records what a sound schedules, as an AudioContext would play it. */
function recordingContext(currentTime = 10) {
  const calls: string[] = [];
  const param = (name: string) => ({
    setValueAtTime: (value: number, at: number) => calls.push(`${name}=${value}@${at}`),
    exponentialRampToValueAtTime: (value: number, at: number) => calls.push(`${name}->${value}@${at}`),
  });
  let oscillators = 0;
  const context = {
    currentTime,
    destination: {} as AudioNode,
    createGain: () => ({ gain: param("gain"), connect: () => calls.push("gain:connect") }),
    createOscillator: () => {
      const id = ++oscillators;
      return {
        type: "",
        frequency: param(`osc${id}.freq`),
        connect: () => calls.push(`osc${id}:connect`),
        start: (at: number) => calls.push(`osc${id}:start@${at}`),
        stop: (at: number) => calls.push(`osc${id}:stop@${at}`),
      };
    },
  } as unknown as ToneContext;
  return { context, calls };
}

describe("scheduleSound", () => {
  it("notification: one tone sweeping 800 → 600 Hz over 0.5 s", () => {
    const { context, calls } = recordingContext();
    scheduleSound(context, "notification");
    expect(calls).toContain("osc1.freq=800@10");
    expect(calls).toContain("osc1.freq->600@10.5");
    expect(calls).toContain("osc1:start@10");
    expect(calls).toContain("osc1:stop@10.5");
    expect(calls.some((call) => call.startsWith("osc2"))).toBe(false);
  });

  it("newMessage: C5 and E5 together for 0.8 s", () => {
    const { context, calls } = recordingContext(2);
    scheduleSound(context, "newMessage");
    expect(calls).toContain("osc1.freq=523.25@2");
    expect(calls).toContain("osc2.freq=659.25@2");
    expect(calls).toContain("osc1:stop@2.8");
    expect(calls).toContain("osc2:stop@2.8");
    expect(calls.some((call) => call.includes("freq->"))).toBe(false);
  });
});
