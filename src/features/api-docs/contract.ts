/**
 * The API contract (docs/api/openapi.yaml) as the reference page shows it: operations grouped by tag,
 * schemas as short TypeScript-like texts. Everything becomes React text nodes (no HTML from the
 * document is ever rendered), which keeps the page inside the app's Trusted Types policy.
 */

export interface Parameter {
  name: string;
  in: string;
  required: boolean;
  description: string;
  type: string;
}

/** One example of a body: its name in the document, its summary (may be empty) and its value. */
export interface ExampleDoc {
  name: string;
  summary: string;
  value: unknown;
}

export interface ResponseDoc {
  status: string;
  description: string;
  /** The body's type text, or null for none. */
  type: string | null;
  /** Every example, in the document's order (the first is what a contract server answers by default). */
  examples: ExampleDoc[];
}

export interface OperationDoc {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  auth: 'bearer' | 'optionalBearer' | 'appKey' | 'agent' | 'none';
  parameters: Parameter[];
  requestType: string | null;
  requestExamples: ExampleDoc[];
  responses: ResponseDoc[];
}

export interface TagDoc {
  name: string;
  description: string;
  operations: OperationDoc[];
}

export interface ContractDoc {
  title: string;
  version: string;
  description: string;
  tags: TagDoc[];
  schemas: { name: string; type: string; description: string }[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The name of a `#/components/.../Name` reference. */
const refName = (ref: string) => ref.slice(ref.lastIndexOf('/') + 1);

/** A short TypeScript-like text of a schema; references stay names. */
export function typeText(schema: unknown, depth = 0): string {
  if (!isObject(schema)) return 'unknown';
  if (typeof schema['$ref'] === 'string') return refName(schema['$ref']);
  if ('const' in schema) return JSON.stringify(schema['const']);
  if (Array.isArray(schema['enum'])) return schema['enum'].map((v) => JSON.stringify(v)).join(' | ');
  if (Array.isArray(schema['oneOf'])) return schema['oneOf'].map((s) => typeText(s, depth)).join(' | ');
  if (Array.isArray(schema['allOf'])) return schema['allOf'].map((s) => typeText(s, depth)).join(' & ');
  const type = schema['type'];
  if (Array.isArray(type)) return type.map((t) => typeText(t === 'null' ? { type: 'null' } : { ...schema, type: t }, depth)).join(' | ');
  if (type === 'array') return `${wrap(typeText(schema['items'], depth))}[]`;
  if (type === 'object' || isObject(schema['properties'])) {
    const props = isObject(schema['properties']) ? schema['properties'] : {};
    const required = Array.isArray(schema['required']) ? schema['required'] : [];
    const entries = Object.entries(props);
    if (entries.length === 0) {
      return isObject(schema['additionalProperties']) ? `Record<string, ${typeText(schema['additionalProperties'], depth)}>` : 'object';
    }
    const pad = '  '.repeat(depth + 1);
    const lines = entries.map(([key, value]) => `${pad}${key}${required.includes(key) ? '' : '?'}: ${typeText(value, depth + 1)};`);
    return `{\n${lines.join('\n')}\n${'  '.repeat(depth)}}`;
  }
  if (type === 'integer') return 'integer';
  if (typeof type === 'string') return typeof schema['format'] === 'string' ? `${type} (${schema['format']})` : type;
  return 'unknown';
}

const wrap = (text: string) => (text.includes('|') || text.includes('&') ? `(${text})` : text);

function examplesOf(media: unknown): ExampleDoc[] {
  if (!isObject(media)) return [];
  if ('example' in media) return [{ name: 'example', summary: '', value: media['example'] }];
  const examples = media['examples'];
  if (!isObject(examples)) return [];
  return Object.entries(examples).flatMap(([name, example]) =>
    isObject(example) && 'value' in example ? [{ name, summary: str(example['summary']), value: example['value'] }] : [],
  );
}

/** Reads the document (its data: docs/api/openapi.yaml?parsed) into the page's model. */
export function readContract(doc: unknown): ContractDoc {
  if (!isObject(doc) || !isObject(doc['paths'])) throw new Error('Not an OpenAPI document');
  const components = isObject(doc['components']) ? doc['components'] : {};
  const sharedParams = isObject(components['parameters']) ? components['parameters'] : {};
  const sharedResponses = isObject(components['responses']) ? components['responses'] : {};
  const resolve = (value: unknown, pool: Record<string, unknown>): unknown =>
    isObject(value) && typeof value['$ref'] === 'string' ? pool[refName(value['$ref'])] : value;
  const info = isObject(doc['info']) ? doc['info'] : {};
  const globalSecurity = Array.isArray(doc['security']) ? doc['security'] : [];
  const tagList = Array.isArray(doc['tags']) ? doc['tags'].filter(isObject) : [];
  const tags = new Map<string, TagDoc>(
    tagList.map((t) => [str(t['name']), { name: str(t['name']), description: str(t['description']), operations: [] }]),
  );

  for (const [path, item] of Object.entries(doc['paths'])) {
    if (!isObject(item)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!isObject(op)) continue;
      const security = Array.isArray(op['security']) ? op['security'] : globalSecurity;
      const auth: OperationDoc['auth'] =
        security.length === 0
          ? 'none'
          : security.some((s) => isObject(s) && Object.keys(s).length === 0)
            ? 'optionalBearer'
            : security.some((s) => isObject(s) && 'appKey' in s)
              ? 'appKey'
              : security.some((s) => isObject(s) && 'agentAuth' in s)
                ? 'agent'
                : 'bearer';
      const parameters = (Array.isArray(op['parameters']) ? op['parameters'] : [])
        .map((p) => resolve(p, sharedParams))
        .filter(isObject)
        .map((p) => ({
          name: str(p['name']),
          in: str(p['in']),
          required: p['required'] === true,
          description: str(p['description']),
          type: typeText(p['schema']),
        }));
      const body =
        isObject(op['requestBody']) && isObject(op['requestBody']['content'])
          ? op['requestBody']['content']['application/json']
          : undefined;
      const responses = Object.entries(isObject(op['responses']) ? op['responses'] : {}).map(([status, raw]) => {
        const response = resolve(raw, sharedResponses);
        const media = isObject(response) && isObject(response['content']) ? response['content']['application/json'] : undefined;
        return {
          status,
          description: isObject(response) ? str(response['description']) : '',
          type: isObject(media) ? typeText(media['schema']) : null,
          examples: examplesOf(media),
        };
      });
      const operation: OperationDoc = {
        id: str(op['operationId']) || `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        summary: str(op['summary']),
        description: str(op['description']),
        auth,
        parameters,
        requestType: isObject(body) ? typeText(body['schema']) : null,
        requestExamples: examplesOf(body),
        responses,
      };
      const tagName = Array.isArray(op['tags']) && typeof op['tags'][0] === 'string' ? op['tags'][0] : 'Other';
      if (!tags.has(tagName)) tags.set(tagName, { name: tagName, description: '', operations: [] });
      tags.get(tagName)?.operations.push(operation);
    }
  }

  const schemas = Object.entries(isObject(components['schemas']) ? components['schemas'] : {}).map(([name, schema]) => ({
    name,
    type: typeText(schema),
    description: isObject(schema) ? str(schema['description']) : '',
  }));
  return {
    title: str(info['title']),
    version: str(info['version']),
    description: str(info['description']),
    tags: [...tags.values()].filter((t) => t.operations.length > 0),
    schemas,
  };
}

/** The operations whose method, path, summary or id contain the query (case-insensitive). */
export function filterTags(tags: readonly TagDoc[], query: string): TagDoc[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...tags];
  return tags
    .map((tag) => ({
      ...tag,
      operations: tag.operations.filter((op) => `${op.method} ${op.path} ${op.summary} ${op.id}`.toLowerCase().includes(q)),
    }))
    .filter((tag) => tag.operations.length > 0);
}
