/** Types of scripts/gen-api-types.mjs for the freshness test. */
export declare const CONTRACT_PATH: string;
export declare const TYPES_PATH: string;
export declare function generateApiTypes(): Promise<string>;
