// The home page's sections per layout type (decision 030): a theme never
// leaves out what staff made.
import { describe, expect, it } from "vitest";
import { homeSectionsOf } from "./theme.ts";

describe("homeSectionsOf", () => {
  it("shows the core services, the contact band and the staff's call to action under every layout type", () => {
    for (const layout of ["service", "corporate", "ecommerce", "magazine"]) {
      expect(homeSectionsOf(layout, { services: true, cta: true })).toEqual(["hero", "core_services", "contact_info", "cta"]);
    }
  });

  it("leaves out only what has no content; a layout other than service offers its consultation band instead of a missing call to action", () => {
    expect(homeSectionsOf("service", { services: false, cta: false })).toEqual(["hero", "contact_info"]);
    expect(homeSectionsOf("corporate", { services: false, cta: false })).toEqual(["hero", "contact_info", "consult"]);
  });
});
