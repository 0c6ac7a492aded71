/** The name scripts/bench-server.mjs and scripts/bench-agents.mjs import the units' SQL by. */
export { UNIT_COLUMNS, UNITS_FROM, unitOf, writeUnits } from './units';
