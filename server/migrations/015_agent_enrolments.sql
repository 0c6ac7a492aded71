-- The agents' enrolment tokens live in PostgreSQL only (server/db/agent-enrolments.ts): an agent's
-- enrolment finds its token by its hash.
CREATE INDEX rows_agent_enrolment_by_hash ON rows ((data ->> 'tokenHash')) WHERE collection = 'agentEnrolments';
