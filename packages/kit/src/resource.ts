import type {
  Resource as ResourceListing,
  ResourceTemplateType as TemplateListing,
} from "@modelcontextprotocol/server";
import { UriTemplate } from "@modelcontextprotocol/server";
import type { CallerIdentity } from "./auth/identity.js";

/** What a resource reader can use. */
export interface ResourceContext {
  readonly sessionId: string | undefined;
  readonly signal: AbortSignal;
  /** Who is reading: the token's subject over HTTP with auth, `local` over stdio or without. */
  readonly identity: CallerIdentity;
}

/** The contents of one read: text in the declared MIME type. */
export interface ResourceText {
  text: string;
  mimeType?: string;
}

/** The contents of one read of binary data: base64 in the declared MIME type. */
export interface ResourceBlob {
  /** The bytes, base64-encoded. */
  blob: string;
  mimeType?: string;
}

/** What one read returns: text or binary. */
export type ResourceContents = ResourceText | ResourceBlob;

/** A resource with a fixed URI. */
export interface ResourceSpec {
  uri: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
  /** The scope a token must grant to read or subscribe to it (token table and OAuth modes). */
  scope?: string;
  read(context: ResourceContext): ResourceContents | Promise<ResourceContents>;
}

/** One page of a template's resources, and where the next one starts. */
export interface ResourceListPage {
  resources: ResourceListing[];
  /** Present when more resources follow: handed back to the template's `list`. */
  nextCursor?: string;
}

/** A family of resources addressed by an RFC 6570 URI template. */
export interface ResourceTemplateSpec {
  uriTemplate: string;
  name: string;
  title?: string;
  description: string;
  mimeType: string;
  /** The scope a token must grant to read or subscribe to these (token table and OAuth modes). */
  scope?: string;
  /**
   * The concrete resources of this template to show in `resources/list`, if any: all of them,
   * or one page and the cursor of the next (docs/contract.md §7.9). `cursor` is a `nextCursor`
   * this template gave, or absent for the first page; the kit wraps it, so clients see only
   * the kit's opaque cursors.
   */
  list?(
    context: ResourceContext,
    cursor?: string,
  ): ResourceListing[] | ResourceListPage | Promise<ResourceListing[] | ResourceListPage>;
  /** Reads one resource; `undefined` when nothing exists at that URI. */
  read(
    uri: string,
    variables: Record<string, string>,
    context: ResourceContext,
  ): ResourceContents | undefined | Promise<ResourceContents | undefined>;
}

/** A declared resource template with its compiled matcher. */
export interface ResourceTemplate {
  readonly spec: ResourceTemplateSpec;
  readonly listing: TemplateListing;
  /** The template's variables for a URI, or `undefined` when the URI is not of this template. */
  match(uri: string): Record<string, string> | undefined;
}

/** Declares a fixed resource. */
export function defineResource(spec: ResourceSpec): ResourceSpec {
  return spec;
}

/** Declares a resource template; its URI template is parsed once. */
export function defineResourceTemplate(spec: ResourceTemplateSpec): ResourceTemplate {
  const template = new UriTemplate(spec.uriTemplate);
  const listing: TemplateListing = {
    uriTemplate: spec.uriTemplate,
    name: spec.name,
    description: spec.description,
    mimeType: spec.mimeType,
  };
  if (spec.title) listing.title = spec.title;
  return {
    spec,
    listing,
    match(uri) {
      const variables = template.match(uri);
      if (!variables) return undefined;
      const flat: Record<string, string> = {};
      for (const [key, value] of Object.entries(variables)) {
        flat[key] = Array.isArray(value) ? value.join(",") : value;
      }
      return flat;
    },
  };
}
