/** Types of scripts/gen-request-validators.mjs for the freshness test. */
type Output = 'bodies' | 'bodiesTypes' | 'params' | 'paramsTypes' | 'operations';
export declare const CONTRACT_PATH: string;
export declare const OUTPUTS: Record<Output, string>;
export declare function generateRequestValidators(): Record<Output, string>;
