// Answers checked against the document with ajv's JSON Schema 2020-12 dialect, the dialect of
// OpenAPI 3.1: the document is added whole, and a response's schema is compiled by its reference
// into it, so every $ref resolves as a client would resolve it.

import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';

type Json = Record<string, any>;

export interface ResponseCheck {
  /** The schema the answer was checked against (a component name), or why none applies. */
  schema: string;
  errors: ErrorObject[] | null;
}

const DOCUMENT_ID = 'https://paywidgets.test/openapi.json';

export function responseValidator(document: Json) {
  // x- keywords are the document's extensions, not schema vocabulary; strict mode would refuse them.
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: false });
  ajv.addSchema(document, DOCUMENT_ID);
  const compiled = new Map<string, ValidateFunction>();
  const compile = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) {
      validate = ajv.compile({ $ref: `${DOCUMENT_ID}${ref}` });
      compiled.set(ref, validate);
    }
    return validate;
  };

  /** The response object the document gives for a method, path and status, with $refs followed. */
  function responseOf(path: string, method: string, status: number): Json | undefined {
    const operation = document.paths[path]?.[method.toLowerCase()];
    let response = operation?.responses?.[String(status)];
    if (response?.$ref) response = document.components.responses[String(response.$ref).split('/').pop()!];
    return response;
  }

  /** A schema of the document (a request body's, a parameter's), its local references made absolute. */
  function absolute(schema: unknown): unknown {
    if (Array.isArray(schema)) return schema.map(absolute);
    if (!schema || typeof schema !== 'object') return schema;
    return Object.fromEntries(
      Object.entries(schema).map(([key, value]) => [key, key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOCUMENT_ID}${value}` : absolute(value)]),
    );
  }

  return {
    responseOf,
    /** Errors of a value against a schema taken from the document, or null. */
    checkSchema(schema: Json, value: unknown): ErrorObject[] | null {
      const validate = ajv.compile(absolute(schema) as Json);
      return validate(value) ? null : (validate.errors ?? null);
    },
    check(path: string, method: string, status: number, contentType: string, body: unknown): ResponseCheck {
      const response = responseOf(path, method, status);
      if (!response) return { schema: `no response ${status} for ${method} ${path}`, errors: [{ message: 'undocumented status' } as ErrorObject] };
      const type = contentType.split(';')[0]!.trim();
      const media = response.content?.[type];
      if (!media) return { schema: `no ${type} content`, errors: [{ message: `undocumented content type ${type}` } as ErrorObject] };
      const ref = String(media.schema.$ref);
      const validate = compile(ref);
      return { schema: ref, errors: validate(body) ? null : (validate.errors ?? null) };
    },
  };
}
