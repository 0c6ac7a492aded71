/**
 * The embedded backend (Mirage, through Pretender's fetch in jsdom) against the contract: the one suite of
 * support/contract-suite.ts, which server/contract.test.ts runs against the Node server.
 */
import { defineContractSuite } from './support/contract-suite';
import { mirageBackend } from './support/mirage-harness';

defineContractSuite(mirageBackend);
