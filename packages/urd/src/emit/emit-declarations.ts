import type { SymbolTable, WorldSettings } from "../link/symbols.js";
import type { PropertyDeclaration } from "../parse/ast.js";
import { slugify } from "../text/slugify.js";
import { scalarToJson } from "./lower.js";
import type { EntityJson, JsonValue, PropertyJson, TypeJson, WorldInfoJson } from "./world-json.js";

/** `world`: the slugified name, `urd: "1"`, and the optional fields in order. */
export function emitWorldInfo(settings: WorldSettings): WorldInfoJson {
  const fields = settings.block?.fields;
  const value = (key: string): JsonValue | undefined => {
    const field = fields?.get(key);
    return field === undefined ? undefined : scalarToJson(field.value);
  };
  const name = fields?.get("name")?.value;
  const info: WorldInfoJson =
    name === undefined
      ? { urd: "1" }
      : { name: name.kind === "string" ? slugify(name.value) : scalarToJson(name), urd: "1" };
  const version = value("version");
  if (version !== undefined) info.version = version;
  const description = value("description");
  if (description !== undefined) info.description = description;
  const author = value("author");
  if (author !== undefined) info.author = author;
  if (settings.start !== null) info.start = settings.start.id;
  if (settings.entry !== null) info.entry = settings.entry.id;
  const seed = value("seed");
  if (seed !== undefined) info.seed = seed;
  return info;
}

function emitProperty(property: PropertyDeclaration): PropertyJson {
  const json: PropertyJson = { type: property.type.name };
  if (property.defaultValue !== null) json.default = scalarToJson(property.defaultValue);
  if (property.hidden) json.visibility = "hidden";
  if (property.type.values !== null) json.values = [...property.type.values];
  if (property.type.min !== null) json.min = property.type.min;
  if (property.type.max !== null) json.max = property.type.max;
  if (property.type.refType !== null) json.ref_type = property.type.refType;
  return json;
}

/** `types`: traits and properties of every type, in declaration order. */
export function emitTypes(symbols: SymbolTable): Record<string, TypeJson> {
  const types: Record<string, TypeJson> = {};
  for (const type of symbols.types.values()) {
    const json: TypeJson = {};
    if (type.declaration.traits.length > 0) json.traits = [...type.declaration.traits];
    if (type.declaration.properties.length > 0) {
      json.properties = {};
      for (const property of type.declaration.properties) {
        json.properties[property.name] = emitProperty(property);
      }
    }
    types[type.name] = json;
  }
  return types;
}

/** `entities`: declared type and overrides (source order) of every entity. */
export function emitEntities(symbols: SymbolTable): Record<string, EntityJson> {
  const entities: Record<string, EntityJson> = {};
  for (const entity of symbols.entities.values()) {
    const json: EntityJson = { type: entity.declaration.typeName };
    if (entity.declaration.overrides.length > 0) {
      const properties: Record<string, JsonValue> = {};
      for (const override of entity.declaration.overrides) {
        properties[override.key] = scalarToJson(override.value);
      }
      json.properties = properties;
    }
    entities[entity.id] = json;
  }
  return entities;
}
