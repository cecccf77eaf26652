import type { FactSetJson } from "./fact-types.js";

/** Why a property is suspicious: read but never written, or the reverse. */
export type Orphaned = "read_never_written" | "written_never_read";

/** One property key (`Type.property`) with the indices of its reads and writes. */
export interface PropertyIndexEntry {
  readonly entity_type: string;
  readonly property: string;
  readonly read_count: number;
  readonly write_count: number;
  readonly read_indices: number[];
  readonly write_indices: number[];
  readonly orphaned: Orphaned | null;
}

/** The PropertyDependencyIndex (`property_index` in `urd compile`). */
export interface PropertyIndexJson {
  /** Every key read or written, sorted by entity type then property (code points). */
  readonly properties: PropertyIndexEntry[];
  readonly summary: {
    readonly total_properties: number;
    readonly total_reads: number;
    readonly total_writes: number;
    readonly read_never_written: number;
    readonly written_never_read: number;
  };
}

/** A property key: the entity's type and the property name. */
export interface PropertyKey {
  readonly entity_type: string;
  readonly property: string;
}

/** The written form of a key: `Type.property`. */
export function formatPropertyKey(key: PropertyKey): string {
  return `${key.entity_type}.${key.property}`;
}

/**
 * The written name of each property key, made once and shared by every fact of the key. A world
 * has a handful of keys and thousands of facts: finding the name by the two strings a fact
 * already carries costs less than writing `Type.property` anew for each fact and hashing that.
 */
export class PropertyKeyNames {
  private readonly byType = new Map<string, Map<string, string>>();

  /** The key's written form, as {@link formatPropertyKey} gives it. */
  nameOf(key: PropertyKey): string {
    let names = this.byType.get(key.entity_type);
    if (names === undefined) {
      names = new Map();
      this.byType.set(key.entity_type, names);
    }
    let name = names.get(key.property);
    if (name === undefined) {
      name = formatPropertyKey(key);
      names.set(key.property, name);
    }
    return name;
  }
}

function compareKeys(a: PropertyKey, b: PropertyKey): number {
  if (a.entity_type !== b.entity_type) return a.entity_type < b.entity_type ? -1 : 1;
  if (a.property !== b.property) return a.property < b.property ? -1 : 1;
  return 0;
}

/** Builds the index from a FactSet in one pass over its reads and writes. */
export function buildPropertyIndex(facts: FactSetJson): PropertyIndexJson {
  const byKey = new Map<string, { key: PropertyKey; reads: number[]; writes: number[] }>();
  const names = new PropertyKeyNames();
  const entryFor = (key: PropertyKey) => {
    const name = names.nameOf(key);
    let entry = byKey.get(name);
    if (entry === undefined) {
      entry = {
        key: { entity_type: key.entity_type, property: key.property },
        reads: [],
        writes: [],
      };
      byKey.set(name, entry);
    }
    return entry;
  };
  facts.reads.forEach((read, index) => {
    entryFor(read).reads.push(index);
  });
  facts.writes.forEach((write, index) => {
    entryFor(write).writes.push(index);
  });
  const properties = [...byKey.values()]
    .sort((a, b) => compareKeys(a.key, b.key))
    .map(({ key, reads, writes }): PropertyIndexEntry => {
      let orphaned: Orphaned | null = null;
      if (writes.length === 0) orphaned = "read_never_written";
      else if (reads.length === 0) orphaned = "written_never_read";
      return {
        entity_type: key.entity_type,
        property: key.property,
        read_count: reads.length,
        write_count: writes.length,
        read_indices: reads,
        write_indices: writes,
        orphaned,
      };
    });
  return {
    properties,
    summary: {
      total_properties: properties.length,
      total_reads: facts.reads.length,
      total_writes: facts.writes.length,
      read_never_written: properties.filter((entry) => entry.orphaned === "read_never_written")
        .length,
      written_never_read: properties.filter((entry) => entry.orphaned === "written_never_read")
        .length,
    },
  };
}

function findEntry(index: PropertyIndexJson, key: PropertyKey): PropertyIndexEntry | undefined {
  return index.properties.find(
    (entry) => entry.entity_type === key.entity_type && entry.property === key.property,
  );
}

/** Indices into `facts.reads` of the key's reads (empty when none). */
export function readsOf(index: PropertyIndexJson, key: PropertyKey): number[] {
  return findEntry(index, key)?.read_indices ?? [];
}

/** Indices into `facts.writes` of the key's writes (empty when none). */
export function writesOf(index: PropertyIndexJson, key: PropertyKey): number[] {
  return findEntry(index, key)?.write_indices ?? [];
}

/** Keys that are read but never written, sorted. */
export function readButNeverWritten(index: PropertyIndexJson): PropertyIndexEntry[] {
  return index.properties.filter((entry) => entry.orphaned === "read_never_written");
}

/** Keys that are written but never read, sorted. */
export function writtenButNeverRead(index: PropertyIndexJson): PropertyIndexEntry[] {
  return index.properties.filter((entry) => entry.orphaned === "written_never_read");
}

/** Written keys in the order of their first write. */
export function writtenKeysInOrder(facts: FactSetJson): PropertyKey[] {
  const names = new PropertyKeyNames();
  const seen = new Map<string, PropertyKey>();
  for (const write of facts.writes) {
    const name = names.nameOf(write);
    if (!seen.has(name))
      seen.set(name, { entity_type: write.entity_type, property: write.property });
  }
  return [...seen.values()];
}
