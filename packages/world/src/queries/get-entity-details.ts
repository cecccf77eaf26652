import type { EntityJson, JsonValue, LocationJson, TypeJson } from "@tabletop-mcp/urd";
import type { CompiledWorld } from "../world/compiled-world.js";
import { ownEntry } from "./own-entry.js";
import { SCHEMA_VERSION, type Versioned } from "./schema-version.js";

/** One property of an entity, with the value it starts with. */
export interface EntityProperty {
  name: string;
  type: string;
  default?: JsonValue;
  values?: string[];
  visibility?: "hidden";
  min?: number;
  max?: number;
}

/** `get_entity_details`'s payload when the entity exists (docs/world.md §4.4). */
export interface EntityDetails extends Versioned {
  entity_id: string;
  type: string;
  container: string;
  properties: EntityProperty[];
}

/** `get_entity_details`'s error payload; `entity_id` is echoed as given. */
export interface EntityDetailsError extends Versioned {
  error: "No compiled world available" | "Entity not found";
  entity_id: string;
}

function containerOf(locations: Record<string, LocationJson> | undefined, id: string): string {
  for (const [locationId, location] of Object.entries(locations ?? {})) {
    if (location.contains?.includes(id)) return locationId;
  }
  return "";
}

function describeProperties(entity: EntityJson, type: TypeJson | undefined): EntityProperty[] {
  return Object.entries(type?.properties ?? {}).map(([name, declared]) => {
    const override = ownEntry(entity.properties, name);
    const start = override ?? declared.default;
    return {
      name,
      type: declared.type,
      ...(start === undefined ? {} : { default: start }),
      ...(declared.values === undefined ? {} : { values: declared.values }),
      ...(declared.visibility === undefined ? {} : { visibility: declared.visibility }),
      ...(declared.min === undefined ? {} : { min: declared.min }),
      ...(declared.max === undefined ? {} : { max: declared.max }),
    };
  });
}

/**
 * An entity's type, the location that contains it (`""` when none) and every property of its
 * type with the value it starts with (the entity's override, else the type default).
 *
 * @param compiled - one compilation's data
 * @param entityId - the entity id, with or without its leading `@`
 * @returns the payload, or the error object (docs/world.md §3.3)
 */
export function getEntityDetails(
  compiled: CompiledWorld,
  entityId: string,
): EntityDetails | EntityDetailsError {
  const world = compiled.world;
  if (world === null) {
    return {
      schema_version: SCHEMA_VERSION,
      error: "No compiled world available",
      entity_id: entityId,
    };
  }
  const id = entityId.startsWith("@") ? entityId.slice(1) : entityId;
  const entity = ownEntry(world.entities, id);
  if (entity === undefined) {
    return { schema_version: SCHEMA_VERSION, error: "Entity not found", entity_id: entityId };
  }
  return {
    schema_version: SCHEMA_VERSION,
    entity_id: `@${id}`,
    type: entity.type,
    container: containerOf(world.locations, id),
    properties: describeProperties(entity, ownEntry(world.types, entity.type)),
  };
}
