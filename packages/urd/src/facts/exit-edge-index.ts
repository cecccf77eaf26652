import type { LocationSymbol } from "../link/symbols.js";

/**
 * The FactSet's exit edges by the exit's location and direction, the two halves of its id
 * (`location/direction`; a location id never has a `/`, so the halves name one exit). Looking
 * up by the halves saves writing out and hashing a new id string for every exit of a world.
 */
export class ExitEdgeIndex {
  private readonly byLocation = new Map<LocationSymbol, Map<string, number>>();

  /** Records the index of the edge of the exit `direction` of `location`. */
  set(location: LocationSymbol, direction: string, edgeIndex: number): void {
    let edges = this.byLocation.get(location);
    if (edges === undefined) {
      edges = new Map();
      this.byLocation.set(location, edges);
    }
    edges.set(direction, edgeIndex);
  }

  /** The index of the edge of the exit `direction` of `location`, if it has one. */
  get(location: LocationSymbol, direction: string): number | undefined {
    return this.byLocation.get(location)?.get(direction);
  }
}
