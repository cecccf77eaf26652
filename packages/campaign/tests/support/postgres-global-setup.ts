import type { TestProject } from "vitest/node";
import { openPostgresCampaignStore } from "../../src/storage/postgres/open-postgres-store.js";
import { startPostgresServer } from "./postgres-server.mjs";
import { runSql } from "./sql.mjs";
import { TEMPLATE_DATABASE } from "./store-under-test.js";

/**
 * Starts one PostgreSQL cluster for the whole run of the postgres project, with a migrated
 * template database that each test's fresh database is copied from, and removes it at the end.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const source = process.env.TABLETOP_TEST_POSTGRES;
  const server = await startPostgresServer(
    source === "system" || source === "embedded" ? source : "any",
  );
  await runSql(server.url, `CREATE DATABASE ${TEMPLATE_DATABASE}`);
  const template = await openPostgresCampaignStore(
    server.url.replace(/\/postgres$/, `/${TEMPLATE_DATABASE}`),
  );
  await template.close();
  project.provide("postgresUrl", server.url);
  project.provide("postgresBinaries", server.binaries.source);
  return () => server.remove();
}

declare module "vitest" {
  export interface ProvidedContext {
    postgresUrl: string;
    postgresBinaries: "system" | "embedded";
  }
}
