// The icons a service card and a stat chip may name (000 §3: the 12 service
// icons and the six stat icons), imported one by one so that nothing else of
// lucide reaches the page.
import { Building2, Calendar, Car, Clock, Compass, Droplets, Gem, Hammer, MapPin, PartyPopper, Phone, ShieldAlert, Sofa, Sparkles, Trees, Users, Waves, type LucideIcon } from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  Droplets, Sparkles, Gem, Car, Users, PartyPopper, Hammer, Trees, Sofa, Waves, Building2, ShieldAlert,
  MapPin, Clock, Phone, Calendar, Compass,
};

/** The named icon, Sparkles (the spec's default) for a name it does not know. */
export const iconNamed = (name: unknown): LucideIcon => (typeof name === "string" && ICONS[name]) || Sparkles;
