import { type AppView, defineAppView } from "@tabletop-mcp/kit";

/** The world's locations and exits as a map. */
const MAP_VIEW = defineAppView({
  uri: "ui://world/map.html",
  name: "world-map-view",
  title: "World map",
  description:
    "Shows get_exit_graph and get_reachable_locations results as a map: locations as boxes, exits as arrows (dashed when guarded), laid out automatically; choosing a location shows what it reaches (get_reachable_locations) and greys the rest; pan and zoom; a world too large to draw whole is shown a neighbourhood at a time.",
  file: new URL("../dist/views/map.html", import.meta.url),
});

/** Every view this server serves. */
export const APP_VIEWS: readonly AppView[] = [MAP_VIEW];

/** Which view shows each tool's results. */
export const APP_VIEW_LINKS: ReadonlyMap<string, AppView> = new Map([
  ["get_exit_graph", MAP_VIEW],
  ["get_reachable_locations", MAP_VIEW],
]);
