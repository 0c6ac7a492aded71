import { startSimulatedAgents, type AgentCall, type AgentDriverOptions, type SimulatedAgents } from '../../mirage/simulated-agents';
import type { Backend } from '../backend';

/**
 * The demo seeds' simulated agents in the server process (SIMULATED_AGENTS): the driver of
 * mirage/simulated-agents.ts, reading the backend's PostgreSQL repositories, its calls handed to
 * `backend.handle` as the HTTP layer would hand an agent's request over, so each is authenticated, runs the
 * rules and commits (and wakes streams) like any agent's, without a socket.
 */
const parsed = (text: string): unknown => {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

export function inProcessCall(backend: Backend): AgentCall {
  return async (method, url, headers, body) => {
    const lower: Record<string, string> = { 'x-client-address': '127.0.0.1' };
    for (const [name, value] of Object.entries(headers)) lower[name.toLowerCase()] = value;
    const init = { method, headers: lower, ...(method === 'GET' || body === null ? {} : { body }) };
    const answer = await backend.handle(new Request(`http://localhost${url}`, init));
    return { status: answer.status, body: parsed(await answer.text()) };
  };
}

export function startServerAgents(backend: Backend, options: Partial<Omit<AgentDriverOptions, 'call'>> = {}): SimulatedAgents {
  return startSimulatedAgents({
    repositories: backend.repositories,
    watched: backend.watched,
    call: inProcessCall(backend),
    onError: (error) => console.error('A simulated agent failed', error),
    ...options,
  });
}
