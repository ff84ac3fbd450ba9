// The browser entry of the case gallery's island (decision 015).
import { hydrateIsland } from "#web/site/islands/hydrate-island.tsx";
import { CaseViewer } from "./case-viewer.tsx";

hydrateIsland("case-viewer", CaseViewer);
