import { AgentSetupError, runAgent } from './agent';
import { parseAgentArgs, USAGE, UsageError } from './args';
import { CredentialFileError } from './credential';

/** `npm run agent -- --server URL --enrol TOKEN`: runs the agent until SIGINT/SIGTERM (docs/agent.md). */

const log = {
  info: (message: string) => console.info(`sua-agent: ${message}`),
  warn: (message: string) => console.warn(`sua-agent: ${message}`),
};

async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseAgentArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(`sua-agent: ${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.help) {
    console.info(USAGE);
    return 0;
  }

  // A signal aborts every call in flight (the long poll too) and ends the loops. Ctrl+C under `npm run` can arrive
  // twice (from the terminal and forwarded by npm), so only a signal more than 2 s after the first stops at once.
  const stop = new AbortController();
  let stoppingSince = 0;
  const onSignal = (name: NodeJS.Signals) => {
    if (stop.signal.aborted) {
      if (Date.now() - stoppingSince > 2_000) process.exit(130);
      return;
    }
    stoppingSince = Date.now();
    log.info(`${name}: stopping.`);
    stop.abort(new Error(`Stopped by ${name}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  try {
    const end = await runAgent(parsed.options, stop.signal, { log });
    return end === 'revoked' ? 3 : 0;
  } catch (error) {
    if (error instanceof AgentSetupError || error instanceof CredentialFileError) {
      console.error(`sua-agent: ${error.message}`);
      return 2;
    }
    console.error('sua-agent: stopped by an unexpected error:', error);
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

process.exitCode = await main(process.argv.slice(2));
