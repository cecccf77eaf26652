import { formatPropertyKey, type PropertyKey, readsOf, writesOf } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { comparisonText, operationText, siteText } from "./fact-text.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";

/** A condition that reads the property. */
export interface PropertyReadSite {
  site: string;
  comparison: string;
}

/** An effect that writes the property. */
export interface PropertyWriteSite {
  site: string;
  operation: string;
}

/** `get_property_dependencies`'s payload when the property is used (docs/world.md §4.5). */
export interface PropertyDependencies extends Versioned {
  property_key: string;
  read_count: number;
  write_count: number;
  read_only: boolean;
  write_only: boolean;
  reads: PropertyReadSite[];
  writes: PropertyWriteSite[];
}

/** `get_property_dependencies`'s error payload. */
export interface PropertyDependenciesError extends Versioned {
  error: "No FactSet available" | "Property not found";
  property_key: string;
}

/**
 * Where a property (per type: `Character.trust` covers every Character) is read in conditions
 * and written by effects, in FactSet order.
 *
 * @param compiled - one compilation's data
 * @param key - the entity type and property name, matched exactly
 * @returns the payload, or the error object (docs/world.md §3.3)
 */
export function getPropertyDependencies(
  compiled: CompiledWorld,
  key: PropertyKey,
): PropertyDependencies | PropertyDependenciesError {
  const propertyKey = formatPropertyKey(key);
  const { facts, propertyIndex } = compiled;
  if (facts === null || propertyIndex === null) {
    return {
      schema_version: SCHEMA_VERSION,
      error: "No FactSet available",
      property_key: propertyKey,
    };
  }
  const reads = readsOf(propertyIndex, key).flatMap((index) => facts.reads[index] ?? []);
  const writes = writesOf(propertyIndex, key).flatMap((index) => facts.writes[index] ?? []);
  if (reads.length === 0 && writes.length === 0) {
    return {
      schema_version: SCHEMA_VERSION,
      error: "Property not found",
      property_key: propertyKey,
    };
  }
  return {
    schema_version: SCHEMA_VERSION,
    property_key: propertyKey,
    read_count: reads.length,
    write_count: writes.length,
    read_only: reads.length > 0 && writes.length === 0,
    write_only: writes.length > 0 && reads.length === 0,
    reads: reads.map((read) => ({
      site: siteText(read),
      comparison: `${read.property} ${comparisonText(read)}`,
    })),
    writes: writes.map((write) => ({
      site: siteText(write),
      operation: `${write.property} ${operationText(write)}`,
    })),
  };
}
