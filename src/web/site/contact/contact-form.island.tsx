// The browser entry of the contact form island (decision 015).
import { hydrateIsland } from "#web/site/islands/hydrate-island.tsx";
import { ContactForm } from "./contact-form.tsx";

hydrateIsland("contact-form", ContactForm);
