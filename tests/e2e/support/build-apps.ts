import { build, E2E_BUILDS } from './builds';

// `npm run test:e2e:build`: the suite's OIDC and remote builds side by side (part of a build runs on one thread, so two
// at once on 2 cores end sooner than one after the other), for a run with E2E_OIDC_BUILT=1 E2E_REMOTE_BUILT=1.
const started = Date.now();
const results = await Promise.allSettled(
  Object.entries(E2E_BUILDS).map(async ([name, spec]) => {
    const seconds = await build(spec);
    console.info(`${name}: ${spec.outDir} in ${seconds.toFixed(1)} s`);
  }),
);
const failed = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
for (const { reason } of failed) console.error(reason instanceof Error ? reason.message : String(reason));
console.info(`e2e builds: ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exitCode = failed.length > 0 ? 1 : 0;
