/**
 * Migration 3: MCP sessions kept for any replica to serve (docs/campaign.md §10.5), the same as
 * SQLite's version 4. One row per open Streamable HTTP session: who opened it, the client's
 * `initialize` parameters, its campaign context and subscriptions (JSON), and when it was last
 * used, by which idle sessions expire.
 */
export const MCP_SESSIONS = `
CREATE TABLE mcp_sessions (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 128),
  subject text,
  initialize text NOT NULL,
  context text NOT NULL,
  subscriptions text NOT NULL,
  last_seen text NOT NULL
);
CREATE INDEX mcp_sessions_by_last_seen ON mcp_sessions (last_seen);
`;
