import { describe, expect, it } from "vitest";
import { youtubeIdFrom } from "./youtube.ts";

const ID = "dQw4w9WgXcQ";
const ID_WITH_SYMBOLS = "a-B_c1D2e3F";

describe("youtubeIdFrom", () => {
  it.each([
    [ID, ID],
    [`  ${ID}  `, ID],
    [ID_WITH_SYMBOLS, ID_WITH_SYMBOLS],
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`http://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}`, ID],
    [`www.youtube.com/watch?v=${ID}`, ID],
    [`youtube.com/watch?v=${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}&t=42s`, ID],
    [`https://www.youtube.com/watch?feature=share&v=${ID}&list=PL123&index=2`, ID],
    [`https://www.youtube.com/watch?v=${ID}#t=1m`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://music.youtube.com/watch?v=${ID}&si=abc`, ID],
    [`https://youtu.be/${ID}`, ID],
    [`https://youtu.be/${ID}?si=Xyz123&t=10`, ID],
    [`youtu.be/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}?autoplay=1&mute=1`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}?rel=0`, ID],
    [`https://youtube-nocookie.com/embed/${ID}`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://youtube.com/shorts/${ID}?feature=share`, ID],
    [`https://m.youtube.com/shorts/${ID}`, ID],
    [`https://www.youtube.com/live/${ID}?si=q`, ID],
    [`https://www.youtube.com/v/${ID}`, ID],
    [`https://WWW.YouTube.com/watch?v=${ID}`, ID],
  ])("%s → %s", (input, expected) => {
    expect(youtubeIdFrom(input)).toBe(expected);
  });

  it.each([
    "",
    "   ",
    "dQw4w9WgXc", // 10 characters
    "dQw4w9WgXcQQ", // 12 characters
    "dQw4w9WgX!Q",
    "dQw4w9 WgXcQ",
    "https://www.youtube.com/watch",
    "https://www.youtube.com/watch?v=",
    "https://www.youtube.com/watch?v=short",
    `https://www.youtube.com/watch?v=${ID}x`,
    `https://www.youtube.com/watch?list=${ID}`,
    "https://www.youtube.com/embed/",
    `https://www.youtube.com/embed/${ID}/extra`,
    `https://www.youtube.com/channel/${ID}`,
    `https://www.youtube.com/@${ID}`,
    "https://youtu.be/",
    `https://youtu.be/${ID}/more`,
    `https://vimeo.com/${ID}`,
    `https://evil.example/watch?v=${ID}`,
    `https://youtube.com.evil.example/watch?v=${ID}`,
    `https://notyoutube.com/watch?v=${ID}`,
    `https://evil.example/embed/${ID}`,
    `ftp://www.youtube.com/watch?v=${ID}`,
    `javascript:alert(1)//${ID}`,
    `https://user:pw@www.youtube.com/watch?v=${ID}`,
    `https://www.youtube.com:8443/watch?v=${ID}`,
    "not a url",
  ])("refuses %j", (input) => {
    expect(youtubeIdFrom(input)).toBeNull();
  });
});
