/**
 * Migration 6: context handles (docs/campaign.md §3, §10.6), the same as SQLite's version 6.
 * Each names a subject's context (JSON) so that a client without a protocol session keeps
 * working in it. One handle per subject and context; unused ones expire by `last_used`.
 */
export const CONTEXT_HANDLES = `
CREATE TABLE context_handles (
  id text PRIMARY KEY CHECK (char_length(id) BETWEEN 1 AND 64),
  subject text NOT NULL CHECK (char_length(subject) BETWEEN 1 AND 256),
  context text NOT NULL,
  last_used text NOT NULL
);
CREATE UNIQUE INDEX one_handle_per_context ON context_handles (subject, context);
CREATE INDEX context_handles_by_last_used ON context_handles (last_used);
CREATE INDEX context_handles_by_subject ON context_handles (subject, last_used);
`;
