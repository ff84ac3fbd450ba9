import { describe, expect, it } from "vitest";
import { defaultSettings } from "#contract/settings.ts";
import { floatingButtonsScrollPadding } from "./floating-buttons.tsx";

describe("the page's scroll padding under the floating buttons", () => {
  const both = { ...defaultSettings, line_add_friend_url: "https://line.me/R/ti/p/@cleaning" };

  it("reaches as high as the buttons stack, from the window's edge, with room for a focus ring", () => {
    // Two 56 px buttons, 12 px apart, 8 px clear of the field; 20 px from the bottom on a phone, 32 px from 40rem.
    expect(floatingButtonsScrollPadding(both)).toBe("html{scroll-padding-bottom:152px}@media (min-width:40rem){html{scroll-padding-bottom:164px}}");
    expect(floatingButtonsScrollPadding({ ...both, floating_button_size: "80" })).toContain("scroll-padding-bottom:200px}");
  });

  it("counts only the buttons shown, and is nothing without any", () => {
    // No add-friend link: the phone button alone.
    expect(floatingButtonsScrollPadding(defaultSettings)).toContain("scroll-padding-bottom:84px}");
    expect(floatingButtonsScrollPadding({ ...both, floating_buttons_enabled: "false" })).toBe("");
    expect(floatingButtonsScrollPadding({ ...defaultSettings, floating_line_enabled: "false", floating_phone_enabled: "false" })).toBe("");
  });
});
