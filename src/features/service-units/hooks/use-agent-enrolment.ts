import { fromPromise, type SnapshotFrom } from 'xstate';
import { jobMachine } from '@machines/job/job.machine';
import { apiConfig } from '@/lib/api-config';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';
import { createAgentEnrolment, type AgentEnrolment } from '../api/create-agent-enrolment';

/** Getting an enrolment token is a one-shot job: idle → running → idle, with the token or the error kept. */
export const enrolmentMachine = jobMachine.provide({ actors: { job: fromPromise<unknown, unknown>(() => createAgentEnrolment()) } });

type Snap = SnapshotFrom<typeof enrolmentMachine>;

const isEnrolment = (value: unknown): value is AgentEnrolment =>
  typeof value === 'object' && value !== null && 'token' in value && typeof value.token === 'string' && 'expiresAt' in value;

export const enrolmentSelectors = {
  busy: (s: Snap) => s.hasTag('busy'),
  enrolment: (s: Snap): AgentEnrolment | null => (isEnrolment(s.context.output) ? s.context.output : null),
  /** The last request's error; a new request clears it. */
  error: (s: Snap) => s.context.error,
};

/** The server an agent enrols with: the API's own address (a remote API), else this page's origin (the app and API on one origin). */
export function agentServerUrl(): string {
  return (apiConfig.baseURL || window.location.origin).replace(/\/+$/, '');
}

/** The command the person runs on the machine to enrol it (docs/agent.md). */
export function enrolCommand(token: string, server = agentServerUrl()): string {
  return `npm run agent -- --server ${server} --enrol ${token}`;
}

/** The enrolment job of one opening of the "New unit" drawer: a token is shown once, and gone when the drawer closes. */
export function useAgentEnrolment() {
  return useScreenActor(enrolmentMachine);
}
