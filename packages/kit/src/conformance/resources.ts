import {
  defineResource,
  defineResourceTemplate,
  type ResourceSpec,
  type ResourceTemplate,
} from "../resource.js";
import { RED_PIXEL_PNG } from "./media.js";

/** The fixed resources (suite: `resources-read-text`, `-read-binary`, `-subscribe`, `-unsubscribe`). */
export const CONFORMANCE_RESOURCES: readonly ResourceSpec[] = [
  defineResource({
    uri: "test://static-text",
    name: "static-text",
    description: "A fixed text resource.",
    mimeType: "text/plain",
    read: () => ({ text: "This is the content of the static text resource." }),
  }),
  defineResource({
    uri: "test://static-binary",
    name: "static-binary",
    description: "A fixed binary resource: a 1x1 PNG image.",
    mimeType: "image/png",
    read: () => ({ blob: RED_PIXEL_PNG }),
  }),
  defineResource({
    uri: "test://watched-resource",
    name: "watched-resource",
    description: "A resource to subscribe to.",
    mimeType: "text/plain",
    read: () => ({ text: "This resource can be watched for updates." }),
  }),
];

/** The resource template (suite: `resources-templates-read`). */
export const CONFORMANCE_TEMPLATES: readonly ResourceTemplate[] = [
  defineResourceTemplate({
    uriTemplate: "test://template/{id}/data",
    name: "template-data",
    description: "Data for an id, substituted into the answer.",
    mimeType: "application/json",
    read: (_uri, { id }) => ({
      text: JSON.stringify({ id, templateTest: true, data: `Data for ID: ${id}` }),
    }),
  }),
];
